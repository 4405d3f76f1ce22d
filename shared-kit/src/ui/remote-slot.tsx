/**
 * A place in one remote's page that another remote fills (e.g. mf-members' search results show
 * mf-landers' `./ResellTile`, whose content the growth team owns). Remotes never import each
 * other: the shell provides the federation loader here at start (`provideRemoteLoader`), and a
 * slot loads the exposed component through it. A slot that cannot load renders nothing.
 */
import { Component, lazy, Suspense } from 'react';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';

type Loader = (id: string) => Promise<unknown>;
let loader: Loader | null = null;

/** Called once by the shell with the federation runtime's `loadRemote`. */
export function provideRemoteLoader(load: Loader): void {
  loader = load;
}

class Contained extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const components = new Map<string, LazyExoticComponent<ComponentType>>();

function slotComponent(id: string): LazyExoticComponent<ComponentType> {
  let found = components.get(id);
  if (!found) {
    found = lazy(async () => {
      if (!loader) throw new Error(`no remote loader for ${id}`);
      const module = (await loader(id)) as { default?: ComponentType } | undefined;
      if (!module?.default) throw new Error(`${id} has no default export`);
      return { default: module.default };
    });
    components.set(id, found);
  }
  return found;
}

/** Renders `<remote>/<expose>`'s default export; nothing while it loads or when it fails. */
export function RemoteSlot({ id }: { id: `${string}/${string}` }) {
  const Slot = slotComponent(id);
  return (
    <Contained>
      <Suspense fallback={null}>
        <Slot />
      </Suspense>
    </Contained>
  );
}
