/**
 * Jest preset for every frontend workspace (and shared-kit itself).
 *
 * Usage, in `<workspace>/jest.config.cjs`:
 *
 *   // either as a preset (jest resolves `@dating/shared-kit/jest-preset`):
 *   module.exports = { preset: '@dating/shared-kit' };
 *
 *   // or by spreading it (to add or override options):
 *   const preset = require('@dating/shared-kit/jest-preset');
 *   module.exports = { ...preset, testPathIgnorePatterns: [...preset.testPathIgnorePatterns, '/e2e/'] };
 *
 * What it gives:
 * - a jsdom environment (`./test/jsdom-environment.cjs`) that also exposes Node's own `fetch`,
 *   `Request`, `Response`, `Headers`, `TextEncoder`/`TextDecoder` and web streams, so components
 *   can talk to a real local server in tests; XMLHttpRequest is jsdom's (real network).
 *   A node-only test file can opt out with a `/** @jest-environment node *\/` docblock.
 *   Packages resolve through their `require`/`default` export conditions (not `browser`), so
 *   dependencies load as CommonJS.
 * - @swc/jest for .ts/.tsx/.js/.jsx with the automatic JSX runtime from `@emotion/react`
 *   (so the `css` prop works exactly as in the webpack builds);
 * - `.css`/`.less`/`.scss` imports map to an empty object, images/`.svg`/fonts to their file name;
 * - `@testing-library/jest-dom` matchers (`toBeInTheDocument`, `toHaveAccessibleName`, ...) loaded
 *   after the environment (jest-dom needs `expect`, hence setupFilesAfterEnv).
 *
 * Paths are absolute (require.resolve) so the preset works from any workspace's rootDir.
 */
const path = require('node:path');

const swcOptions = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', tsx: true },
    transform: {
      react: { runtime: 'automatic', importSource: '@emotion/react' },
    },
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

module.exports = {
  testEnvironment: path.join(__dirname, 'test', 'jsdom-environment.cjs'),
  testEnvironmentOptions: { url: 'http://localhost/', customExportConditions: [''] },
  transform: {
    '^.+\\.(t|j)sx?$': [require.resolve('@swc/jest'), swcOptions],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'cjs', 'mjs', 'json'],
  moduleNameMapper: {
    '\\.(css|less|scss|sass)$': path.join(__dirname, 'test', 'style-mock.cjs'),
    '\\.(svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|eot|mp4|webm)$': path.join(__dirname, 'test', 'file-mock.cjs'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'test', 'setup-tests.cjs')],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  clearMocks: true,
  restoreMocks: true,
};
