/**
 * Another remote's widget is loaded only when it is needed: on idle once the page has shown, or
 * at once on its bus event, which it then still receives.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { init, registerPlugins } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { bus } from '@dating/shared-kit/bus';
import { initFederation } from '../federation/remote-loader';
import { renderInShell } from '../test/render';
import { LazyWidget } from './lazy-widget';

/** A sign-up modal that opens on `signup:open` (as mf_auth_signup's does). */
function FakeSignupModal() {
  const [step, setStep] = useState<number | null>(null);
  useEffect(() => bus.on('signup:open', ({ step: s }) => setStep(s ?? 0)), []);
  return step === null ? null : <p>sign-up open at step {step}</p>;
}

const loaded: string[] = [];
const inMemoryAuth: ModuleFederationRuntimePlugin = {
  name: 'test-in-memory-auth',
  loadEntry({ remoteInfo }) {
    if (remoteInfo.name !== 'mf_auth_signup') return undefined;
    return {
      init: () => undefined,
      get: (expose: string) => {
        loaded.push(expose);
        return () => Promise.resolve({ default: FakeSignupModal });
      },
    };
  },
};

beforeAll(() => {
  init({ name: 'shell', remotes: [] });
  registerPlugins([inMemoryAuth]);
  initFederation({ remotes: [{ name: 'mf_auth_signup', entry: 'http://cdn.test/mf-auth-signup/remoteEntry.js' }] });
});
beforeEach(() => {
  loaded.length = 0;
});

it('loads nothing until its event, then mounts the widget and hands the event on', async () => {
  renderInShell(<LazyWidget id="mf_auth_signup/SignupModal" openOn="signup:open" />);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(loaded).toEqual([]);
  act(() => bus.emit('signup:open', { step: 2 }));
  expect(await screen.findByText('sign-up open at step 2')).toBeInTheDocument();
  expect(loaded).toEqual(['./SignupModal']);
});

it('with idle: loads once the page has shown and the browser is idle', async () => {
  renderInShell(<LazyWidget id="mf_auth_signup/EmailReminder" idle />);
  expect(loaded).toEqual([]);
  await waitFor(() => expect(loaded).toEqual(['./EmailReminder']), { timeout: 5000 });
}, 10_000);
