/** On the own profile, under the photos: the way to /profile/verification, or the badge when verified (issue 26). */
import { css } from '@emotion/react';
import { Link } from 'react-router';
import type { Profile } from '@dating/shared-kit/contracts';
import { VerifiedBadge, buttonStyles } from '@dating/shared-kit/ui';
import { useVerificationT } from './i18n';

export function VerificationLink({ profile }: { profile: Profile }) {
  const { t } = useVerificationT();
  if (profile.fictional) return null;
  return (
    <p
      css={css`
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 10px;
        margin: 0 0 24px;
      `}
    >
      {profile.verified ? (
        <>
          <VerifiedBadge size={20} />
          <Link to="/profile/verification">{t('linkVerified')}</Link>
        </>
      ) : (
        <Link
          to="/profile/verification"
          css={[
            ...buttonStyles('outline', 'sm'),
            css`
              white-space: normal;
            `,
          ]}
        >
          {t('link')}
        </Link>
      )}
    </p>
  );
}
