/**
 * ./SignupModal: sign-up as a modal on desktop (>= 768 px). Opened by the bus event `signup:open`;
 * on a phone the same event goes to the /signup page instead. While sign-up is under way
 * (past the first step, or the account being created) neither the backdrop nor Escape closes it;
 * an explicit close button does (except while the account is being created).
 */
import '../i18n';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { bus } from '@dating/shared-kit/bus';
import { getSession } from '@dating/shared-kit/state';
import { Button, Modal } from '@dating/shared-kit/ui';
import { NAMESPACE } from '../i18n';
import { SignupFlow } from '../signup/signup-flow';
import { LoginReasonNote } from '../signup/login-reason';
import type { LoginReason } from '../signup/login-reason';
import { captureTracking } from '../tracking';
import { PasskeyLoginButton } from '../passkeys/passkey-login-button';
import { isDesktop } from '../use-viewport';

export default function SignupModal() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState(0);
  const [messageTo, setMessageTo] = useState<number | undefined>(undefined);
  const [reason, setReason] = useState<LoginReason | undefined>(undefined);
  const { search } = useLocation();

  // this widget is on every page: keep the landing URL's tracking data (network, ref, sub1-3)
  useEffect(() => {
    captureTracking(search);
  }, [search]);

  useEffect(
    () =>
      bus.on('signup:open', (event) => {
        if (getSession()) return;
        const memberSignup = /^\/members\/(\d+)\/signup/.exec(window.location.pathname);
        setMessageTo(memberSignup ? Number(memberSignup[1]) : undefined);
        setReason(event.reason);
        if (isDesktop()) setOpen(true);
        else void navigate(event.reason ? `/signup?reason=${event.reason}` : '/signup');
      }),
    [navigate],
  );

  const close = useCallback(() => {
    if (!busy) setOpen(false);
  }, [busy]);

  return (
    <Modal open={open} onClose={close} title={t('signup.title')} dismissible={!busy && step === 0} size="md">
      {step === 0 && <LoginReasonNote reason={reason} />}
      <SignupFlow
        onBusyChange={setBusy}
        onStepChange={setStep}
        messageTo={messageTo}
        onFinish={() => {
          setOpen(false);
          void navigate('/signup-matches');
        }}
        footer={
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', alignItems: 'center', marginTop: 12 }}>
            <Button
              variant="link"
              onClick={() => {
                setOpen(false);
                void navigate('/login');
              }}
            >
              {t('signup.alreadyMember')} {t('signup.login')}
            </Button>
            <PasskeyLoginButton
              onLoggedIn={() => {
                setOpen(false);
                void navigate('/members');
              }}
            />
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('signup.close')}
            </Button>
          </div>
        }
      />
    </Modal>
  );
}
