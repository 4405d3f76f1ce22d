const { createRemoteConfig } = require('@dating/shared-kit/webpack');

module.exports = (_env, argv) =>
  createRemoteConfig({
    name: 'mf_members',
    dir: __dirname,
    mode: argv.mode,
    exposes: {
      './routes': './src/routes.tsx',
      './manifest': './src/manifest.ts',
      './LikeModal': './src/widgets/like-modal.tsx',
      './MatchModal': './src/widgets/match-modal.tsx',
      './ReportNotices': './src/widgets/report-notices.tsx',
    },
  });
