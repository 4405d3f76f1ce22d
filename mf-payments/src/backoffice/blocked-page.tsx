/**
 * /backoffice/blocked (role payments): the IBANs and phone numbers refused for direct debit. Add one
 * (the server checks the IBAN's checksum and the phone's E.164 form) or take one off the list.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '@dating/shared-kit/i18n';
import type { BlockedAccount } from '@dating/shared-kit/contracts';
import { ApiRequestError } from '@dating/shared-kit/api';
import {
  Alert,
  Button,
  ConfirmDialog,
  Pager,
  ResultMessage,
  SearchForm,
  Select,
  Spinner,
  STAFF_PAGE_SIZE,
  staffCell,
  StaffTable,
  TextField,
  useAsync,
  useFilteredPage,
} from '@dating/shared-kit/ui';
import { Page } from '../components/page';
import { NAMESPACE } from '../i18n';
import { staffApi } from './api';
import { useDateTime } from './use-date-time';

export function StaffBlockedPage() {
  const { t } = useTranslation(NAMESPACE);
  const when = useDateTime();
  const list = useAsync(() => staffApi.blocked(), []);
  const view = useFilteredPage(list.data?.blocked ?? [], (b) => `${b.value} ${b.note ?? ''}`);
  const [kind, setKind] = useState<'iban' | 'phone'>('iban');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [removing, setRemoving] = useState<BlockedAccount | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const made = await staffApi.block(kind, value, note.trim() || undefined);
      setResult(t('staff.blocked.added', { value: made.value }));
      setValue('');
      setNote('');
      list.reload();
    } catch (e) {
      setError(e instanceof ApiRequestError || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('staff.blocked.title')}>
      <div css={{ display: 'grid', gap: '1.5rem' }}>
        <section aria-labelledby="block-new">
          <h2 id="block-new" css={{ fontSize: '1.2rem' }}>
            {t('staff.blocked.new')}
          </h2>
          <form
            onSubmit={(e) => void add(e)}
            noValidate
            css={{ display: 'grid', gap: '0.75rem', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))', alignItems: 'start' }}
          >
            <Select
              label={t('staff.blocked.kind')}
              value={kind}
              onChange={(e) => setKind(e.target.value as 'iban' | 'phone')}
              options={[
                { value: 'iban', label: t('staff.blocked.iban') },
                { value: 'phone', label: t('staff.blocked.phone') },
              ]}
            />
            <TextField
              label={t(kind === 'iban' ? 'staff.blocked.iban' : 'staff.blocked.phone')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={error ?? undefined}
              required
              autoComplete="off"
            />
            <TextField
              label={t('staff.blocked.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              optionalLabel
              maxLength={200}
            />
            <div css={{ alignSelf: 'end' }}>
              <Button type="submit" loading={busy}>
                {t('staff.blocked.add')}
              </Button>
            </div>
          </form>
        </section>
        <ResultMessage message={result} onDismiss={() => setResult(null)} />
        <SearchForm label={t('staff.blocked.search')} initial={view.q} onSearch={view.search} />
        {list.error && <Alert variant="danger">{list.error}</Alert>}
        {list.loading && !list.data ? (
          <Spinner label={t('staff.loading')} />
        ) : (
          <StaffTable
            caption={t('staff.blocked.caption', { count: view.total })}
            headers={[t('staff.blocked.kind'), t('staff.blocked.value'), t('staff.blocked.note'), t('tx.date'), t('staff.actions')]}
            rows={view.shown.map((b) => (
              <tr key={b.id}>
                <td css={staffCell}>{t(b.kind === 'iban' ? 'staff.blocked.iban' : 'staff.blocked.phone')}</td>
                <td css={staffCell}>
                  <code>{b.value}</code>
                </td>
                <td css={staffCell}>{b.note ?? '–'}</td>
                <td css={staffCell}>{when(b.created_at)}</td>
                <td css={staffCell}>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setRemoving(b)}
                    aria-label={t('staff.blocked.removeValue', { value: b.value })}
                  >
                    {t('staff.blocked.remove')}
                  </Button>
                </td>
              </tr>
            ))}
            empty={view.q ? t('staff.blocked.noneFound') : t('staff.blocked.empty')}
          />
        )}
        <Pager page={view.page} perPage={STAFF_PAGE_SIZE} total={view.total} onPage={view.setPage} />
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={t('staff.blocked.removeValue', { value: removing?.value ?? '' })}
        confirmLabel={t('staff.blocked.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await staffApi.unblock(removing.id);
          setResult(t('staff.blocked.removed', { value: removing.value }));
          list.reload();
        }}
      >
        <p css={{ margin: 0 }}>{t('staff.blocked.removeText')}</p>
      </ConfirmDialog>
    </Page>
  );
}
