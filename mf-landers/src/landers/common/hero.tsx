/** The top of a lander: headline (the page's h1), lead, the call to action and an 18+ note. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mq } from '@dating/shared-kit/theme';
import { NAMESPACE } from '../../namespace';
import { SignupCta } from './cta';

export interface HeroProps {
  title: string;
  lead: string;
  /** background of the band (CSS) and its text colour */
  background: string;
  color?: string;
  /** beside the text on wide screens, under it on a phone */
  aside?: ReactNode;
  cta?: string;
}

export function Hero({ title, lead, background, color = '#fff', aside, cta }: HeroProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section aria-labelledby="lander-title" css={{ background, color, padding: '2rem 0 2.5rem', [mq.md]: { padding: '3.5rem 0 4rem' } }}>
      <div
        css={{
          maxWidth: 1140,
          margin: '0 auto',
          padding: '0 1rem',
          display: 'grid',
          gap: '1.75rem',
          alignItems: 'center',
          [mq.lg]: { gridTemplateColumns: aside ? '1.05fr 0.95fr' : '1fr' },
        }}
      >
        <div css={{ display: 'grid', gap: '1rem', justifyItems: 'start' }}>
          <h1
            id="lander-title"
            css={{ color: 'inherit', margin: 0, fontSize: '2rem', lineHeight: 1.15, maxWidth: '20ch', [mq.md]: { fontSize: '2.75rem' } }}
          >
            {title}
          </h1>
          <p css={{ margin: 0, fontSize: '1.1rem', maxWidth: '46ch', opacity: 0.95 }}>{lead}</p>
          <SignupCta>{cta}</SignupCta>
          <p css={{ margin: 0, fontSize: '0.85rem', opacity: 0.85 }}>{t('landers.adults')}</p>
        </div>
        {aside ?? null}
      </div>
    </section>
  );
}

/** A band below the hero: heading and content, with the call to action again at its end. */
export function Section({ title, children, cta = true }: { title: string; children: ReactNode; cta?: boolean }) {
  const id = `lander-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} css={{ maxWidth: 1140, margin: '0 auto', padding: '2.5rem 1rem', display: 'grid', gap: '1.25rem' }}>
      <h2 id={id} css={{ margin: 0, textAlign: 'center' }}>
        {title}
      </h2>
      {children}
      {cta ? (
        <p css={{ margin: 0, textAlign: 'center' }}>
          <SignupCta />
        </p>
      ) : null}
    </section>
  );
}
