/**
 * The shell's app rendered into the page (boot.tsx loads this module after the start's first
 * task: React DOM and the shell's UI are evaluated in a task of their own).
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

export function renderApp(container: HTMLElement): void {
  // rendered in a transition: React yields to the browser every few milliseconds instead of
  // building the whole first page in one long task (the phone's first tap waits on no such task)
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
