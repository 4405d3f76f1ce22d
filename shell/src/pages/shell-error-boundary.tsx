import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ErrorPage } from './error-page';

interface Props {
  children: ReactNode;
  /** the page's path: a new one (a link, the browser's back button) tries the shell again */
  resetKey: string;
}

/**
 * Last line of defence around the whole shell: the error page (status 500, generic message) with
 * a link home. Going to another page renders the shell again instead of keeping the error.
 */
class Boundary extends Component<Props, { key: string; failed: boolean }> {
  override state = { key: this.props.resetKey, failed: false };

  static getDerivedStateFromProps(props: Props, state: { key: string; failed: boolean }) {
    return props.resetKey === state.key ? null : { key: props.resetKey, failed: false };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[shell] the shell failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <ShellErrorPage />;
    return this.props.children;
  }
}

function ShellErrorPage() {
  const { t } = useTranslation('common');
  return (
    <ErrorPage status={500}>
      <Link to="/">{t('errors.backHome')}</Link>
    </ErrorPage>
  );
}

export function ShellErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
