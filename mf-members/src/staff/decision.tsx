/**
 * Deciding a moderation item (a photo, a verification selfie): the row's approve / reject buttons
 * and the confirm dialog, which asks for a reason from a fixed list when rejecting (the member
 * sees it, translated). The pages bring the texts (each has its own namespace) and the request.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import { Button, Select } from '@dating/shared-kit/ui';
import { ConfirmDialog } from './staff-ui';

export type DecisionKind = 'approve' | 'reject';

export interface DecisionLabels {
  approve: string;
  reject: string;
}

export interface DecisionButtonsProps {
  labels: DecisionLabels;
  /** what is decided, for the buttons' names: "Goedkeuren: Foto van Anna" */
  subject: string;
  onDecide: (kind: DecisionKind) => void;
  /** the buttons shown (both by default) */
  kinds?: readonly DecisionKind[];
  /** approving is not allowed (the button shows, disabled) */
  approveDisabled?: boolean;
  /** side by side (default), or one under the other in a narrow card */
  stacked?: boolean;
}

export function DecisionButtons({
  labels,
  subject,
  onDecide,
  kinds = ['approve', 'reject'],
  approveDisabled,
  stacked,
}: DecisionButtonsProps) {
  if (kinds.length === 0) return null;
  return (
    <div
      css={
        stacked
          ? css`
              display: grid;
              gap: 4px;
            `
          : css`
              display: flex;
              flex-wrap: wrap;
              gap: 8px;
            `
      }
    >
      {kinds.includes('approve') && (
        <Button
          size="sm"
          variant="success"
          onClick={() => onDecide('approve')}
          disabled={approveDisabled}
          aria-label={`${labels.approve}: ${subject}`}
        >
          {labels.approve}
        </Button>
      )}
      {kinds.includes('reject') && (
        <Button size="sm" variant="danger" onClick={() => onDecide('reject')} aria-label={`${labels.reject}: ${subject}`}>
          {labels.reject}
        </Button>
      )}
    </div>
  );
}

export interface RejectReasons<R extends string> {
  /** the group's legend or the select's label */
  label: string;
  options: readonly { value: R; label: string }[];
  /** chosen when the dialog opens; none by default (the server then asks for one) */
  initial?: R;
  /** radio buttons (default) or a drop-down */
  picker?: 'radios' | 'select';
}

export interface DecisionDialogProps<R extends string> {
  kind: DecisionKind;
  title: string;
  labels: DecisionLabels;
  /** what approving means, shown in the approve dialog */
  approveText: string;
  reasons: RejectReasons<R>;
  onClose: () => void;
  /** the request; `reason` is '' when approving or when none was chosen. Its error shows in the dialog. */
  onConfirm: (reason: R | '') => Promise<void>;
}

export function DecisionDialog<R extends string>({
  kind,
  title,
  labels,
  approveText,
  reasons,
  onClose,
  onConfirm,
}: DecisionDialogProps<R>) {
  const [reason, setReason] = useState<R | ''>(reasons.initial ?? '');
  const approving = kind === 'approve';
  return (
    <ConfirmDialog
      title={title}
      confirm={approving ? labels.approve : labels.reject}
      variant={approving ? 'success' : 'danger'}
      onClose={onClose}
      onConfirm={() => onConfirm(approving ? '' : reason)}
    >
      {approving ? (
        <p
          css={css`
            margin: 0;
          `}
        >
          {approveText}
        </p>
      ) : reasons.picker === 'select' ? (
        <Select
          label={reasons.label}
          value={reason}
          onChange={(e) => setReason(e.target.value as R)}
          options={reasons.options.map((o) => ({ value: o.value, label: o.label }))}
        />
      ) : (
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
            {reasons.label}
          </legend>
          {reasons.options.map((o) => (
            <label
              key={o.value}
              css={css`
                display: flex;
                gap: 8px;
                align-items: center;
                cursor: pointer;
              `}
            >
              <input type="radio" name="reject-reason" value={o.value} checked={reason === o.value} onChange={() => setReason(o.value)} />
              {o.label}
            </label>
          ))}
        </fieldset>
      )}
    </ConfirmDialog>
  );
}
