const preset = require('@dating/shared-kit/jest-preset');
const { PORT } = require('./test/api-server.cjs');

module.exports = {
  ...preset,
  rootDir: __dirname,
  // replaced by webpack's DefinePlugin in real builds
  globals: { __BUILD_ID__: 'test-build', __MF_NAME__: 'test' },
  // the page's origin is the real API server started in globalSetup (same-origin calls)
  testEnvironmentOptions: { ...preset.testEnvironmentOptions, url: `http://127.0.0.1:${PORT}/` },
  globalSetup: '<rootDir>/test/global-setup.cjs',
  globalTeardown: '<rootDir>/test/global-teardown.cjs',
  testTimeout: 30000,
};
