import type { ReactNode } from 'react';
import { useEffect } from 'react';

/** Frame of the legal/help pages: a readable column with an h1. */
export function StaticPage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <article
      css={(theme) => ({
        maxWidth: 760,
        margin: '0 auto',
        padding: '2rem 1rem 3rem',
        lineHeight: 1.65,
        color: theme.colors.text,
        h1: { fontSize: theme.fontSizes.xxl, marginBottom: '1rem' },
        h2: { fontSize: theme.fontSizes.xl, marginTop: '2rem', scrollMarginTop: '1rem' },
        h3: { fontSize: theme.fontSizes.lg, margin: '1.25rem 0 0.5rem' },
        p: { margin: '0 0 1rem' },
        'ul, ol': { margin: '0 0 1rem', paddingLeft: '1.5rem' },
        li: { marginBottom: '0.35rem' },
        a: { overflowWrap: 'anywhere' },
      })}
    >
      <h1>{title}</h1>
      {children}
    </article>
  );
}
