import { css } from '@emotion/react';
import { useState } from 'react';
import type { ProfileRef } from '@dating/shared-kit/contracts';
import { colors } from '@dating/shared-kit/theme';

/**
 * A round thumbnail of the member's main image, or the initial when there is none or it does not
 * load (a photo removed or a member banned while the page was open). Decorative: the name is next to it.
 */
export function Avatar({ profile, size = 48 }: { profile: Pick<ProfileRef, 'name' | 'main_image'>; size?: number }) {
  const box = css`
    flex: none;
    width: ${size}px;
    height: ${size}px;
    border-radius: 50%;
    object-fit: cover;
    display: grid;
    place-items: center;
    background: ${colors.primarySoft};
    color: ${colors.primary};
    font-weight: 700;
    font-size: ${Math.round(size / 2.4)}px;
  `;
  const src = profile.main_image?.thumb_filename;
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) return <img src={src} alt="" css={box} loading="lazy" onError={() => setFailed(src)} />;
  return (
    <span aria-hidden="true" css={box}>
      {profile.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
