/**
 * /credits/repeat-order: buy again in one click with the card saved at an earlier card
 * payment (a recurring payment on its mandate). The result shows as on the checkout's return;
 * a failed recurring payment offers a retry or PayPal.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '@dating/shared-kit/i18n';
import { Alert, Button, Spinner, errorText } from '@dating/shared-kit/ui';
import { paymentsApi } from '../api';
import { PackageList } from '../components/package-list';
import { Page } from '../components/page';
import { PaymentResult } from '../components/payment-result';
import { RefundNote } from '../components/refund-note';
import { useCredits } from '../components/use-credits';
import { useMoney } from '../components/use-money';
import type { PackageId } from '@dating/shared-kit/contracts';
import { NAMESPACE } from '../i18n';

export function RepeatOrderPage() {
  const { t } = useTranslation(NAMESPACE);
  const money = useMoney();
  const [search, setSearch] = useSearchParams();
  const paymentId = search.get('payment_id');
  const { data, error, loading } = useCredits();
  const [busy, setBusy] = useState<string | null>(null);
  const [buyError, setBuyError] = useState<string | null>(null);

  /** the recurring payment; its result shows at ?payment_id= */
  const order = async (pkg: PackageId) => {
    const { payment } = await paymentsApi.repeatOrder(pkg);
    setSearch({ payment_id: String(payment.id) });
  };

  const buy = async (pkg: PackageId) => {
    setBusy(pkg);
    setBuyError(null);
    try {
      await order(pkg);
    } catch (e) {
      setBuyError(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  if (paymentId) {
    return (
      <Page title={t('titles.repeatOrder')}>
        <PaymentResult key={paymentId} paymentId={paymentId} retry={(payment) => order(payment.package)} />
      </Page>
    );
  }

  return (
    <Page
      title={t('titles.repeatOrder')}
      intro={data?.saved_card ? t('repeat.intro', { card: `${data.saved_card.label} •••• ${data.saved_card.last4}` }) : undefined}
    >
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {loading && !data ? <Spinner /> : null}
      {data && !data.saved_card ? (
        <Alert variant="info" title={t('repeat.noCard')} action={<Link to="/credits">{t('titles.credits')}</Link>} />
      ) : null}
      {buyError ? <Alert variant="danger">{buyError}</Alert> : null}
      {data?.saved_card ? (
        <>
          <PackageList
            packages={data.packages}
            currency={data.currency}
            action={(pkg) => (
              <Button
                fullWidth
                variant={pkg.popular ? 'primary' : 'outline'}
                loading={busy === pkg.id}
                disabled={busy !== null}
                onClick={() => void buy(pkg.id)}
                aria-label={t('repeat.buyLabel', { credits: pkg.credits, price: money(pkg.amount, data.currency) })}
              >
                {t('repeat.buy')}
              </Button>
            )}
          />
          <RefundNote />
        </>
      ) : null}
    </Page>
  );
}
