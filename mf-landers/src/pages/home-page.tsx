/**
 * The index `/`. Visitors: the landing hero with the sign-up call to action (a modal on desktop,
 * the /signup page on a phone, spec section 2; the landing URL's tracking kept). Logged-in members go on to the member overview.
 */
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession, useSettings } from '@dating/shared-kit/state';
import { mq } from '@dating/shared-kit/theme';
import { NAMESPACE } from '../namespace';
import { useOpenSignup } from '../landers/common/cta';

const FEATURES = [
  { key: 'search', icon: '⌕' },
  { key: 'match', icon: '♥' },
  { key: 'chat', icon: '✉' },
] as const;

/** Decorative stack of profile cards beside the hero text (large screens only). */
function HeroCards() {
  const cards = [
    { rotate: -8, x: '0%', y: '8%', from: '#ff9a9e', to: '#fad0c4' },
    { rotate: 6, x: '34%', y: '0%', from: '#a18cd1', to: '#fbc2eb' },
    { rotate: -2, x: '17%', y: '22%', from: '#fbc2eb', to: '#ffd23f' },
  ];
  return (
    <div aria-hidden="true" css={{ display: 'none', position: 'relative', height: 360, [mq.lg]: { display: 'block' } }}>
      {cards.map((card, index) => (
        <div
          key={index}
          css={(theme) => ({
            position: 'absolute',
            left: card.x,
            top: card.y,
            width: 210,
            height: 280,
            borderRadius: theme.radii.lg,
            background: theme.colors.surface,
            boxShadow: theme.shadows.lg,
            transform: `rotate(${card.rotate}deg)`,
            overflow: 'hidden',
            display: 'grid',
            gridTemplateRows: '1fr auto',
          })}
        >
          <div
            css={{
              background: `linear-gradient(160deg, ${card.from}, ${card.to})`,
              display: 'grid',
              placeItems: 'center',
              fontSize: '4rem',
              color: 'rgba(255,255,255,0.9)',
            }}
          >
            ♥
          </div>
          <div css={{ padding: '0.75rem 1rem', display: 'grid', gap: '0.4rem' }}>
            <span css={(theme) => ({ height: 10, width: '60%', borderRadius: 5, background: theme.colors.border })} />
            <span css={(theme) => ({ height: 8, width: '40%', borderRadius: 4, background: theme.colors.border })} />
          </div>
        </div>
      ))}
    </div>
  );
}

export function HomePage() {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const settings = useSettings();
  const openSignup = useOpenSignup();
  useEffect(() => {
    if (settings?.index_title) document.title = settings.index_title;
  }, [settings?.index_title]);
  if (user) return <Navigate to="/members" replace />;
  return (
    <div>
      <section
        aria-labelledby="home-title"
        css={(theme) => ({
          background: `linear-gradient(135deg, ${theme.colors.primary} 0%, ${theme.colors.dark} 100%)`,
          color: theme.colors.onPrimary,
          padding: '3.5rem 0 4rem',
          [mq.md]: { padding: '5.5rem 0 6rem' },
        })}
      >
        <div
          css={{
            maxWidth: 1140,
            margin: '0 auto',
            padding: '0 1rem',
            display: 'grid',
            alignItems: 'center',
            gap: '2rem',
            [mq.lg]: { gridTemplateColumns: '1.1fr 0.9fr' },
          }}
        >
          <div css={{ display: 'grid', gap: '1.25rem', justifyItems: 'start' }}>
            <h1
              id="home-title"
              css={(theme) => ({
                color: 'inherit',
                margin: 0,
                fontSize: theme.fontSizes.xxl,
                maxWidth: '18ch',
                [mq.md]: { fontSize: '3rem' },
              })}
            >
              {t('home.title')}
            </h1>
            <p css={{ margin: 0, fontSize: '1.1rem', maxWidth: '46ch', opacity: 0.92 }}>{t('home.lead')}</p>
            <button
              type="button"
              onClick={openSignup}
              css={(theme) => ({
                font: 'inherit',
                fontWeight: 700,
                fontSize: '1.1rem',
                padding: '0.85rem 1.8rem',
                border: 0,
                borderRadius: theme.radii.pill,
                background: theme.colors.secondary,
                color: theme.colors.onSecondary,
                boxShadow: theme.shadows.md,
                cursor: 'pointer',
                '&:hover': { background: theme.colors.secondaryHover },
              })}
            >
              {t('home.signup')}
            </button>
            <p css={{ margin: 0 }}>
              {t('home.haveAccount')}{' '}
              <Link to="/login" css={{ color: 'inherit', fontWeight: 700 }}>
                {t('home.login')}
              </Link>
            </p>
            <p css={{ margin: 0, fontSize: '0.85rem', opacity: 0.8 }}>{t('home.adults')}</p>
          </div>
          <HeroCards />
        </div>
      </section>
      <section aria-labelledby="home-features" css={{ maxWidth: 1140, margin: '0 auto', padding: '2.5rem 1rem 3rem' }}>
        <h2 id="home-features" css={{ textAlign: 'center', marginBottom: '1.5rem' }}>
          {t('home.featuresTitle')}
        </h2>
        <ul
          css={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: '1rem',
            [mq.md]: { gridTemplateColumns: 'repeat(3, 1fr)' },
          }}
        >
          {FEATURES.map((feature) => (
            <li
              key={feature.key}
              css={(theme) => ({
                background: theme.colors.surface,
                borderRadius: theme.radii.lg,
                boxShadow: theme.shadows.sm,
                padding: '1.5rem',
                display: 'grid',
                gap: '0.5rem',
              })}
            >
              <span aria-hidden="true" css={(theme) => ({ fontSize: '1.75rem', color: theme.colors.primary })}>
                {feature.icon}
              </span>
              <h3 css={{ margin: 0 }}>{t(`home.${feature.key}Title`)}</h3>
              <p css={{ margin: 0 }}>{t(`home.${feature.key}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
