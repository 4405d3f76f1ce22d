/**
 * The confirm dialog of a photo decision, shared by the queue and the member page: approve, or
 * reject with a reason from PHOTO_REJECT_REASONS (radio buttons in a named group). Without a
 * reason the server's translated 400 shows in the dialog.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import { PHOTO_REJECT_REASONS } from '@dating/shared-kit/contracts';
import type { PhotoModerationResult, PhotoRejectReason } from '@dating/shared-kit/contracts';
import { staffApi } from './staff-api';
import { ConfirmDialog, useStaffT } from './staff-ui';

export interface PhotoDecision {
  kind: 'approve' | 'reject';
  photoId: number;
  /** whose photo (the member's name or e-mail) */
  name: string;
}

export interface PhotoDialogProps {
  decision: PhotoDecision;
  onClose: () => void;
  /** the decision was taken: its result and the message to announce */
  onDone: (result: PhotoModerationResult, text: string) => void;
  /** after every attempt, taken or refused (reload the list: a colleague may have been first) */
  onSettled?: () => void;
}

export function PhotoDialog({ decision, onClose, onDone, onSettled }: PhotoDialogProps) {
  const { t } = useStaffT();
  const settle = async (run: () => Promise<void>) => {
    try {
      await run();
    } finally {
      onSettled?.();
    }
  };
  const [reason, setReason] = useState<PhotoRejectReason | ''>('');
  const { kind, photoId, name } = decision;
  if (kind === 'approve') {
    return (
      <ConfirmDialog
        title={t('photos.approveTitle', { name })}
        confirm={t('photos.approve')}
        variant="success"
        onClose={onClose}
        onConfirm={() => settle(async () => onDone(await staffApi.approvePhoto(photoId), t('photos.approved', { name })))}
      >
        <p
          css={css`
            margin: 0;
          `}
        >
          {t('photos.approveText')}
        </p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      title={t('photos.rejectTitle', { name })}
      confirm={t('photos.reject')}
      variant="danger"
      onClose={onClose}
      onConfirm={() =>
        settle(async () =>
          onDone(
            await staffApi.rejectPhoto(photoId, reason as PhotoRejectReason),
            t('photos.rejected', { name, reason: t(`photoReasons.${reason}`) }),
          ),
        )
      }
    >
      <fieldset
        css={css`
          border: 0;
          margin: 0;
          padding: 0;
          display: grid;
          gap: 6px;
        `}
      >
        <legend
          css={css`
            font-weight: 700;
            margin-bottom: 6px;
          `}
        >
          {t('photos.reasonLegend')}
        </legend>
        {PHOTO_REJECT_REASONS.map((r) => (
          <label
            key={r}
            css={css`
              display: flex;
              gap: 8px;
              align-items: center;
              cursor: pointer;
            `}
          >
            <input type="radio" name="reject-reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
            {t(`photoReasons.${r}`)}
          </label>
        ))}
      </fieldset>
    </ConfirmDialog>
  );
}
