/**
 * The sign-up call to action of every lander. Sign-up opens the way the product wants (modal from
 * 768 px up through the bus event, the /signup page on a phone) and keeps the lander's tracking:
 * the modal (mf-auth-signup) reads it from this page's URL, the phone's /signup page gets it in
 * its own URL. A logged-in member is sent on to the member overview instead.
 */
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bus } from '@dating/shared-kit/bus';
import { useSession } from '@dating/shared-kit/state';
import { colors, radii, shadows } from '@dating/shared-kit/theme';
import { NAMESPACE } from '../../namespace';
import { trackingQuery } from './tracking';

/** Signup opens as a modal from 768 px up and as a page below (spec section 2). */
export function signupAsModal(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 768px)').matches;
}

/** Open sign-up: modal (bus event) on desktop, the page on a phone, the tracking kept. */
export function useOpenSignup(): () => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return () => {
    if (signupAsModal()) bus.emit('signup:open', {});
    else void navigate(`/signup${trackingQuery(search)}`);
  };
}

const ctaStyle = {
  font: 'inherit',
  fontWeight: 700,
  fontSize: '1.1rem',
  padding: '0.85rem 1.8rem',
  border: 0,
  borderRadius: radii.pill,
  background: colors.secondary,
  color: colors.onSecondary,
  boxShadow: shadows.md,
  cursor: 'pointer',
  textDecoration: 'none',
  display: 'inline-block',
  textAlign: 'center',
  '&:hover': { background: colors.secondaryHover },
} as const;

/** The call to action: "Gratis aanmelden" (or the given text) for a visitor, "to the members" for a member. */
export function SignupCta({ children, className }: { children?: ReactNode; className?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const openSignup = useOpenSignup();
  const loggedIn = useSession() !== null;
  if (loggedIn) {
    return (
      <Link to="/members" css={ctaStyle} className={className}>
        {t('landers.ctaMember')}
      </Link>
    );
  }
  return (
    <button type="button" onClick={openSignup} css={ctaStyle} className={className}>
      {children ?? t('landers.cta')}
    </button>
  );
}
