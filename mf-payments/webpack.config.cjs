const { createRemoteConfig } = require('@dating/shared-kit/webpack');

module.exports = (_env, argv) =>
  createRemoteConfig({
    name: 'mf_payments',
    dir: __dirname,
    mode: argv.mode,
    exposes: {
      './routes': './src/routes.tsx',
      './manifest': './src/manifest.ts',
      './TimeBonusModal': './src/widgets/time-bonus-modal.tsx',
      './WelcomeBonusBanner': './src/widgets/welcome-bonus-banner.tsx',
    },
  });
