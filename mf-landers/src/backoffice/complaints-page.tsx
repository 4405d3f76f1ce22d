/**
 * /backoffice/complaints (moderator): the queue of what `/complaints` sent, open first and oldest
 * first, with search, a status filter and paging. "Handle" asks for a note in a dialog named after
 * the complaint; the complainant is then mailed in the page language they wrote in.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@dating/shared-kit/api';
import { ZComplaint, ZComplaintPage } from '@dating/shared-kit/contracts';
import type { Complaint } from '@dating/shared-kit/contracts';
import { LANGUAGE_NAMES } from '@dating/shared-kit/i18n';
import { Badge, Button, errorText, SearchForm, Select, Spinner, TextArea, useAsync } from '@dating/shared-kit/ui';
import { STAFF_NAMESPACE } from './i18n';
import { ConfirmDialog, formatTime, Pager, ResultMessage, StaffPage } from './staff-ui';

type Filter = 'all' | 'open' | 'handled';

export default function ComplaintsPage() {
  const { t, i18n } = useTranslation(STAFF_NAMESPACE);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [handling, setHandling] = useState<Complaint | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ message: string; tone: 'success' | 'danger' } | null>(null);
  const list = useAsync(
    () => api.get('/api/backoffice/complaints', ZComplaintPage, { query: { q: q || undefined, status, page } }),
    [q, status, page],
  );

  const open = (c: Complaint) => {
    setNote('');
    setNoteError(null);
    setHandling(c);
  };
  const confirm = async () => {
    if (!handling) return;
    if (!note.trim()) {
      setNoteError(t('complaints.noteRequired'));
      return;
    }
    setBusy(true);
    try {
      const done = await api.post(`/api/backoffice/complaints/${handling.id}/handle`, { note }, ZComplaint);
      setResult({ message: t('complaints.done', { subject: done.subject, email: done.email }), tone: 'success' });
      setHandling(null);
      list.reload();
    } catch (e) {
      const text = errorText(e);
      if (text) setResult({ message: text, tone: 'danger' });
      setHandling(null);
      list.reload();
    } finally {
      setBusy(false);
    }
  };

  const data = list.data;
  return (
    <StaffPage title={t('complaints.title')} intro={data ? t('complaints.intro', { count: data.open }) : undefined}>
      <div css={{ display: 'flex', gap: '1rem', flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <div css={{ flex: '1 1 20rem' }}>
          <SearchForm
            maxLength={100}
            label={t('complaints.search')}
            initial={q}
            onSearch={(value) => {
              setQ(value);
              setPage(1);
            }}
          />
        </div>
        <Select
          label={t('complaints.filter')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Filter);
            setPage(1);
          }}
          options={(['all', 'open', 'handled'] as const).map((value) => ({ value, label: t(`complaints.filters.${value}`) }))}
          css={{ marginBottom: 0, minWidth: '12rem' }}
        />
      </div>
      <ResultMessage message={result?.message ?? null} tone={result?.tone ?? 'success'} />
      {list.error ? <p role="alert">{list.error}</p> : null}
      {!data && list.loading ? <Spinner label={t('common.loading')} /> : null}
      {data && data.complaints.length === 0 ? <p>{t('complaints.empty')}</p> : null}
      {data && data.complaints.length > 0 ? (
        <ul aria-label={t('complaints.listLabel')} css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.75rem' }}>
          {data.complaints.map((c) => (
            <li key={c.id}>
              <article
                aria-labelledby={`complaint-${c.id}`}
                css={(theme) => ({
                  border: `1px solid ${theme.colors.border}`,
                  borderRadius: theme.radii.md,
                  padding: '1rem',
                  background: 'white',
                  display: 'grid',
                  gap: '0.5rem',
                })}
              >
                <header css={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
                  <h2 id={`complaint-${c.id}`} css={{ margin: 0, fontSize: '1.1rem', flex: '1 1 auto' }}>
                    {c.subject}
                  </h2>
                  <Badge tone={c.status === 'open' ? 'warning' : 'success'}>{t(`complaints.status.${c.status}`)}</Badge>
                </header>
                <p css={{ margin: 0, fontSize: '0.9rem' }}>
                  {t('complaints.meta', {
                    name: c.name,
                    email: c.email,
                    site: c.site_domain,
                    language: LANGUAGE_NAMES[c.language],
                    date: formatTime(c.created_at, i18n.language),
                  })}
                </p>
                <p css={{ margin: 0, whiteSpace: 'pre-wrap' }}>{c.message}</p>
                {c.status === 'handled' ? (
                  <p css={{ margin: 0, fontSize: '0.9rem' }}>
                    <strong>
                      {t('complaints.handledBy', {
                        email: c.handled_by_email ?? '',
                        date: c.handled_at ? formatTime(c.handled_at, i18n.language) : '',
                      })}
                    </strong>{' '}
                    {c.note}
                  </p>
                ) : (
                  <div>
                    <Button onClick={() => open(c)} aria-label={t('complaints.handleNamed', { subject: c.subject })}>
                      {t('complaints.handle')}
                    </Button>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      ) : null}
      {data ? <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} /> : null}
      <ConfirmDialog
        open={handling !== null}
        title={t('complaints.dialogTitle', { subject: handling?.subject ?? '' })}
        confirmLabel={t('complaints.confirm')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setHandling(null)}
      >
        <p>
          {t('complaints.dialogText', {
            name: handling?.name ?? '',
            email: handling?.email ?? '',
            language: handling ? LANGUAGE_NAMES[handling.language] : '',
          })}
        </p>
        <TextArea
          label={t('complaints.note')}
          hint={t('complaints.noteHint')}
          value={note}
          error={noteError ?? undefined}
          maxLength={2000}
          rows={4}
          onChange={(e) => {
            setNote(e.target.value);
            setNoteError(null);
          }}
        />
      </ConfirmDialog>
    </StaffPage>
  );
}
