import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Error page: shows the message (also as the page title); the status defaults to 500 (spec section 8). */
export function ErrorPage({ status = 500, message, children }: { status?: number; message?: string; children?: ReactNode }) {
  const { t } = useTranslation('common');
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
      <p aria-hidden="true" css={{ fontSize: '3.5rem', fontWeight: 800, margin: 0, opacity: 0.25 }}>
        {status}
      </p>
      <h1 id="error-page-title" css={{ margin: 0, fontSize: '1.5rem' }}>
        {text}
      </h1>
      {children}
    </section>
  );
}
