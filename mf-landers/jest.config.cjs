const preset = require('@dating/shared-kit/jest-preset');

module.exports = {
  ...preset,
  rootDir: __dirname,
  // the legal texts go through the same Markdown compiler as in the webpack build
  transform: { ...preset.transform, '^.+\\.md$': '<rootDir>/md-loader.cjs' },
  moduleFileExtensions: [...preset.moduleFileExtensions, 'md'],
  // replaced by webpack's DefinePlugin in real builds
  globals: { __BUILD_ID__: 'test-build', __MF_NAME__: 'test' },
};
