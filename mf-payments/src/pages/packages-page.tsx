/**
 * /credits, /premium and /pricing: the packages with their prices, ribbons, the try-out
 * package, the one-time-payment notice and the refund period. Members choose a package and go on
 * to the payment method; visitors (/pricing is for everyone) are asked to sign up first.
 */
import { Link } from 'react-router';
import { bus } from '@dating/shared-kit/bus';
import { useTranslation } from '@dating/shared-kit/i18n';
import { useSession } from '@dating/shared-kit/state';
import { Alert, Button, Spinner, buttonStyles } from '@dating/shared-kit/ui';
import { DiscountCodeField } from '../components/discount-code-field';
import { PackageList } from '../components/package-list';
import { Page } from '../components/page';
import { RefundNote } from '../components/refund-note';
import { useCredits } from '../components/use-credits';
import { useMoney } from '../components/use-money';
import type { CreditPackage } from '@dating/shared-kit/contracts';
import { NAMESPACE } from '../i18n';

export type PackagesVariant = 'credits' | 'premium' | 'pricing';

const TITLES = { credits: 'titles.credits', premium: 'titles.premium', pricing: 'titles.pricing' } as const;
const INTROS = { credits: 'intro.credits', premium: 'intro.premium', pricing: 'intro.pricing' } as const;

function PremiumBenefits() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ul aria-label={t('premium.benefits')} css={{ margin: '0 0 1.5rem', paddingInlineStart: '1.25rem', lineHeight: 1.7 }}>
      <li>{t('premium.allPhotos')}</li>
      <li>{t('premium.morePhotos')}</li>
      <li>{t('premium.noLimit')}</li>
      <li>{t('premium.moreMatches')}</li>
    </ul>
  );
}

export function PackagesPage({ variant }: { variant: PackagesVariant }) {
  const { t } = useTranslation(NAMESPACE);
  const user = useSession();
  const money = useMoney();
  const { data, error, loading } = useCredits();

  const action = (pkg: CreditPackage) => {
    const label = t('packages.buyLabel', { credits: pkg.credits, price: data ? money(pkg.amount, data.currency) : '' });
    if (!user) {
      return (
        <Button fullWidth onClick={() => bus.emit('signup:open', {})} aria-label={t('packages.signupToBuyLabel', { credits: pkg.credits })}>
          {t('packages.signupToBuy')}
        </Button>
      );
    }
    return (
      <Link
        to={`/credits/${encodeURIComponent(pkg.id)}`}
        css={buttonStyles(pkg.popular ? 'primary' : 'outline', 'md', true)}
        aria-label={label}
      >
        {t('packages.buy')}
      </Link>
    );
  };

  return (
    <Page title={t(TITLES[variant])} intro={t(INTROS[variant])}>
      {variant === 'premium' && user?.paid_user ? <Alert variant="success">{t('premium.already')}</Alert> : null}
      {variant === 'premium' && !user?.paid_user ? <PremiumBenefits /> : null}
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {loading && !data ? <Spinner /> : null}
      {data ? (
        <>
          <PackageList packages={data.packages} currency={data.currency} action={action} />
          <RefundNote />
        </>
      ) : null}
      {/* below the packages once they are there: shown before them, it jumped down when they came */}
      {user && (data || error) ? (
        <div css={{ marginTop: '2rem', display: 'grid', gap: '1rem' }}>
          <DiscountCodeField />
          <nav aria-label={t('more.label')} css={{ display: 'flex', gap: '1.25rem', flexWrap: 'wrap' }}>
            {data?.saved_card ? <Link to="/credits/repeat-order">{t('more.repeatOrder')}</Link> : null}
            <Link to="/transactions">{t('titles.transactions')}</Link>
          </nav>
        </div>
      ) : null}
    </Page>
  );
}
