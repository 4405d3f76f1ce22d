/**
 * /credits/:id/:paymentmethod?: the chosen package, the payment methods the PSP offers
 * in the member's payment country, the bank where the method has a choice, then the PSP's hosted
 * checkout. Back from the checkout (`?payment_id=`), the same route shows the result.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { PaymentMethod } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Button, Select, Spinner, buttonStyles, errorText } from '@dating/shared-kit/ui';
import { startCheckout } from '../components/checkout';
import { Page } from '../components/page';
import { PaymentResult } from '../components/payment-result';
import { Price } from '../components/price';
import { RefundNote } from '../components/refund-note';
import { useCredits } from '../components/use-credits';
import { useDiscountCode } from '../discount';
import { NAMESPACE } from '../i18n';

/** `byPointer`: chosen with a tap or click (not with the arrow keys, which move through the tiles). */
function MethodChoice({
  methods,
  selected,
  onChoose,
}: {
  methods: readonly PaymentMethod[];
  selected: string | undefined;
  onChoose: (m: PaymentMethod, byPointer: boolean) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const pointer = useRef(false);
  return (
    <fieldset
      css={{ border: 0, padding: 0, margin: '0 0 1.25rem' }}
      onPointerDown={() => {
        pointer.current = true;
      }}
      onKeyDown={() => {
        pointer.current = false;
      }}
    >
      <legend css={{ fontWeight: 700, fontSize: '1.125rem', marginBottom: '0.75rem' }}>{t('checkout.methods')}</legend>
      <div css={{ display: 'grid', gap: '0.5rem', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
        {methods.map((method) => (
          <label
            key={method}
            css={{
              display: 'flex',
              alignItems: 'center',
              gap: '0.6rem',
              padding: '0.75rem 1rem',
              borderRadius: radii.md,
              cursor: 'pointer',
              background: colors.surface,
              border: `2px solid ${selected === method ? colors.primary : colors.border}`,
              '&:focus-within': { boxShadow: `0 0 0 3px rgba(229, 48, 122, 0.35)` },
            }}
          >
            <input
              type="radio"
              name="method"
              value={method}
              checked={selected === method}
              onChange={() => onChoose(method, pointer.current)}
              css={{ accentColor: colors.primary }}
            />
            {t(`methods.${method}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Checkout({ packageId, method: routeMethod }: { packageId: string; method: string | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [code] = useDiscountCode();
  const { data, error, loading } = useCredits();
  const [issuer, setIssuer] = useState('');
  const [issuerError, setIssuerError] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // the choice shows at once; the URL (/credits/:id/:method) follows, so a reload keeps it
  const [method, setMethod] = useState(routeMethod);
  useEffect(() => setMethod(routeMethod), [routeMethod]);
  // issue 29 item 5: on a phone the bank list and the pay button appeared below nine method tiles,
  // off screen. After a choice the next step scrolls into view; after a tap focus moves on to the
  // bank list (arrow keys keep it in the tiles, where they move the choice)
  const nextStep = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<{ method: string; byPointer: boolean } | null>(null);
  useEffect(() => {
    const step = nextStep.current;
    // once the URL names the choice (react-router commits it in a transition, after the choice
    // itself), and a frame later: the shell scrolls to the top on a path change in its own effect,
    // which runs after this one
    if (!chosen || !step || chosen.method !== routeMethod) return;
    const frame = requestAnimationFrame(() => {
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      step.scrollIntoView?.({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
      // the bank list, or the link on to the direct-debit form; without a bank list the pay button waits in view
      if (chosen.byPointer) step.querySelector<HTMLElement>('select, a[href]:not([href^="/pages/"])')?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [chosen, routeMethod]);

  if (error) return <Alert variant="danger">{error}</Alert>;
  if (loading && !data) return <Spinner />;
  if (!data) return null;
  const pkg = data.packages.find((p) => p.id === packageId);
  if (!pkg) {
    return (
      <Alert variant="danger" title={t('checkout.unknownPackage')} action={<Link to="/credits">{t('checkout.choosePackage')}</Link>} />
    );
  }
  const offered = data.methods.find((m) => m.id === method);
  const issuers = offered?.issuers ?? [];

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!offered) return;
    if (issuers.length > 0 && !issuer) {
      setIssuerError(t('checkout.chooseBank'));
      return;
    }
    setBusy(true);
    setPayError(null);
    try {
      await startCheckout({
        package: pkg.id,
        method: offered.id,
        ...(issuer ? { issuer } : {}),
        ...(code ? { discount_code: code } : {}),
      });
    } catch (e) {
      setPayError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <>
      <section
        aria-label={t('checkout.summary')}
        css={{ display: 'flex', gap: '1rem', alignItems: 'baseline', flexWrap: 'wrap', marginBottom: '1.5rem' }}
      >
        <h2 css={{ margin: 0, fontSize: '1.375rem' }}>{t('packages.credits', { credits: pkg.credits })}</h2>
        <Price amount={pkg.amount} original={pkg.original_amount} currency={data.currency} />
        <Link to="/credits" css={{ fontSize: '0.875rem' }}>
          {t('checkout.otherPackage')}
        </Link>
      </section>
      {data.methods.length === 0 ? <Alert variant="warning">{t('checkout.noMethods')}</Alert> : null}
      <MethodChoice
        methods={data.methods.map((m) => m.id)}
        selected={offered?.id}
        onChoose={(m, byPointer) => {
          setMethod(m);
          setChosen({ method: m, byPointer });
          setIssuer('');
          setIssuerError(null);
          void navigate(`/credits/${encodeURIComponent(pkg.id)}/${m}`, { replace: true });
        }}
      />
      {method && !offered ? <Alert variant="warning">{t('checkout.methodNotOffered')}</Alert> : null}
      <div ref={nextStep} css={{ scrollMarginBottom: '5rem' }}>
        {offered?.id === 'sdd' ? (
          <div>
            <Link to={`/directdebit?package=${encodeURIComponent(pkg.id)}`} css={buttonStyles('primary', 'lg')}>
              {t('checkout.toDirectDebit')}
            </Link>
            <RefundNote />
          </div>
        ) : offered ? (
          <form onSubmit={(e) => void pay(e)} noValidate css={{ maxWidth: 480 }}>
            {issuers.length > 0 ? (
              <Select
                label={t('checkout.bank')}
                placeholder
                required
                value={issuer}
                error={issuerError ?? undefined}
                onChange={(e) => {
                  setIssuer(e.target.value);
                  setIssuerError(null);
                }}
                options={issuers.map((i) => ({ value: i.id, label: i.name }))}
              />
            ) : null}
            {payError ? <Alert variant="danger">{payError}</Alert> : null}
            <Button type="submit" size="lg" loading={busy}>
              {t('checkout.pay', { method: t(`methods.${offered.id}`) })}
            </Button>
            <RefundNote />
          </form>
        ) : null}
      </div>
    </>
  );
}

export function CheckoutPage() {
  const { t } = useTranslation(NAMESPACE);
  const { id = '', paymentmethod } = useParams();
  const [search] = useSearchParams();
  const paymentId = search.get('payment_id');
  if (paymentId) {
    return (
      <Page title={t('titles.result')}>
        <PaymentResult paymentId={paymentId} />
      </Page>
    );
  }
  return (
    <Page title={t('titles.paymentMethod')}>
      <Checkout packageId={id} method={paymentmethod} />
    </Page>
  );
}
