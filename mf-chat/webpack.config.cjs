const { createRemoteConfig } = require('@dating/shared-kit/webpack');

module.exports = (_env, argv) =>
  createRemoteConfig({
    name: 'mf_chat',
    dir: __dirname,
    mode: argv.mode,
    exposes: {
      './routes': './src/routes.tsx',
      './manifest': './src/manifest.ts',
    },
  });
