/* global beforeAll */
// Loaded after the test framework: jest-dom matchers for every frontend test.
require('@testing-library/jest-dom');

// A module's texts registered with loaders (shared-kit registerNamespace) arrive asynchronously, as
// in the browser, where the shell waits for them after loading a remote's module: each test file
// starts once the bundles its imports asked for are there.
beforeAll(async () => {
  const lazy = globalThis.__datingI18nLazy__;
  while (lazy && lazy.pending.size > 0) await Promise.allSettled([...lazy.pending]);
});
