/** /mail-change/do?token: confirms the new address as soon as the page opens. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert, Spinner } from '@dating/shared-kit/ui';
import { announceUser, authApi } from '../auth-api';
import { Page } from '../components/page';
import { messageOf } from '../form-errors';
import { NAMESPACE } from '../i18n';

export function MailChangePage() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ email?: string; error?: string | null }>({});
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!/^[A-Za-z0-9_-]{10,200}$/.test(token)) {
      setState({ error: t('errors.mail_change_invalid') });
      return;
    }
    authApi
      .confirmMailChange(token)
      .then((r) => {
        if (r.user) announceUser(r.user);
        setState({ email: r.email_changed ?? '' });
      })
      .catch((err: unknown) => setState({ error: messageOf(err, t) }));
  }, [token, t]);

  return (
    <Page title={t('mailChange.title')}>
      {state.email !== undefined ? (
        <>
          <Alert variant="success" role="status">
            {t('mailChange.done', { email: state.email })}
          </Alert>
          <p>
            <Link to="/account">{t('mailChange.toAccount')}</Link>
          </p>
        </>
      ) : state.error ? (
        <>
          <Alert variant="danger" role="alert">
            {state.error}
          </Alert>
          <p>
            <Link to="/account/email">{t('mailChange.retry')}</Link>
          </p>
        </>
      ) : (
        <Spinner label={t('mailChange.busy')} />
      )}
    </Page>
  );
}
