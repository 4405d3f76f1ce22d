/**
 * The staff pages' shared pieces: the confirm dialog every action goes through (a named dialog
 * with its focus trapped: shared-kit's Modal), the result message, and the page frame.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors } from '@dating/shared-kit/theme';
import { Alert, Button, Modal } from '@dating/shared-kit/ui';
import type { ButtonVariant } from '@dating/shared-kit/ui';
import { errorText } from '../components/use-async';
import { STAFF_NAMESPACE } from './i18n';

export const useStaffT = () => useTranslation(STAFF_NAMESPACE);

export interface ConfirmProps {
  title: string;
  /** the confirm button's text */
  confirm: string;
  variant?: ButtonVariant;
  children?: ReactNode;
  onClose: () => void;
  /** the action; its error (the server's translated message) shows in the dialog, which stays open */
  onConfirm: () => Promise<void>;
}

/** "Are you sure?" with the action's own fields; a form, so Enter confirms. */
export function ConfirmDialog({ title, confirm, variant = 'primary', children, onClose, onConfirm }: ConfirmProps) {
  const { t } = useStaffT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formId = `confirm-${title.length}-${confirm.length}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} variant={variant} loading={busy}>
            {confirm}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(e) => void submit(e)}
        css={css`
          display: grid;
          gap: 12px;
        `}
      >
        {children}
        {error && <Alert variant="danger">{error}</Alert>}
      </form>
    </Modal>
  );
}

/** The result of the last action, announced (role=status); an error as an alert. */
export function ResultMessage({ result }: { result: { ok: boolean; text: string } | null }) {
  if (!result)
    return (
      <p
        role="status"
        css={css`
          margin: 0;
          min-height: 1.5em;
        `}
      />
    );
  return result.ok ? (
    <p
      role="status"
      css={css`
        margin: 0;
        min-height: 1.5em;
        color: ${colors.success};
        font-weight: 600;
      `}
    >
      {result.text}
    </p>
  ) : (
    <Alert variant="danger">{result.text}</Alert>
  );
}

/** A staff page: its heading and a width that suits a tablet as well as a desktop. */
export function StaffPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-labelledby="staff-page-title"
      css={css`
        max-width: 1100px;
        margin: 0 auto;
        display: grid;
        gap: 16px;
      `}
    >
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 8px 16px;
          align-items: center;
          justify-content: space-between;
        `}
      >
        <h1
          id="staff-page-title"
          css={css`
            margin: 0;
            font-size: 1.5rem;
          `}
        >
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** For a cell whose long text (an e-mail address) may break anywhere rather than widen the table. */
export const anywhere = css`
  overflow-wrap: anywhere;
`;
