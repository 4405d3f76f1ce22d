/**
 * For shell tests that render whole pages: the federation runtime with no remote reachable (the
 * shell must still render its own parts), console errors of the contained remotes silenced, a
 * Dutch site and no session before each test.
 */
import { act } from '@testing-library/react';
import { init } from '@module-federation/enhanced/runtime';
import { i18n } from '@dating/shared-kit/i18n';
import { setSession, settingsAtom, store } from '@dating/shared-kit/state';
import { makeSettings } from '@dating/shared-kit/testing';
import { initFederation } from '../federation/remote-loader';

export function withUnreachableRemotes(): void {
  beforeAll(() => {
    // in the browser webpack's federation runtime creates the host instance; here we do
    init({ name: 'shell', remotes: [] });
    initFederation({ remotes: [] });
  });

  beforeEach(async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    store.set(settingsAtom, makeSettings({ name: 'Flirtlokaal', index_title: 'Flirtlokaal - daten', domain_language: 'nl' }));
    act(() => setSession(null));
    await act(async () => {
      await i18n.changeLanguage('nl');
    });
  });
}
