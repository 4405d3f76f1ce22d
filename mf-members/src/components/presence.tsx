/**
 * "Online" or "Last seen <date, hh:mm>" on a member's profile (GET /api/member.php `presence`; the
 * server rounds to the minute, made from the page-hidden beacon, activity and open sockets).
 */
import { css } from '@emotion/react';
import type { MemberResponse } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors } from '@dating/shared-kit/theme';

export function formatLastSeen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function Presence({ presence }: { presence: NonNullable<MemberResponse['presence']> }) {
  const { t, i18n } = useTranslation('members');
  if (presence.online) {
    return (
      <p
        css={css`
          display: flex;
          align-items: center;
          gap: 6px;
          margin: 0 0 8px;
          color: ${colors.success};
          font-weight: 600;
        `}
      >
        <span
          aria-hidden="true"
          css={css`
            width: 10px;
            height: 10px;
            border-radius: 50%;
            background: ${colors.success};
          `}
        />
        {t('member.online')}
      </p>
    );
  }
  if (!presence.last_seen) return null;
  return (
    <p
      css={css`
        margin: 0 0 8px;
        color: ${colors.textMuted};
      `}
    >
      {t('member.lastSeen', { time: formatLastSeen(presence.last_seen, i18n.language) })}
    </p>
  );
}
