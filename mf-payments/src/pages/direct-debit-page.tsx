/**
 * /directdebit: SEPA direct debit. Step 1 the form (account holder, IBAN with its
 * checksum checked here too, phone, consent) -> the server sends a 6-digit code by SMS;
 * step 2 the code ("Code ongeldig") -> the payment, whose result shows at ?payment_id=.
 * A blocked IBAN or phone and the per-member limit come back from the server with the product's texts.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiRequestError, isSwallowed } from '@dating/shared-kit/api';
import { useTranslation } from '@dating/shared-kit/i18n';
import { Alert, Button, Checkbox, Select, Spinner, TextField, useCommonT } from '@dating/shared-kit/ui';
import { paymentsApi } from '../api';
import { Page } from '../components/page';
import { PaymentResult } from '../components/payment-result';
import { RefundNote } from '../components/refund-note';
import { useCredits } from '../components/use-credits';
import { useMoney } from '../components/use-money';
import { isValidIban } from '@dating/shared-kit/contracts';
import type { DirectDebitStart } from '@dating/shared-kit/contracts';
import { NAMESPACE } from '../i18n';

// no address: the mandate needs the account holder and the IBAN, the code needs the phone (issue 25)
const FIELDS = ['account_holder', 'iban', 'phone'] as const;
type Field = (typeof FIELDS)[number];
type Form = Record<Field, string> & { package: string; consent: boolean };
type Errors = Partial<Record<Field | 'package' | 'consent', string>>;

const AUTOCOMPLETE: Record<Field, string> = {
  account_holder: 'name',
  iban: 'off',
  phone: 'tel',
};

function DirectDebitForm() {
  const { t } = useTranslation(NAMESPACE);
  const tc = useCommonT();
  const money = useMoney();
  const [search, setSearch] = useSearchParams();
  const { data, error: loadError, loading } = useCredits();
  const [form, setForm] = useState<Form>({
    account_holder: '',
    iban: '',
    phone: '',
    package: search.get('package') ?? '',
    consent: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [otp, setOtp] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (loadError) return <Alert variant="danger">{loadError}</Alert>;
  if (loading && !data) return <Spinner />;
  if (!data) return null;
  if (!data.direct_debit) {
    return <Alert variant="info" title={t('dd.notAvailable')} action={<Link to="/credits">{t('titles.credits')}</Link>} />;
  }
  const packages = data.packages;
  const chosen = packages.find((p) => p.id === form.package) ?? packages.find((p) => p.popular) ?? packages[0];

  const set = (field: keyof Form, value: string | boolean) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const validate = (): Errors => {
    const found: Errors = {};
    for (const field of FIELDS) if (!form[field].trim()) found[field] = tc('form.required');
    if (form.iban.trim() && !isValidIban(form.iban)) found.iban = t('dd.ibanInvalid');
    if (!form.consent) found.consent = t('dd.consentRequired');
    return found;
  };

  /** step 1: the form -> an SMS code (also "send a new code") */
  const request = async () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !chosen) return;
    setBusy(true);
    setFailure(null);
    try {
      const body: DirectDebitStart = {
        account_holder: form.account_holder.trim(),
        iban: form.iban.replace(/[\s-]+/g, '').toUpperCase(),
        phone: form.phone.trim(),
        package: chosen.id,
        consent: true,
      };
      const started = await paymentsApi.directDebit(body);
      setSentTo(started.phone);
      setStep('code');
      setOtp('');
      setOtpError(null);
    } catch (e) {
      if (isSwallowed(e)) return;
      const field = isApiRequestError(e) ? e.field : undefined;
      if (field && (FIELDS as readonly string[]).includes(field)) {
        setErrors({ [field]: (e as Error).message });
        setStep('form');
      } else setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  /** step 2: the SMS code -> the payment */
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(otp.trim())) {
      setOtpError(t('dd.codeInvalid'));
      return;
    }
    setBusy(true);
    setOtpError(null);
    setFailure(null);
    try {
      const { payment } = await paymentsApi.directDebitConfirm(otp.trim());
      setSearch({ payment_id: String(payment.id) });
    } catch (e) {
      if (isSwallowed(e)) return;
      if (isApiRequestError(e) && (e.field === 'otp' || e.code.startsWith('sms_code'))) setOtpError(e.message);
      else setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const failureAlert = failure ? (
    <Alert variant="danger" action={chosen ? <Link to={`/credits/${encodeURIComponent(chosen.id)}`}>{t('dd.otherMethod')}</Link> : null}>
      {failure}
    </Alert>
  ) : null;

  if (step === 'code') {
    return (
      <form onSubmit={(e) => void confirm(e)} noValidate css={{ maxWidth: 420 }}>
        <p>{t('dd.codeSent', { phone: sentTo || form.phone })}</p>
        {failureAlert}
        <TextField
          label={t('dd.code')}
          value={otp}
          onChange={(e) => {
            setOtp(e.target.value);
            setOtpError(null);
          }}
          error={otpError ?? undefined}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
          <Button type="submit" loading={busy}>
            {t('dd.confirm')}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => void request()}>
            {t('dd.resend')}
          </Button>
          <Button variant="link" disabled={busy} onClick={() => setStep('form')}>
            {t('dd.edit')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void request();
      }}
      noValidate
      css={{ maxWidth: 560 }}
    >
      <Select
        label={t('dd.package')}
        value={chosen?.id ?? ''}
        onChange={(e) => set('package', e.target.value)}
        options={packages.map((p) => ({
          value: p.id,
          label: t('dd.packageOption', { credits: p.credits, price: money(p.amount, data.currency) }),
        }))}
      />
      {FIELDS.map((field) => (
        <TextField
          key={field}
          label={t(`dd.fields.${field}`)}
          value={form[field]}
          onChange={(e) => set(field, e.target.value)}
          error={errors[field]}
          autoComplete={AUTOCOMPLETE[field]}
          required
          type={field === 'phone' ? 'tel' : 'text'}
          inputMode={field === 'phone' ? 'tel' : undefined}
          maxLength={field === 'iban' ? 42 : 120}
        />
      ))}
      <Checkbox label={t('dd.consent')} checked={form.consent} onChange={(e) => set('consent', e.target.checked)} error={errors.consent} />
      {failureAlert}
      <Button type="submit" size="lg" loading={busy}>
        {t('dd.sendCode')}
      </Button>
      <RefundNote />
    </form>
  );
}

export function DirectDebitPage() {
  const { t } = useTranslation(NAMESPACE);
  const [search] = useSearchParams();
  const paymentId = search.get('payment_id');
  return (
    <Page title={t('titles.directDebit')} intro={paymentId ? undefined : t('dd.intro')}>
      {paymentId ? <PaymentResult key={paymentId} paymentId={paymentId} /> : <DirectDebitForm />}
    </Page>
  );
}
