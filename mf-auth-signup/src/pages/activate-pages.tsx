/**
 * /activate/done: profile card, get-premium card with discount badge, member overview.
 * /activate/error: 'Activeren mislukt' with a way to get a new activation mail, or, for a reused
 * link of a confirmed member, that the address is already confirmed and the way on.
 */
import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { refreshSession, useSession } from '@dating/shared-kit/state';
import { Alert, Badge, Button, Card } from '@dating/shared-kit/ui';
import { authApi } from '../auth-api';
import { MemberOverview } from '../components/member-overview';
import { linkButton, Page } from '../components/page';
import { messageOf } from '../form-errors';
import { NAMESPACE } from '../i18n';

export function ActivateDonePage() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  useEffect(() => {
    refreshSession().catch(() => undefined);
  }, []);
  return (
    <Page title={t('activate.doneTitle')} wide>
      <Alert variant="success" role="status">
        {t('activate.doneText')}
      </Alert>
      <div
        css={css`
          display: grid;
          gap: 16px;
          grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
          margin: 16px 0;
        `}
      >
        {user && (
          <Card title={t('activate.profileTitle')}>
            <div
              css={css`
                display: flex;
                gap: 12px;
                align-items: center;
              `}
            >
              {user.profile.main_image ? (
                <img
                  src={user.profile.main_image.thumb_filename}
                  alt=""
                  width={72}
                  height={72}
                  css={css`
                    border-radius: 50%;
                    object-fit: cover;
                  `}
                />
              ) : (
                <div
                  aria-hidden="true"
                  css={css`
                    width: 72px;
                    height: 72px;
                    border-radius: 50%;
                    background: #f4dbe7;
                  `}
                />
              )}
              <div>
                <p
                  css={css`
                    margin: 0;
                    font-weight: 700;
                  `}
                >
                  {user.profile.name}
                </p>
                <p
                  css={css`
                    margin: 0;
                  `}
                >
                  {t('activate.age', { age: user.profile.age })}
                </p>
              </div>
            </div>
            <p>
              <Link to="/profile">{t('activate.editProfile')}</Link>
            </p>
          </Card>
        )}
        {user && !user.paid_user && (
          <Card title={t('activate.premiumTitle')}>
            <Badge tone="warning">{t('activate.premiumDiscount')}</Badge>
            <p>{t('activate.premiumText')}</p>
            <Link to="/premium" css={linkButton}>
              {t('activate.premiumCta')}
            </Link>
          </Card>
        )}
      </div>
      <MemberOverview title={t('activate.membersTitle')} />
    </Page>
  );
}

/**
 * /activate/error. `?reason=already_confirmed` (the server's redirect for a reused link of a
 * confirmed member) or a logged-in member whose address is confirmed: say so and offer the way on
 * (the members area, or the login), not a failure. Otherwise: 'Activeren mislukt' once, with a new
 * activation mail for the logged-in member or a login for the visitor.
 */
export function ActivateErrorPage() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const [params] = useSearchParams();
  const [state, setState] = useState<{ ok?: boolean; message?: string | null }>({});
  const [busy, setBusy] = useState(false);
  if (params.get('reason') === 'already_confirmed' || user?.email_confirmed) {
    return (
      <Page title={t('activate.alreadyTitle')}>
        <p>{t('activate.alreadyText')}</p>
        {user ? (
          <Link to="/members" css={linkButton}>
            {t('activate.toMembers')}
          </Link>
        ) : (
          <p>
            {t('activate.loginToContinue')}{' '}
            <Link to="/login" css={linkButton}>
              {t('activate.login')}
            </Link>
          </p>
        )}
      </Page>
    );
  }
  return (
    <Page title={t('activate.errorTitle')}>
      <p>{t('activate.errorText')}</p>
      {state.ok && (
        <Alert variant="success" role="status">
          {t('activate.resent')}
        </Alert>
      )}
      {state.message && (
        <Alert variant="danger" role="alert">
          {state.message}
        </Alert>
      )}
      {user ? (
        <Button
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await authApi.resendActivation();
              setState({ ok: true });
            } catch (err) {
              setState({ message: messageOf(err, t) });
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('activate.resend')}
        </Button>
      ) : (
        <p>
          {t('activate.loginToResend')} <Link to="/login">{t('activate.login')}</Link>
        </p>
      )}
    </Page>
  );
}
