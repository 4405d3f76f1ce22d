/**
 * Small building blocks of the staff pages: a pager, a confirm dialog (named by its title, focus
 * trapped: shared-kit's Modal) and the page frame with its result message. The search form is
 * shared-kit's SearchForm.
 */
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@dating/shared-kit/ui';
import { STAFF_NAMESPACE } from './i18n';

export function StaffPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <section css={{ maxWidth: 1100, margin: '0 auto', display: 'grid', gap: '1rem' }}>
      <h1 css={{ margin: 0, fontSize: '1.6rem' }}>{title}</h1>
      {intro ? <p css={{ margin: 0 }}>{intro}</p> : null}
      {children}
    </section>
  );
}

export function Pager({ page, perPage, total, onPage }: { page: number; perPage: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (total <= perPage && page === 1) return null;
  return (
    <nav aria-label={t('common.pager')} css={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <span>{t('common.pageOf', { page, pages, total })}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}

/** A confirm dialog: its title names what is confirmed; Escape or Cancel closes it. */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  children,
  danger = false,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
  danger?: boolean;
}) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

/** The result of the last action, announced (role=status) and focusable so keyboard users land on it. */
export function ResultMessage({ message, tone }: { message: string | null; tone: 'success' | 'danger' }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role={tone === 'danger' ? 'alert' : 'status'}
      css={(theme) => ({
        margin: 0,
        padding: message ? '0.75rem 1rem' : 0,
        borderRadius: theme.radii.md,
        background: message ? (tone === 'danger' ? '#fdecee' : '#e8f6ee') : 'transparent',
        color: tone === 'danger' ? theme.colors.danger : '#17683a',
        fontWeight: 600,
        outline: 'none',
      })}
    >
      {message}
    </p>
  );
}

/** "24 november 2026 09:12" in the page's language. */
export function formatTime(iso: string, lng: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
