/**
 * The form of /complaints (POST /api/complaints.php): name, e-mail, subject and message, sent
 * with the page's language (the answer mail is written in it). A logged-in member's e-mail is
 * filled in. The server checks the input (ZComplaintRequest) and names the field that failed.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiRequestError } from '@dating/shared-kit/api';
import { ZComplaintCreated } from '@dating/shared-kit/contracts';
import { toLanguage } from '@dating/shared-kit/i18n';
import { useSession } from '@dating/shared-kit/state';
import { Alert, Button, TextArea, TextField, errorText } from '@dating/shared-kit/ui';
import { NAMESPACE } from '../i18n';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
type Field = (typeof FIELDS)[number];

export function ComplaintForm() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const session = useSession();
  const [values, setValues] = useState<Record<Field, string>>({
    name: session?.profile.name ?? '',
    email: session?.email ?? '',
    subject: '',
    message: '',
  });
  const [error, setError] = useState<{ field: Field | null; message: string } | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.post('/api/complaints.php', { ...values, language: toLanguage(i18n.language) ?? undefined }, ZComplaintCreated);
      setSent(true);
    } catch (err) {
      const message = errorText(err);
      if (!message) return;
      const field = err instanceof ApiRequestError && (FIELDS as readonly string[]).includes(err.field ?? '') ? (err.field as Field) : null;
      setError({ field, message });
      if (field) document.getElementById(`complaint-${field}`)?.focus();
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Alert variant="success" title={t('complaintForm.sentTitle')} role="status">
        {t('complaintForm.sent', { email: values.email })}
      </Alert>
    );
  }
  const set = (field: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const fieldError = (field: Field) => (error?.field === field ? error.message : undefined);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="complaint-form-title" css={{ margin: '1.5rem 0' }}>
      <h2 id="complaint-form-title">{t('complaintForm.title')}</h2>
      {error && !error.field ? <p role="alert">{error.message}</p> : null}
      <TextField
        id="complaint-name"
        label={t('complaintForm.name')}
        autoComplete="name"
        maxLength={100}
        required
        value={values.name}
        onChange={set('name')}
        error={fieldError('name')}
      />
      <TextField
        id="complaint-email"
        label={t('complaintForm.email')}
        type="email"
        autoComplete="email"
        maxLength={254}
        required
        value={values.email}
        onChange={set('email')}
        error={fieldError('email')}
      />
      <TextField
        id="complaint-subject"
        label={t('complaintForm.subject')}
        maxLength={150}
        required
        value={values.subject}
        onChange={set('subject')}
        error={fieldError('subject')}
      />
      <TextArea
        id="complaint-message"
        label={t('complaintForm.message')}
        hint={t('complaintForm.messageHint')}
        rows={6}
        maxLength={5000}
        required
        value={values.message}
        onChange={set('message')}
        error={fieldError('message')}
      />
      <Button type="submit" disabled={busy}>
        {t('complaintForm.send')}
      </Button>
    </form>
  );
}
