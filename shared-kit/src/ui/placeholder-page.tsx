import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/instance';
import { colors } from '../theme/theme';
import { Card } from './card';

export type PlaceholderPageProps =
  { /** translation key of the screen title, e.g. 'chat:title' */ titleKey: string; title?: never } | { titleKey?: never; title: string };

/**
 * A screen of a later capability: its title (h1) and a "coming soon" note. Only for the screens
 * docs/conventions.md allows (chat, payments, landers content).
 */
export function PlaceholderPage({ titleKey, title }: PlaceholderPageProps) {
  const { t } = useTranslation(undefined, { i18n });
  const heading = titleKey ? t(titleKey) : title;
  return (
    <div
      css={css`
        padding: 32px 0;
      `}
    >
      <Card>
        <div
          css={css`
            text-align: center;
            padding: 24px 8px;
          `}
        >
          <div
            aria-hidden="true"
            css={css`
              width: 64px;
              height: 64px;
              margin: 0 auto 16px;
              border-radius: 50%;
              display: grid;
              place-items: center;
              font-size: 30px;
              background: ${colors.primarySoft};
              color: ${colors.primary};
            `}
          >
            ♥
          </div>
          <h1
            css={css`
              font-size: 1.75rem;
            `}
          >
            {heading}
          </h1>
          <p
            css={css`
              margin: 0;
              font-weight: 600;
              color: ${colors.primary};
            `}
          >
            {t('common:status.comingSoon')}
          </p>
          <p
            css={css`
              margin: 8px 0 0;
              color: ${colors.textMuted};
            `}
          >
            {t('common:status.comingSoonText')}
          </p>
        </div>
      </Card>
    </div>
  );
}
