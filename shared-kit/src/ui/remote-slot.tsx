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
const components = new Map<string, LazyExoticComponent<ComponentType>>();

/** Called once by the shell with the federation runtime's `loadRemote` (another loader starts afresh). */
export function provideRemoteLoader(load: Loader): void {
  loader = load;
  components.clear();
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

/**
 * Renders `<remote>/<expose>`'s default export; nothing when it fails. While it loads it shows
 * `placeholder` (default nothing): give one that takes the component's place when the page around
 * it must not move as it arrives (issue 13: no layout shift from a remote arriving).
 */
export function RemoteSlot({ id, placeholder = null }: { id: `${string}/${string}`; placeholder?: ReactNode }) {
  const Slot = slotComponent(id);
  return (
    <Contained>
      <Suspense fallback={placeholder}>
        <Slot />
      </Suspense>
    </Contained>
  );
}
