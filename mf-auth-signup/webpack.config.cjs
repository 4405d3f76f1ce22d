const { createRemoteConfig } = require('@dating/shared-kit/webpack');

module.exports = (_env, argv) =>
  createRemoteConfig({
    name: 'mf_auth_signup',
    dir: __dirname,
    mode: argv.mode,
    exposes: {
      './routes': './src/routes.tsx',
      './manifest': './src/manifest.ts',
      './SignupModal': './src/widgets/signup-modal.tsx',
      './EmailReminder': './src/widgets/email-reminder.tsx',
      './NotificationsAlert': './src/widgets/notifications-alert.tsx',
      './EnrichProfileAlert': './src/widgets/enrich-profile-alert.tsx',
      './PushAlert': './src/widgets/push-alert.tsx',
      './EntryWarning': './src/widgets/entry-warning.tsx',
    },
  });
