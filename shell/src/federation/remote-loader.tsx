/**
 * The shell reaches remotes only through the federation runtime (never by import):
 * `initFederation` registers the remotes read from /mf-remotes.json plus our runtime plugins;
 * `RemoteRoutes` renders a remote's `./routes` with `useRoutes`; `RemoteWidget` mounts an exposed
 * widget (`mf_auth_signup/SignupModal`, ...). Both sit inside RemoteMount (boundary + Suspense).
 */
import { lazy, useEffect } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { loadRemote as loadFederated, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesConfig } from './remotes-config';
import { fallbackPlugin, isFallbackModule, retryPlugin } from './runtime-plugins';
import { reportClientEvent, setRemoteBuilds } from './client-events';
import { RemoteMount } from './remote-boundary';
import { NotFoundPage } from '../pages/not-found-page';
import { provideRemoteLoader } from '@dating/shared-kit/ui';
import { translationsSettled } from '@dating/shared-kit/i18n';

/**
 * A remote's exposed module, once the texts it registered have arrived too: a remote's bundles
 * load per language after its module ran (shared-kit registerNamespace), and a page that showed
 * before them would show keys.
 */
async function loadRemote<T>(id: string): Promise<T | null> {
  const module = await loadFederated<T>(id);
  await translationsSettled();
  return module;
}

/** What every remote's `./routes` exposes. */
export interface RoutesModule {
  routes?: RouteObject[];
  default?: RouteObject[];
}

/** What a widget expose looks like: a default-exported component without required props. */
export interface WidgetModule {
  default?: ComponentType;
}

let registered: ReadonlySet<string> = new Set();

export function initFederation(config: RemotesConfig): void {
  registerPlugins([retryPlugin(), fallbackPlugin()]);
  registerRemotes(
    config.remotes.map((remote) => ({ name: remote.name, entry: remote.entry })),
    { force: true },
  );
  registered = new Set(config.remotes.map((remote) => remote.name));
  setRemoteBuilds(config.remotes);
  // a remote's page may show another remote's widget (shared-kit RemoteSlot): through this runtime
  provideRemoteLoader((id) => {
    const remote = id.split('/')[0] ?? id;
    if (!isRegistered(remote)) return Promise.reject(new RemoteUnavailableError(remote, 'not listed in /mf-remotes.json'));
    return loadRemote(id);
  });
}

export function isRegistered(remote: string): boolean {
  return registered.has(remote);
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    detail?: string,
  ) {
    super(`remote ${remote} is unavailable${detail ? `: ${detail}` : ''}`);
    this.name = 'RemoteUnavailableError';
  }
}

async function loadRoutes(remote: string): Promise<{ routes: RouteObject[]; unavailable: boolean }> {
  if (!isRegistered(remote)) throw new RemoteUnavailableError(remote, 'not listed in /mf-remotes.json');
  const module = await loadRemote<RoutesModule>(`${remote}/routes`);
  const routes = module?.routes ?? module?.default;
  if (!Array.isArray(routes)) throw new RemoteUnavailableError(remote, './routes exports no route array');
  return { routes, unavailable: isFallbackModule(module) };
}

/**
 * Reports one `mount` of `remote` once the tree it sits in has rendered and its children's effects
 * ran (a child that throws unmounts the tree first: the boundary reports a render_error instead).
 * Not for the fallback module of a remote that could not be loaded (that was a load_error).
 */
function useMountReport(remote: string, loaded: boolean): void {
  useEffect(() => {
    if (loaded) reportClientEvent(remote, 'mount');
  }, [remote, loaded]);
}

const routeComponents = new Map<string, LazyExoticComponent<ComponentType>>();

function routesComponent(remote: string, attempt: number): LazyExoticComponent<ComponentType> {
  const key = `${remote}#${attempt}`;
  let component = routeComponents.get(key);
  if (!component) {
    component = lazy(async () => {
      const { routes, unavailable } = await loadRoutes(remote);
      function RemoteRouteTree() {
        useMountReport(remote, !unavailable);
        return useRoutes(routes) ?? <NotFoundPage />;
      }
      RemoteRouteTree.displayName = `RemoteRoutes(${remote})`;
      return { default: RemoteRouteTree };
    });
    routeComponents.set(key, component);
  }
  return component;
}

/** A remote's pages for the current URL, contained. */
export function RemoteRoutes({ remote, pathname }: { remote: string; pathname: string }) {
  return (
    <RemoteMount remote={remote} resetKey={pathname}>
      {(attempt) => {
        const Routes = routesComponent(remote, attempt);
        return <Routes />;
      }}
    </RemoteMount>
  );
}

const widgetComponents = new Map<string, LazyExoticComponent<ComponentType>>();

function widgetComponent(id: string, attempt: number): LazyExoticComponent<ComponentType> {
  const key = `${id}#${attempt}`;
  let component = widgetComponents.get(key);
  if (!component) {
    component = lazy(async () => {
      const remote = id.split('/')[0] ?? id;
      if (!isRegistered(remote)) throw new RemoteUnavailableError(remote, 'not listed in /mf-remotes.json');
      const module = await loadRemote<WidgetModule>(id);
      const Widget = module?.default;
      if (typeof Widget !== 'function' && typeof Widget !== 'object')
        throw new RemoteUnavailableError(remote, `${id} has no default export`);
      const loaded = !isFallbackModule(module);
      const Inner: ComponentType = Widget;
      function ReportedWidget() {
        useMountReport(remote, loaded);
        return <Inner />;
      }
      ReportedWidget.displayName = `RemoteWidget(${id})`;
      return { default: ReportedWidget };
    });
    widgetComponents.set(key, component);
  }
  return component;
}

/** Calls `onReady` once its siblings before it have mounted (their effects run first). */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(() => onReady(), [onReady]);
  return null;
}

/**
 * Mount an exposed widget such as `mf_auth_signup/SignupModal`; renders nothing if it fails.
 * `onReady` runs once the widget has mounted and its effects (bus subscriptions) have run.
 */
export function RemoteWidget({ id, onReady }: { id: `${string}/${string}`; onReady?: () => void }) {
  const remote = id.split('/')[0] ?? id;
  return (
    <RemoteMount remote={remote} variant="widget">
      {(attempt) => {
        const Widget = widgetComponent(id, attempt);
        return (
          <>
            <Widget />
            {onReady ? <Ready onReady={onReady} /> : null}
          </>
        );
      }}
    </RemoteMount>
  );
}

const prefetched = new Set<string>();

/**
 * Warm a remote up. Never throws. Neither kind adds a <link rel=preload>: a hovered link that is
 * not followed left an unused preload, and Chrome warned about it in the console a few seconds later.
 * - 'idle': load its entry and tiny ./manifest module;
 * - 'intent' (hover/focus on a link): also load its ./routes module, which is needed next (the
 *   runtime keeps it, so the page then renders without another request).
 */
export function prefetchRemote(remote: string, kind: 'idle' | 'intent' = 'intent'): void {
  const key = `${remote}:${kind}`;
  if (prefetched.has(key) || !isRegistered(remote)) return;
  prefetched.add(key);
  const warm = kind === 'idle' ? loadRemote(`${remote}/manifest`) : loadRemote(`${remote}/routes`);
  warm.catch((error: unknown) => {
    prefetched.delete(key);
    console.warn(`[shell] prefetch of ${remote} failed`, error);
  });
}
