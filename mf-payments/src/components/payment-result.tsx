/**
 * The result of a payment: loading, pending ("processing", asked again every 2 s),
 * completed (the credits added; the session is reloaded, so the member is premium at once), failed
 * or cancelled ("try another method"). A failed card payment says 'Creditcard betaling mislukt'
 * and offers a retry and PayPal.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { bus } from '@dating/shared-kit/bus';
import { useTranslation } from '@dating/shared-kit/i18n';
import { refreshSession, useSession } from '@dating/shared-kit/state';
import { Alert, Button, Spinner, buttonStyles, errorText } from '@dating/shared-kit/ui';
import { paymentsApi } from '../api';
import { FINAL_PAYMENT_STATUSES } from '@dating/shared-kit/contracts';
import type { Payment, PaymentStatus } from '@dating/shared-kit/contracts';
import { NAMESPACE } from '../i18n';
import { isCardMethod } from '../lib/methods';
import { startCheckout } from './checkout';

export const POLL_INTERVAL_MS = 2000;
/** After this long pending (a bank may take a while), stop asking and offer to look again. */
export const POLL_FOR_MS = 120_000;
const FINAL: ReadonlySet<PaymentStatus> = new Set(FINAL_PAYMENT_STATUSES);

/** Paid and the credits on the balance (`credits` comes once the server credited it). */
const credited = (p: Payment) => p.status === 'paid' && p.credits !== undefined;
/** Nothing will change any more: failed/canceled/expired, or paid and credited. */
const settled = (p: Payment) => FINAL.has(p.status) && (p.status !== 'paid' || credited(p));

export interface PaymentResultProps {
  paymentId: number | string;
  /** "try again" for this kind of payment (default: a new checkout with the same package and method) */
  retry?: (payment: Payment) => Promise<void>;
}

export function PaymentResult({ paymentId, retry }: PaymentResultProps) {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const [payment, setPayment] = useState<Payment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'retry' | 'paypal' | null>(null);
  const [stalled, setStalled] = useState(false);
  const [round, setRound] = useState(0);
  const announced = useRef(false);

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const until = Date.now() + POLL_FOR_MS;
    setStalled(false);
    const load = async () => {
      try {
        const info = await paymentsApi.payment(paymentId);
        if (!alive) return;
        setPayment(info);
        setError(null);
        if (credited(info) && !announced.current) {
          announced.current = true;
          // the server credited and made the member premium: take its word for both
          const fresh = await refreshSession().catch(() => null);
          if (fresh) bus.emit('payment:completed', { credits: fresh.credits });
        }
        if (settled(info)) return;
        if (Date.now() < until) timer = setTimeout(() => void load(), POLL_INTERVAL_MS);
        else setStalled(true);
      } catch (e) {
        if (!alive) return;
        setError(errorText(e));
      }
    };
    void load();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [paymentId, round]);

  const run = async (kind: 'retry' | 'paypal', action: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null); // also when the browser comes back to this page from its cache
    }
  };

  if (error && !payment) return <Alert variant="danger">{error}</Alert>;
  if (!payment) return <Spinner label={t('result.loading')} />;

  if (credited(payment)) {
    return (
      <Alert
        variant="success"
        title={t('result.paidTitle')}
        action={
          <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
            <Link to="/members" css={buttonStyles('primary', 'sm')}>
              {t('result.toMembers')}
            </Link>
            <Link to="/transactions" css={buttonStyles('outline', 'sm')}>
              {t('titles.transactions')}
            </Link>
          </div>
        }
      >
        <p css={{ margin: 0 }}>{t('result.paidText', { credits: payment.credits })}</p>
        {user ? <p css={{ margin: '0.25rem 0 0' }}>{t('result.balance', { credits: user.credits })}</p> : null}
      </Alert>
    );
  }

  if (!settled(payment)) {
    return (
      <div role="status" css={{ display: 'flex', gap: '0.75rem', alignItems: 'center' }}>
        <Spinner decorative />
        <div>
          <p css={{ margin: 0, fontWeight: 700 }}>{t('result.pendingTitle')}</p>
          <p css={{ margin: 0 }}>{t('result.pendingText')}</p>
          {stalled ? (
            <Button size="sm" variant="outline" css={{ marginTop: '0.5rem' }} onClick={() => setRound((n) => n + 1)}>
              {t('result.checkAgain')}
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  const card = payment.status === 'failed' && isCardMethod(payment.method);
  const again = retry ?? ((p: Payment) => startCheckout({ package: p.package, method: p.method }));
  return (
    <Alert
      variant="danger"
      title={
        card
          ? t('result.cardFailedTitle')
          : payment.status === 'canceled'
            ? t('result.canceledTitle')
            : payment.status === 'expired'
              ? t('result.expiredTitle')
              : t('result.failedTitle')
      }
      action={
        card ? (
          <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
            <Button size="sm" loading={busy === 'retry'} disabled={busy !== null} onClick={() => void run('retry', () => again(payment))}>
              {t('result.retry')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              loading={busy === 'paypal'}
              disabled={busy !== null}
              onClick={() => void run('paypal', () => startCheckout({ package: payment.package, method: 'paypal' }))}
            >
              {t('result.paypal')}
            </Button>
          </div>
        ) : (
          <Link to={`/credits/${encodeURIComponent(payment.package)}`} css={buttonStyles('primary', 'sm')}>
            {t('result.otherMethod')}
          </Link>
        )
      }
    >
      <p css={{ margin: 0 }}>{t(`result.status.${payment.status as 'failed' | 'canceled' | 'expired'}`)}</p>
      {error ? <p css={{ margin: '0.5rem 0 0', fontWeight: 600 }}>{error}</p> : null}
    </Alert>
  );
}
