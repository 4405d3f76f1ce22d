/**
 * The pieces every back-office page uses (issue 15: lists with search, paging and empty states;
 * every action confirms and shows its result), so the staff pages of the four remotes look and
 * behave alike:
 * - `ConfirmDialog`: a named modal (focus trapped) that runs the action, shows its error in place
 *   and closes on success;
 * - `SearchForm`: a labelled search field with a submit button;
 * - `Pager`: previous / next and "page X of Y" for `{ total, page, per_page }` answers;
 * - `ResultMessage`: the polite status line that tells what the last action did.
 */
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { TextField } from './field';
import { Modal } from './modal';
import { useCommonT } from './use-common-translation';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** what will happen, in words */
  children?: ReactNode;
  confirmLabel: string;
  /** 'danger' for what cannot be undone */
  tone?: 'primary' | 'danger';
  /** runs the action; a rejection shows its message in the dialog and keeps it open */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, tone = 'primary', onConfirm, onClose }: ConfirmDialogProps) {
  const t = useCommonT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      size="sm"
      footer={
        <div css={{ display: 'flex', gap: '0.5rem', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button variant="outline" onClick={close} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      }
    >
      {children}
      {error && (
        <Alert variant="danger" css={{ marginTop: '0.75rem' }}>
          {error}
        </Alert>
      )}
    </Modal>
  );
}

export interface SearchFormProps {
  label: string;
  initial?: string;
  placeholder?: string;
  onSearch: (q: string) => void;
}

export function SearchForm({ label, initial = '', placeholder, onSearch }: SearchFormProps) {
  const t = useCommonT();
  const [q, setQ] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(q.trim());
  };
  return (
    <form role="search" onSubmit={submit} css={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-end', flexWrap: 'wrap' }}>
      <TextField label={label} type="search" value={q} placeholder={placeholder} onChange={(e) => setQ(e.target.value)} css={{ flex: '1 1 16rem' }} />
      <Button type="submit" variant="outline">
        {t('actions.search')}
      </Button>
    </form>
  );
}

export interface PagerProps {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pager({ page, perPage, total, onPage }: PagerProps) {
  const t = useCommonT();
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav aria-labelledby={id} css={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
      <span id={id}>{t('paging.pageOf', { page, pages })}</span>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('actions.previous')}
      </Button>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('actions.next')}
      </Button>
    </nav>
  );
}

/** The result of the last action, announced politely; `tone` 'danger' for a refusal. */
export function ResultMessage({ message, tone = 'success', onDismiss }: { message: string | null; tone?: 'success' | 'danger'; onDismiss?: () => void }) {
  if (!message) return <div role="status" aria-live="polite" />;
  return (
    <Alert variant={tone} role="status" onDismiss={onDismiss}>
      {message}
    </Alert>
  );
}
