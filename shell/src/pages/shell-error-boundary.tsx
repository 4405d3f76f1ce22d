import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { ErrorPage } from './error-page';

/** Last line of defence around the whole shell: the error page (status 500, generic message). */
export class ShellErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[shell] the shell failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <ErrorPage status={500} />;
    return this.props.children;
  }
}
