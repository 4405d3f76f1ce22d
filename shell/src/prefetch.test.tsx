import { fireEvent, screen, waitFor } from '@testing-library/react';
import { init, registerPlugins } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { initFederation } from './federation/remote-loader';
import { usePrefetch } from './prefetch';
import { renderInShell } from './test/render';

/** mf_landers served from memory: the runtime gets its container from this plugin, not a script. */
const requested: string[] = [];
const inMemoryLanders: ModuleFederationRuntimePlugin = {
  name: 'test-in-memory-landers',
  loadEntry({ remoteInfo }) {
    if (remoteInfo.name !== 'mf_landers') return undefined;
    return {
      init: () => undefined,
      get: (expose: string) => {
        requested.push(expose);
        return () => Promise.resolve({ routes: [], default: [], manifest: { name: 'mf_landers', namespaces: [] } });
      },
    };
  },
};

beforeAll(() => {
  init({ name: 'shell', remotes: [] });
  registerPlugins([inMemoryLanders]);
  initFederation({ remotes: [{ name: 'mf_landers', entry: 'http://cdn.test/mf-landers/remoteEntry.js' }] });
});

function FooterLink() {
  usePrefetch();
  return <a href="/pages/terms">Algemene voorwaarden</a>;
}

it("hovering a link loads its remote's pages ahead, without a <link rel=preload> that Chrome reports when unused", async () => {
  renderInShell(<FooterLink />);
  fireEvent.pointerOver(screen.getByRole('link', { name: 'Algemene voorwaarden' }));
  await waitFor(() => expect(requested).toContain('./routes'));
  expect(document.querySelectorAll('link[rel="preload"], link[rel="modulepreload"]')).toHaveLength(0);
});
