/**
 * The confirm dialog of a photo decision, shared by the queue and the member page: approve, or
 * reject with a reason from PHOTO_REJECT_REASONS (radio buttons in a named group: decision.tsx).
 * Without a reason the server's translated 400 shows in the dialog.
 */
import { PHOTO_REJECT_REASONS } from '@dating/shared-kit/contracts';
import type { PhotoModerationResult, PhotoRejectReason } from '@dating/shared-kit/contracts';
import { staffApi } from './staff-api';
import { DecisionDialog } from './decision';
import { useStaffT } from './staff-ui';

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
  const { kind, photoId, name } = decision;
  const decide = async (reason: PhotoRejectReason | '') => {
    try {
      if (kind === 'approve') onDone(await staffApi.approvePhoto(photoId), t('photos.approved', { name }));
      else
        onDone(
          await staffApi.rejectPhoto(photoId, reason as PhotoRejectReason),
          t('photos.rejected', { name, reason: t(`photoReasons.${reason}`) }),
        );
    } finally {
      onSettled?.();
    }
  };
  return (
    <DecisionDialog
      kind={kind}
      title={kind === 'approve' ? t('photos.approveTitle', { name }) : t('photos.rejectTitle', { name })}
      labels={{ approve: t('photos.approve'), reject: t('photos.reject') }}
      approveText={t('photos.approveText')}
      reasons={{ label: t('photos.reasonLegend'), options: PHOTO_REJECT_REASONS.map((r) => ({ value: r, label: t(`photoReasons.${r}`) })) }}
      onClose={onClose}
      onConfirm={decide}
    />
  );
}
