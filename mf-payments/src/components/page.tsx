import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Container } from '@dating/shared-kit/ui';

/** A payments screen: its title as the h1 and in the browser tab. */
export function Page({ title, children, intro }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Container>
      <h1 css={{ margin: '0 0 0.5rem' }}>{title}</h1>
      {intro ? <p css={{ margin: '0 0 1.5rem', fontSize: '1.0625rem' }}>{intro}</p> : null}
      {children}
    </Container>
  );
}
