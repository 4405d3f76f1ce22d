/**
 * The pieces every back-office page uses (issue 15: lists with search, paging and empty states;
 * every action confirms and shows its result), so the staff pages of the four remotes look and
 * behave alike:
 * - `ConfirmDialog`: a named modal (focus trapped) that runs the action, shows its error in place
 *   and closes on success;
 * - `SearchForm`: a labelled search field with a submit button;
 * - `Pager`: previous / next and "page X of Y" for `{ total, page, per_page }` answers;
 * - `ResultMessage`: the polite status line that tells what the last action did;
 * - `StaffTable` (with `staffCell` for its cells): a captioned table that scrolls sideways on a
 *   narrow screen, or the list's empty state;
 * - `useFilteredPage`: a whole list searched in the browser and cut into pages of STAFF_PAGE_SIZE.
 */
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { colors } from '../theme/theme';
import { Alert } from './alert';
import { Button } from './button';
import { TextField } from './field';
import { Modal } from './modal';
import { useCommonT } from './use-common-translation';
import { visuallyHiddenStyle } from './visually-hidden';

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
  /** the longest search the server takes */
  maxLength?: number;
  onSearch: (q: string) => void;
}

export function SearchForm({ label, initial = '', placeholder, maxLength, onSearch }: SearchFormProps) {
  const t = useCommonT();
  const [q, setQ] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(q.trim());
  };
  return (
    <form role="search" onSubmit={submit} css={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-end', flexWrap: 'wrap' }}>
      <TextField
        label={label}
        type="search"
        value={q}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={(e) => setQ(e.target.value)}
        css={{ flex: '1 1 16rem' }}
      />
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
  /** names the navigation landmark (e.g. after the list it pages); else "page X of Y" names it */
  label?: string;
}

export function Pager({ page, perPage, total, onPage, label }: PagerProps) {
  const t = useCommonT();
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav
      {...(label ? { 'aria-label': label } : { 'aria-labelledby': id })}
      css={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}
    >
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
export function ResultMessage({
  message,
  tone = 'success',
  onDismiss,
}: {
  message: string | null;
  tone?: 'success' | 'danger';
  onDismiss?: () => void;
}) {
  if (!message) return <div role="status" aria-live="polite" />;
  return (
    <Alert variant={tone} role="status" onDismiss={onDismiss}>
      {message}
    </Alert>
  );
}

/** The style of a staff table's header and data cells. */
export const staffCell = {
  padding: '0.5rem 0.6rem',
  textAlign: 'start',
  borderBottom: `1px solid ${colors.border}`,
  verticalAlign: 'top',
} as const;

export interface StaffTableProps {
  /** names the table; shown above it, or only read out when `hideCaption` */
  caption: string;
  hideCaption?: boolean;
  headers: string[];
  /** the `<tr>` rows (their cells styled with `staffCell`) */
  rows: ReactNode[];
  /** what an empty list says: a text (a polite status line) or an element of its own */
  empty: ReactNode;
}

/**
 * A staff list as a table that scrolls sideways on a narrow screen, or its empty state. The scrolling
 * box is a named region that takes focus, so the keyboard can scroll it too (axe
 * scrollable-region-focusable: the payments list on a phone has no link or button to tab to).
 */
export function StaffTable({ caption, hideCaption = false, headers, rows, empty }: StaffTableProps) {
  if (rows.length === 0) return typeof empty === 'string' ? <p role="status">{empty}</p> : <>{empty}</>;
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      css={{ overflowX: 'auto', '&:focus-visible': { outline: `3px solid ${colors.focus}`, outlineOffset: 2 } }}
    >
      <table css={{ width: '100%', borderCollapse: 'collapse', background: colors.surface, fontSize: '0.9375rem' }}>
        <caption css={hideCaption ? visuallyHiddenStyle : { textAlign: 'start', fontWeight: 600, padding: '0.5rem 0' }}>{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" css={staffCell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}

/** Rows per page of a staff list that is searched and paged in the browser. */
export const STAFF_PAGE_SIZE = 50;

/** A whole list filtered by a search text (case-insensitive, on what `text` gives) and cut into pages of STAFF_PAGE_SIZE. */
export function useFilteredPage<T>(items: readonly T[], text: (item: T) => string) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const needle = q.trim().toLowerCase();
  const matching = needle ? items.filter((item) => text(item).toLowerCase().includes(needle)) : items;
  const pages = Math.max(1, Math.ceil(matching.length / STAFF_PAGE_SIZE));
  const current = Math.min(page, pages);
  return {
    q,
    search: (value: string) => {
      setQ(value);
      setPage(1);
    },
    page: current,
    setPage,
    total: matching.length,
    shown: matching.slice((current - 1) * STAFF_PAGE_SIZE, current * STAFF_PAGE_SIZE),
  };
}
