import { css } from '@emotion/react';
import { useAtomValue } from 'jotai';
import { languageAtom, settingsAtom, store } from '../state/atoms';
import { colors, radii } from '../theme/theme';
import { useCommonT } from './use-common-translation';
import { FictionalBadgeView, fictionalTexts } from './fictional-view';
import type { FictionalBadgeProps, FictionalTexts } from './fictional-view';

/** The fictional texts of this page: the site's settings and the page's language (fictional-view.tsx). */
function useFictional(): FictionalTexts {
  const settings = useAtomValue(settingsAtom, { store });
  const language = useAtomValue(languageAtom, { store });
  const t = useCommonT();
  return fictionalTexts(settings, language, t);
}

/** The fictional warning in the page's language (the site's own text on pages in the site's language). */
export function useFictionalWarning(): string {
  return useFictional().warning;
}

export type { FictionalBadgeProps };

/** The fictional label of shared-kit (FictionalBadgeView) with the app's texts. */
export function FictionalBadge(props: FictionalBadgeProps) {
  return <FictionalBadgeView {...useFictional()} {...props} />;
}

/** The full fictional warning as a visible note (profile page, chat header). */
export function FictionalNotice({ className }: { className?: string }) {
  const { icon, warning } = useFictional();
  return (
    <p
      className={className}
      css={css`
        display: flex;
        align-items: center;
        gap: 10px;
        margin: 0 0 12px;
        padding: 10px 14px;
        background: ${colors.warningSoft};
        border-radius: ${radii.md};
        font-size: 0.875rem;
        color: ${colors.dark};
      `}
    >
      {icon && (
        <img
          src={icon}
          alt=""
          width={24}
          height={24}
          css={css`
            width: 24px;
            height: 24px;
            flex: none;
          `}
        />
      )}
      <span>{warning}</span>
    </p>
  );
}
