import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@dating/shared-kit/ui';

/** Provided by RemoteBoundary: re-attempts loading/rendering the remote it surrounds. */
export const RemoteRetryContext = createContext<(() => void) | null>(null);

/** "This part of the site is unavailable" + retry. Used by all three failure layers. */
export function ModuleUnavailable({ remote, onRetry }: { remote: string; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  const contextRetry = useContext(RemoteRetryContext);
  const retry = onRetry ?? contextRetry ?? (() => window.location.reload());
  return (
    <section
      role="alert"
      data-remote-unavailable={remote}
      css={{ padding: '2rem 1rem', textAlign: 'center', display: 'grid', gap: '1rem', justifyItems: 'center' }}
    >
      <p css={{ margin: 0, fontSize: '1.1rem' }}>{t('errors.moduleUnavailable')}</p>
      <Button onClick={retry}>{t('errors.retry')}</Button>
    </section>
  );
}
