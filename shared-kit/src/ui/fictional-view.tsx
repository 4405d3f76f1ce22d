/**
 * The fictional-profile label as markup, from its texts: no state, no i18n instance. The hooks
 * that fill it from the app's state are in fictional-badge.tsx; mf-landers' light lander page fills
 * it from the texts the server inlined.
 */
import { css } from '@emotion/react';
import type { Settings } from '../contracts/core';
import { colors, radii } from '../theme/theme';

export interface FictionalTexts {
  icon: string | undefined;
  warning: string;
  label: string;
}

/**
 * The site's own fictional warning is written in the site's language (domain_language): it is
 * used on pages in that language; a page in another language shows the translated warning.
 */
export function fictionalTexts(
  settings: Pick<Settings, 'domain_language' | 'fictional_warning' | 'fictional_icon'> | null | undefined,
  language: string,
  t: (key: 'fictional.warning' | 'fictional.label') => string,
): FictionalTexts {
  const siteLanguage = settings?.domain_language?.slice(0, 2).toLowerCase();
  const siteText = settings?.fictional_warning && (!siteLanguage || siteLanguage === language) ? settings.fictional_warning : undefined;
  return {
    icon: settings?.fictional_icon || undefined,
    warning: siteText || t('fictional.warning'),
    label: t('fictional.label'),
  };
}

export interface FictionalBadgeProps {
  /** also show the short visible label ("Fictional profile") next to the icon */
  showText?: boolean;
  size?: number;
  className?: string;
}

/**
 * Marks a fictional profile: the site's fictional icon, named by the site's fictional
 * warning (role=img + aria-label, and a tooltip), optionally with a short visible label.
 */
export function FictionalBadgeView({ icon, warning, label, showText = false, size = 22, className }: FictionalTexts & FictionalBadgeProps) {
  return (
    <span
      role="img"
      aria-label={warning}
      title={warning}
      className={className}
      css={css`
        display: inline-flex;
        align-items: center;
        gap: 6px;
        vertical-align: middle;
        ${showText || !icon ? `padding: 2px 10px 2px ${icon ? '4px' : '10px'}; background: ${colors.dark}; color: #fff; border-radius: ${radii.pill}; font-size: 0.75rem; font-weight: 600;` : ''}
      `}
    >
      {icon && (
        <img
          src={icon}
          alt=""
          width={size}
          height={size}
          css={css`
            width: ${size}px;
            height: ${size}px;
            border-radius: 50%;
          `}
        />
      )}
      {(showText || !icon) && <span>{label}</span>}
    </span>
  );
}
