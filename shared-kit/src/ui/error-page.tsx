import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { colors } from '../theme/theme';
import { useCommonT } from './use-common-translation';

/**
 * Error page: shows the message (also as the page title); the status defaults to 500 (spec
 * section 8). The shell's error and 404 pages, and a remote's page that finds nothing to show
 * (a lander of a member who is gone) use the same one.
 */
export function ErrorPage({ status = 500, message, children }: { status?: number; message?: string; children?: ReactNode }) {
  const t = useCommonT();
  const text = message ?? t('errors.generic');
  useEffect(() => {
    document.documentElement.dataset.httpStatus = String(status);
    return () => {
      delete document.documentElement.dataset.httpStatus;
    };
  }, [status]);
  // the browser tab (and history) names the error, as other pages name themselves
  useEffect(() => {
    document.title = text;
  }, [text]);
  return (
    <section
      aria-labelledby="error-page-title"
      css={{ padding: '3rem 1rem', textAlign: 'center', display: 'grid', gap: '1rem', justifyItems: 'center' }}
    >
      {/* muted, yet readable: at opacity 0.25 the number was 1.67:1 on the page's background (axe
          colour-contrast on every 404 page, e.g. /swipe; issue 29 item 19); textMuted is 5.9:1 */}
      <p aria-hidden="true" css={{ fontSize: '3.5rem', fontWeight: 800, margin: 0, color: colors.textMuted }}>
        {status}
      </p>
      <h1 id="error-page-title" css={{ margin: 0, fontSize: '1.5rem' }}>
        {text}
      </h1>
      {children}
    </section>
  );
}

/** Unknown page: 404 "This page could not be found" with a link home (spec section 2). */
export function NotFoundPage() {
  const t = useCommonT();
  return (
    <ErrorPage status={404} message={t('errors.notFound')}>
      <Link to="/">{t('errors.backHome')}</Link>
    </ErrorPage>
  );
}
