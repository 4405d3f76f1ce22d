/**
 * Packages p0-p3: credits, price in the member's currency, price per credit, the
 * 'popular' ribbon and the discount ribbon (old and new price). The try-out package is shown on
 * its own under the list. What the buy button does is the page's choice (`action`).
 */
import type { ReactNode } from 'react';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, mq, radii, shadows } from '@dating/shared-kit/theme';
import { NAMESPACE } from '../i18n';
import type { CreditPackage, Currency } from '@dating/shared-kit/contracts';
import { formatPricePerCredit } from '../lib/money';
import { Price } from './price';

const ribbon = (background: string, color: string) =>
  ({
    display: 'inline-block',
    padding: '0.2rem 0.7rem',
    borderRadius: radii.pill,
    fontSize: '0.8125rem',
    fontWeight: 700,
    background,
    color,
  }) as const;

export interface PackageListProps {
  packages: readonly CreditPackage[];
  currency: Currency;
  /** the buy button (or link) of one package */
  action: (pkg: CreditPackage) => ReactNode;
}

function PackageCard({ pkg, currency, action }: { pkg: CreditPackage; currency: Currency; action: ReactNode }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const percent = pkg.original_amount > pkg.amount ? (pkg.discount?.percentage ?? 0) : 0;
  return (
    <li
      css={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        gap: '0.5rem',
        padding: '1.25rem',
        background: colors.surface,
        borderRadius: radii.lg,
        border: `2px solid ${pkg.popular ? colors.primary : colors.border}`,
        boxShadow: pkg.popular ? shadows.lg : shadows.md,
      }}
    >
      <div css={{ display: 'flex', gap: '0.4rem', flexWrap: 'wrap', minHeight: '1.6rem' }}>
        {pkg.popular ? <span css={ribbon(colors.secondary, colors.onSecondary)}>{t('packages.popular')}</span> : null}
        {percent > 0 ? <span css={ribbon(colors.primaryHover, colors.onPrimary)}>{t('packages.discount', { percent })}</span> : null}
      </div>
      <h2 css={{ margin: 0, fontSize: '1.375rem' }}>{t('packages.credits', { credits: pkg.credits })}</h2>
      <Price amount={pkg.amount} original={pkg.original_amount} currency={currency} />
      <p css={{ margin: 0, color: colors.textMuted, fontSize: '0.875rem' }}>
        {t('packages.perCredit', { price: formatPricePerCredit(pkg.amount, pkg.credits, currency, i18n.language) })}
      </p>
      <div css={{ marginTop: 'auto', paddingTop: '0.5rem' }}>{action}</div>
    </li>
  );
}

export function PackageList({ packages, currency, action }: PackageListProps) {
  const { t } = useTranslation(NAMESPACE);
  const regular = packages.filter((p) => !p.tryout);
  const tryout = packages.filter((p) => p.tryout);
  return (
    <>
      <ul
        aria-label={t('packages.label')}
        css={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: '1rem',
          gridTemplateColumns: '1fr',
          [mq.sm]: { gridTemplateColumns: 'repeat(2, 1fr)' },
          [mq.lg]: { gridTemplateColumns: `repeat(${Math.min(Math.max(regular.length, 1), 4)}, 1fr)` },
        }}
      >
        {regular.map((pkg) => (
          <PackageCard key={pkg.id} pkg={pkg} currency={currency} action={action(pkg)} />
        ))}
      </ul>
      {tryout.length > 0 ? (
        <section aria-labelledby="payments-tryout" css={{ marginTop: '1.5rem' }}>
          <h2 id="payments-tryout" css={{ fontSize: '1.25rem', margin: '0 0 0.25rem' }}>
            {t('packages.tryout')}
          </h2>
          <p css={{ margin: '0 0 0.75rem', color: colors.textMuted }}>{t('packages.tryoutText')}</p>
          <ul
            aria-label={t('packages.tryout')}
            css={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              display: 'grid',
              gap: '1rem',
              [mq.sm]: { gridTemplateColumns: 'repeat(2, 1fr)' },
            }}
          >
            {tryout.map((pkg) => (
              <PackageCard key={pkg.id} pkg={pkg} currency={currency} action={action(pkg)} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
