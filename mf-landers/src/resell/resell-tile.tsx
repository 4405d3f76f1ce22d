/**
 * ./ResellTile: the cams/resell tile, among mf-members' search results (only when the
 * site setting `member_resell` is on: mf-members decides where, this module what). The growth
 * team owns it: the partner link in resell.json, the texts in this module's locales
 * (`resell.*`). Marked as an advertisement; the link is `rel="sponsored"` and opens a new tab.
 */
import '../i18n';
import { useTranslation } from 'react-i18next';
import { colors, radii, shadows } from '@dating/shared-kit/theme';
import { NAMESPACE } from '../i18n';
import config from './resell.json';

export default function ResellTile() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <a
      href={config.partnerUrl}
      target="_blank"
      rel="sponsored noopener noreferrer"
      css={{
        flex: 1,
        width: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: radii.lg,
        overflow: 'hidden',
        background: colors.surface,
        border: `1px solid ${colors.border}`,
        boxShadow: shadows.sm,
        color: colors.text,
        textDecoration: 'none',
        '&:hover, &:focus-visible': { boxShadow: shadows.md },
      }}
    >
      {/* the picture takes what the row leaves (at least the icon), not a square of its own: the tile
          stands among profile cards (a square photo and two lines) and, with its four lines under a
          square, it made their row taller when it arrived and moved the rows below (issue 13 item 21) */}
      <span
        aria-hidden="true"
        css={{
          position: 'relative',
          flex: '1 1 0px',
          display: 'grid',
          placeItems: 'center',
          background: `linear-gradient(150deg, ${colors.dark}, #7048e8 60%, ${colors.primary})`,
        }}
      >
        <svg viewBox="0 0 48 48" width="72" height="72">
          <rect x="6" y="14" width="26" height="20" rx="4" fill="#fff" />
          <path d="M34 20l9-5v18l-9-5z" fill="#fff" />
          <circle cx="13" cy="20" r="2.5" fill={colors.danger} />
        </svg>
      </span>
      <span css={{ padding: '10px 12px 12px', display: 'flex', flexDirection: 'column', gap: 4 }}>
        <span
          css={{
            alignSelf: 'flex-start',
            fontSize: '0.7rem',
            fontWeight: 700,
            textTransform: 'uppercase',
            letterSpacing: '0.04em',
            background: colors.warningSoft,
            color: colors.dark,
            borderRadius: radii.pill,
            padding: '1px 8px',
          }}
        >
          {t('resell.label')}
        </span>
        <span css={{ fontWeight: 700 }}>{t('resell.title')}</span>
        <span css={{ color: colors.textMuted, fontSize: '0.875rem' }}>{t('resell.text')}</span>
        <span css={{ color: colors.primary, fontWeight: 600, fontSize: '0.875rem' }}>{t('resell.cta')}</span>
      </span>
    </a>
  );
}
