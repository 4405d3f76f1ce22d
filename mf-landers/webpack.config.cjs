const path = require('node:path');
const { createRemoteConfig } = require('@dating/shared-kit/webpack');

module.exports = (_env, argv) => {
  const config = createRemoteConfig({
    name: 'mf_landers',
    dir: __dirname,
    mode: argv.mode,
    exposes: {
      './routes': './src/routes.tsx',
      './manifest': './src/manifest.ts',
    },
  });
  // legal/help texts: Markdown -> { html, toc } at build time, one lazy chunk per page and language
  config.module.rules.push({ test: /\.md$/, include: path.join(__dirname, 'src', 'content'), loader: path.join(__dirname, 'md-loader.cjs') });
  return config;
};
