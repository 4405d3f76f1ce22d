const preset = require('@dating/shared-kit/jest-preset');

module.exports = {
  ...preset,
  rootDir: __dirname,
  // replaced by webpack's DefinePlugin in real builds
  globals: { __BUILD_ID__: 'test-build', __MF_NAME__: 'test' },
};
