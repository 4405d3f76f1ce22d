/**
 * Third failure layer: every remote mount sits in an error boundary + Suspense. A remote that
 * throws while rendering (or whose module cannot be fetched) shows the translated "unavailable"
 * message with a retry button; the retry remounts the subtree with a fresh attempt key so the
 * module is requested again. Widgets (modals, banners) fail silently.
 */
import { Component, Suspense, useCallback, useState } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { bus } from '@dating/shared-kit/bus';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload';
import { reportClientEvent } from './client-events';
import { ModuleUnavailable, RemoteRetryContext } from './module-unavailable';
import { usePendingMarker } from '../loading-state';

interface BoundaryProps {
  remote: string;
  variant: 'page' | 'widget';
  onRetry: () => void;
  /** when this changes while an error is shown (e.g. navigation), try again */
  resetKey?: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
}

export class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[shell] remote ${this.props.remote} failed`, error, info.componentStack);
    // the remote's health (issue 27): could it not be loaded, or did it throw while rendering?
    const loadFailed = isChunkLoadError(error) || (error instanceof Error && error.name === 'RemoteUnavailableError');
    reportClientEvent(this.props.remote, loadFailed ? 'load_error' : 'render_error');
    if (reloadForChunkError(error)) return;
    const message = error instanceof Error ? error.message : String(error);
    bus.emit('remote:error', { remote: this.props.remote, message: message.slice(0, 500) });
    // Contained, but not hidden: the page's global error handler (monitoring) still hears of it.
    if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  }

  override componentDidUpdate(prev: BoundaryProps): void {
    if (this.state.error !== null && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (this.state.error !== null) {
      if (this.props.variant === 'widget') return null;
      return <ModuleUnavailable remote={this.props.remote} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}

/** Suspense fallback that also drives the navigation loading bar. */
function PendingFallback({ variant }: { variant: 'page' | 'widget' }) {
  usePendingMarker(variant === 'page');
  if (variant === 'widget') return null;
  return <div aria-busy="true" css={{ minHeight: '40vh' }} />;
}

/**
 * Mounts `render(attempt)` contained. The attempt number changes on every retry; loaders key
 * their lazy components by it so a retry really fetches again.
 */
export function RemoteMount({
  remote,
  variant = 'page',
  resetKey,
  children,
}: {
  remote: string;
  variant?: 'page' | 'widget';
  /** remount (clear an error) when this changes, e.g. the pathname */
  resetKey?: string;
  children: (attempt: number) => ReactNode;
}) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return (
    <RemoteRetryContext.Provider value={retry}>
      <RemoteErrorBoundary key={attempt} remote={remote} variant={variant} onRetry={retry} resetKey={resetKey}>
        <Suspense fallback={<PendingFallback variant={variant} />}>{children(attempt)}</Suspense>
      </RemoteErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}
