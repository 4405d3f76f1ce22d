/**
 * The 8 verification poses as simple line drawings (inline SVG, no files): a head and shoulders,
 * the arm and hand in the pose. Named by the pose's text (role img), so a screen reader says what
 * to do; the text is shown beside it as well.
 */
import type { ReactElement } from 'react';
import type { VerificationPose } from '@dating/shared-kit/contracts';
import { colors } from '@dating/shared-kit/theme';

const HAND: Record<VerificationPose, ReactElement> = {
  thumb_up: (
    <g>
      <path d="M96 118 L92 78" />
      <rect x="82" y="62" width="20" height="18" rx="6" />
      <path d="M86 62 L86 46" strokeWidth="6" />
    </g>
  ),
  peace_sign: (
    <g>
      <path d="M98 118 L94 62" />
      <rect x="84" y="50" width="20" height="16" rx="6" />
      <path d="M89 50 L82 26 M99 50 L104 26" strokeWidth="5" />
    </g>
  ),
  hand_on_cheek: (
    <g>
      <path d="M98 118 C100 96 92 78 84 66" />
      <path d="M74 44 C82 42 86 50 84 66 C80 70 74 68 72 62 Z" />
    </g>
  ),
  pointing_up: (
    <g>
      <path d="M98 118 L94 66" />
      <rect x="84" y="50" width="20" height="18" rx="6" />
      <path d="M90 50 L90 20" strokeWidth="5" />
    </g>
  ),
  wave: (
    <g>
      <path d="M100 118 L100 60" />
      <path d="M90 58 L90 36 M96 56 L96 30 M102 56 L102 30 M108 58 L108 36 M88 66 L82 54" strokeWidth="5" />
      <rect x="88" y="52" width="22" height="14" rx="6" />
      <path d="M114 28 C118 34 118 42 114 48 M80 28 C76 34 76 42 80 48" strokeWidth="2.5" />
    </g>
  ),
  hand_on_forehead: (
    <g>
      <path d="M100 118 C104 80 96 40 80 30" />
      <path d="M44 30 C52 20 74 20 82 28 C74 36 52 36 44 30 Z" />
    </g>
  ),
  ok_sign: (
    <g>
      <path d="M98 118 L94 70" />
      <circle cx="90" cy="58" r="8" />
      <path d="M96 52 L100 32 M100 56 L108 38 M102 62 L112 48" strokeWidth="5" />
    </g>
  ),
  finger_on_chin: (
    <g>
      <path d="M96 118 C96 100 88 92 78 88" />
      <rect x="68" y="80" width="16" height="14" rx="5" />
      <path d="M74 80 L66 68" strokeWidth="5" />
    </g>
  ),
};

export function PoseDrawing({ pose, label, size = 160 }: { pose: VerificationPose; label: string; size?: number }) {
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox="0 0 120 120" data-pose={pose}>
      <rect x="0" y="0" width="120" height="120" rx="16" fill={colors.primarySoft} />
      <g fill="none" stroke={colors.dark} strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round">
        {/* head and shoulders */}
        <circle cx="60" cy="50" r="20" fill="#fff" />
        <path d="M50 47 L52 47 M68 47 L70 47" />
        <path d="M53 58 C57 62 63 62 67 58" strokeWidth="2.5" />
        <path d="M18 120 C18 92 38 80 60 80 C82 80 102 92 102 120" fill="#fff" />
        <g fill="#fff">{HAND[pose]}</g>
      </g>
    </svg>
  );
}
