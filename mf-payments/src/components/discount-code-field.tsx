/**
 * Discount code: checked with GET /api/discountcode.php; the server's translated
 * answer is shown ('Code niet gevonden', 'Code reeds gebruikt'). An accepted code is kept for the
 * tab and the packages are priced again by the server.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '@dating/shared-kit/i18n';
import { Alert, Button, TextField, errorText } from '@dating/shared-kit/ui';
import { paymentsApi } from '../api';
import { useDiscountCode } from '../discount';
import { NAMESPACE } from '../i18n';

export function DiscountCodeField() {
  const { t } = useTranslation(NAMESPACE);
  const [code, setCode] = useDiscountCode();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const entered = value.trim();
    if (!entered) {
      setError(t('discount.empty'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const found = await paymentsApi.discountCode(entered);
      setCode(found.code);
      setValue('');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (code) {
    return (
      <Alert
        variant="success"
        title={t('discount.applied', { code })}
        action={
          <Button size="sm" variant="outline" onClick={() => setCode(null)}>
            {t('discount.remove')}
          </Button>
        }
      />
    );
  }
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      css={{ display: 'flex', gap: '0.75rem', alignItems: 'flex-start', flexWrap: 'wrap', maxWidth: 520 }}
    >
      <TextField
        label={t('discount.label')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error ?? undefined}
        autoComplete="off"
        maxLength={64}
        css={{ flex: '1 1 220px', marginBottom: 0 }}
      />
      <Button type="submit" variant="outline" loading={busy} css={{ marginTop: '1.7rem' }}>
        {t('discount.apply')}
      </Button>
    </form>
  );
}
