/**
 * "Rapporteren" (issue 26 part 1): the one report dialog of every remote (a profile page in
 * mf-members, a conversation's header and a single message in mf-chat). A named modal (focus
 * trapped, Escape closes) with the reasons as a radio group, a note with a counter (required for
 * "Iets anders"), "also block", and the result in place: thanks, or the server's translated
 * refusal (409 report_exists: already reported). POST /api/report.php; the reported member never
 * learns who reported. Texts: the `common` namespace, `report.*`.
 */
import { css } from '@emotion/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { api } from '../api/client';
import { REPORT_NOTE_MAX, REPORT_REASONS, ZReportCreated } from '../contracts/reports';
import type { ReportReason } from '../contracts/reports';
import { colors, radii, shadows } from '../theme/theme';
import { Alert } from './alert';
import { Button } from './button';
import { Checkbox, TextArea } from './field';
import { Modal } from './modal';
import { useCommonT } from './use-common-translation';

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  /** the member reported */
  profile: { id: number; name: string };
  /** messages the member reports (a single message, in mf-chat) */
  messageIds?: number[];
  /** after a report was filed (blocked: the member was blocked too) */
  onReported?: (result: { id: number; blocked: boolean }) => void;
}

const radioStyle = css`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 10px 12px;
  min-height: 44px;
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  cursor: pointer;
  line-height: 1.35;
  &:has(input:checked) {
    border-color: ${colors.primary};
    background: ${colors.primarySoft};
  }
  input {
    width: 20px;
    height: 20px;
    margin: 0;
    flex: none;
    accent-color: ${colors.primary};
  }
  input:focus-visible {
    outline: none;
    box-shadow: ${shadows.focus};
  }
`;

export function ReportDialog({ open, onClose, profile, messageIds, onReported }: ReportDialogProps) {
  const t = useCommonT();
  const legendId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [block, setBlock] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [done, setDone] = useState<{ blocked: boolean } | null>(null);
  // the form (and the button that had focus) is replaced by the thanks: focus goes to its close button
  const doneRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const close = () => {
    if (busy) return;
    setReason(null);
    setNote('');
    setBlock(false);
    setError(null);
    setDone(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError({ field: 'reason', message: t('report.reasonRequired') });
      return;
    }
    if (reason === 'other' && !note.trim()) {
      setError({ field: 'note', message: t('report.noteRequired', { max: REPORT_NOTE_MAX }) });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body = {
        profile: profile.id,
        reason,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(messageIds?.length ? { message_ids: messageIds } : {}),
        ...(block ? { block: true } : {}),
      };
      const made = await api.post('/api/report.php', body, ZReportCreated);
      setDone({ blocked: made.blocked });
      onReported?.({ id: made.id, blocked: made.blocked });
    } catch (e) {
      const err = e as { code?: string; field?: string; message?: string };
      setError({
        field: err.code === 'report_exists' ? null : (err.field ?? null),
        message: err.code === 'report_exists' ? t('report.exists') : (err.message ?? String(e)),
      });
    } finally {
      setBusy(false);
    }
  };

  const formId = `${legendId}-form`;
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('report.title', { name: profile.name })}
      size="sm"
      fullScreenOnPhone
      footer={
        done ? (
          <Button ref={doneRef} onClick={close}>
            {t('actions.close')}
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={close} disabled={busy}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={busy}>
              {t('report.submit')}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Alert variant="success" role="status" title={t('report.thanksTitle')}>
          {t('report.thanks')}
          {done.blocked ? ` ${t('report.blocked', { name: profile.name })}` : ''}
        </Alert>
      ) : (
        <form
          id={formId}
          onSubmit={submit}
          noValidate
          css={css`
            display: grid;
            gap: 16px;
          `}
        >
          <p
            css={css`
              margin: 0;
            `}
          >
            {t('report.intro', { name: profile.name })}
          </p>
          {error && !error.field ? <Alert variant="warning">{error.message}</Alert> : null}
          <fieldset
            css={css`
              border: 0;
              padding: 0;
              margin: 0;
              display: grid;
              gap: 8px;
              min-width: 0;
            `}
            aria-describedby={error?.field === 'reason' ? `${legendId}-err` : undefined}
          >
            <legend
              id={`${legendId}-legend`}
              css={css`
                font-weight: 600;
                margin-bottom: 8px;
                padding: 0;
              `}
            >
              {t('report.reasonLabel')}
            </legend>
            <div
              role="radiogroup"
              aria-labelledby={`${legendId}-legend`}
              aria-required="true"
              css={css`
                display: grid;
                gap: 8px;
              `}
            >
              {REPORT_REASONS.map((r) => (
                <label key={r} css={radioStyle}>
                  <input type="radio" name={`${legendId}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} />
                  <span>{t(`report.reasons.${r}`)}</span>
                </label>
              ))}
            </div>
            {error?.field === 'reason' ? (
              <p
                id={`${legendId}-err`}
                role="alert"
                css={css`
                  margin: 0;
                  color: ${colors.danger};
                `}
              >
                {error.message}
              </p>
            ) : null}
          </fieldset>
          {messageIds?.length ? (
            <p
              css={css`
                margin: 0;
                color: ${colors.textMuted};
              `}
            >
              {t('report.messages', { count: messageIds.length })}
            </p>
          ) : null}
          <TextArea
            label={t('report.noteLabel')}
            optionalLabel={reason !== 'other'}
            hint={t('report.noteHint')}
            value={note}
            maxLength={REPORT_NOTE_MAX}
            showCount
            onChange={(e) => setNote(e.target.value)}
            error={error?.field === 'note' ? error.message : undefined}
          />
          <Checkbox label={t('report.alsoBlock', { name: profile.name })} checked={block} onChange={(e) => setBlock(e.target.checked)} />
        </form>
      )}
    </Modal>
  );
}
