const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { createLightPageConfigs, createRemoteConfig } = require('@dating/shared-kit/webpack');

const REGISTRY = path.join(__dirname, 'src', 'landers', 'registry.json');
const MARKDOWN = { test: /\.md$/, include: path.join(__dirname, 'src', 'content'), loader: path.join(__dirname, 'md-loader.cjs') };

/**
 * Writes the lander registry into the build as `landers-registry.json`: the server reads it per
 * request to answer an unknown variant or slug with a 404 (api/src/platform/lander-registry.ts),
 * so a variant shipped by rebuilding mf-landers is known without a server restart.
 */
class LanderRegistryPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('LanderRegistryPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'LanderRegistryPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.fileDependencies.add(REGISTRY);
          const registry = JSON.parse(fs.readFileSync(REGISTRY, 'utf8'));
          compilation.emitAsset('landers-registry.json', new webpack.sources.RawSource(`${JSON.stringify(registry)}\n`));
        },
      );
    });
  }
}

module.exports = (_env, argv) => {
  const config = createRemoteConfig({
    name: 'mf_landers',
    dir: __dirname,
    mode: argv.mode,
    exposes: {
      './routes': './src/routes.tsx',
      './manifest': './src/manifest.ts',
      // the cams/resell tile in mf-members' search results (growth team's content)
      './ResellTile': './src/resell/resell-tile.tsx',
    },
  });
  // legal/help texts: Markdown -> { html, toc } at build time, one lazy chunk per page and language
  config.module.rules.push(MARKDOWN);
  // the landers' own video (scripts/make-lander-video.mjs), a content-hashed file
  config.module.rules.push({ test: /\.(webm|mp4)$/i, type: 'asset/resource' });
  // the registry goes out before the compression plugins run, so it is also sent compressed
  config.plugins.unshift(new LanderRegistryPlugin());
  // the light lander page's builds share the output folder: the remote's clean keeps them
  config.output.clean = { keep: /^light-/ };
  return [config, ...lightPageConfigs(argv.mode)];
};

const LIGHT = path.join(__dirname, 'src', 'light');

/**
 * The light page (src/light, README "Landers"): the landers, the index and the legal pages outside
 * the app, rendered by the server and hydrated in the browser, with small stand-ins for what would pull in the member
 * app (react-router, the app's store, bus and UI kit, the i18n instance with every language).
 */
function lightPageConfigs(mode) {
  const configs = createLightPageConfigs({
    name: 'mf_landers',
    dir: __dirname,
    client: './src/light/client.tsx',
    server: './src/light/server.tsx',
    publicPath: '/mf/mf-landers/',
    alias: {
      'react-router$': path.join(LIGHT, 'router.tsx'),
      '@dating/shared-kit/state$': path.join(LIGHT, 'state.ts'),
      '@dating/shared-kit/bus$': path.join(LIGHT, 'bus.ts'),
      '@dating/shared-kit/ui$': path.join(LIGHT, 'ui.tsx'),
    },
    mode,
  });
  for (const config of configs) {
    config.module.rules.push({ test: /\.(webm|mp4)$/i, type: 'asset/resource' }, MARKDOWN);
    // shared-kit's UI (the entry warning's modal) takes its texts from this page's i18n instance
    config.plugins.push(new webpack.NormalModuleReplacementPlugin(/^\.\/use-common-translation$/, path.join(LIGHT, 'common-t.ts')));
  }
  return configs;
}
