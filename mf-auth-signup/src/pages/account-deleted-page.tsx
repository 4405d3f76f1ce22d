/** /account-deleted (after deleting; with ?token from the mail: reactivate within 14 days). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button } from '@dating/shared-kit/ui';
import { announceLogin, authApi } from '../auth-api';
import { Page } from '../components/page';
import { messageOf } from '../form-errors';
import { NAMESPACE } from '../i18n';

export function AccountDeletedPage() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<{ done?: boolean; error?: string | null }>({});
  const [busy, setBusy] = useState(false);

  if (state.done) {
    return (
      <Page title={t('deleted.reactivated')}>
        <p>
          <Link to="/members">{t('deleted.toMembers')}</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={t('deleted.title')}>
      <p>{t('deleted.text')}</p>
      {state.error && (
        <Alert variant="danger" role="alert">
          {state.error}
        </Alert>
      )}
      {token && (
        <>
          <p>{t('deleted.reactivateText')}</p>
          <Button
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                const { user } = await authApi.reactivate(token);
                announceLogin(user);
                setState({ done: true });
              } catch (err) {
                setState({ error: messageOf(err, t) });
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('deleted.reactivate')}
          </Button>
        </>
      )}
    </Page>
  );
}
