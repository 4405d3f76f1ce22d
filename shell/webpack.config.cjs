const { createHostConfig } = require('@dating/shared-kit/webpack');

// The host has no remote URL at build time: it reads /mf-remotes.json at start.
module.exports = (_env, argv) =>
  createHostConfig({
    name: 'shell',
    dir: __dirname,
    mode: argv.mode,
    entry: './src/index.tsx',
    template: './src/index.html',
  });
