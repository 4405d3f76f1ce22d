import { css } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { languageAtom, settingsAtom, store } from '../state/atoms';
import { colors, radii } from '../theme/theme';
import { useCommonT } from './use-common-translation';

/**
 * The site's own fictional warning is written in the site's language (domain_language): it is
 * used on pages in that language; a page in another language shows the translated warning.
 */
function useFictional() {
  const settings = useAtomValue(settingsAtom, { store });
  const language = useAtomValue(languageAtom, { store });
  const t = useCommonT();
  const siteLanguage = settings?.domain_language?.slice(0, 2).toLowerCase();
  const siteText = settings?.fictional_warning && (!siteLanguage || siteLanguage === language) ? settings.fictional_warning : undefined;
  return {
    icon: settings?.fictional_icon || undefined,
    warning: siteText || t('fictional.warning'),
    label: t('fictional.label'),
  };
}

/** The fictional warning in the page's language (the site's own text on pages in the site's language). */
export function useFictionalWarning(): string {
  return useFictional().warning;
}

export interface FictionalBadgeProps {
  /** also show the short visible label ("Fictional profile") next to the icon */
  showText?: boolean;
  size?: number;
  className?: string;
}

/**
 * Marks a fictional profile (spec 1, 3): the site's fictional icon, named by the site's fictional
 * warning (role=img + aria-label, and a tooltip), optionally with a short visible label.
 */
export function FictionalBadge({ showText = false, size = 22, className }: FictionalBadgeProps) {
  const { icon, warning, label } = useFictional();
  return (
    <span
      role="img"
      aria-label={warning}
      title={warning}
      className={className}
      css={css`
        display: inline-flex; align-items: center; gap: 6px; vertical-align: middle;
        ${showText || !icon ? `padding: 2px 10px 2px ${icon ? '4px' : '10px'}; background: ${colors.dark}; color: #fff; border-radius: ${radii.pill}; font-size: 0.75rem; font-weight: 600;` : ''}
      `}
    >
      {icon && <img src={icon} alt="" width={size} height={size} css={css`width: ${size}px; height: ${size}px; border-radius: 50%;`} />}
      {(showText || !icon) && <span>{label}</span>}
    </span>
  );
}

/** The full fictional warning as a visible note (profile page, chat header). */
export function FictionalNotice({ className }: { className?: string }) {
  const { icon, warning } = useFictional();
  return (
    <p
      className={className}
      css={css`
        display: flex; align-items: center; gap: 10px; margin: 0 0 12px; padding: 10px 14px;
        background: ${colors.warningSoft}; border-radius: ${radii.md}; font-size: 0.875rem; color: ${colors.dark};
      `}
    >
      {icon && <img src={icon} alt="" width={24} height={24} css={css`width: 24px; height: 24px; flex: none;`} />}
      <span>{warning}</span>
    </p>
  );
}
