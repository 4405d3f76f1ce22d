import type { ReactNode } from 'react';
import { bus } from '@dating/shared-kit/bus';
import { useTranslation } from '@dating/shared-kit/i18n';
import { useSession } from '@dating/shared-kit/state';
import { Alert, Button } from '@dating/shared-kit/ui';

/**
 * A page's failed load (the server's translated message). A visitor also gets a login button:
 * on a site without logged-out browsing, logging in is what the refusal asks for.
 */
export function ErrorAlert({ children }: { children: ReactNode }) {
  const { t } = useTranslation('members');
  const user = useSession();
  const login = user ? undefined : (
    <Button size="sm" onClick={() => bus.emit('login:open', {})}>
      {t('common.login')}
    </Button>
  );
  return (
    <Alert variant="danger" action={login}>
      {children}
    </Alert>
  );
}
