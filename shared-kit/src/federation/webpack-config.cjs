/**
 * Webpack config factories for the shell (host) and every remote
 * (`require('@dating/shared-kit/webpack')`). One config for all modules, no copies:
 *
 *   // mf-chat/webpack.config.cjs
 *   const { createRemoteConfig } = require('@dating/shared-kit/webpack');
 *   module.exports = createRemoteConfig({
 *     name: 'mf_chat', dir: __dirname,
 *     exposes: { './routes': './src/routes.tsx', './manifest': './src/manifest.ts' },
 *   });
 *
 * - TypeScript/TSX (the module's own `src/` and shared-kit's `src/`, consumed as source) is
 *   compiled by esbuild-loader: automatic JSX runtime from @emotion/react.
 * - @module-federation/enhanced: remotes emit `remoteEntry.js` + `mf-manifest.json`,
 *   shareStrategy 'loaded-first', asyncStartup, no dts generation; the host has NO remotes at
 *   build time (it reads /mf-remotes.json at start) and provides the federation runtime to the
 *   remotes (externalRuntime, see federationOptions); its shared modules are eager (in main.js).
 * - Content-hashed chunks, `publicPath: 'auto'`, output in `<dir>/dist`, deterministic ids: the
 *   same sources give byte-identical output.
 * - Every text asset (JS, JSON, CSS, SVG, maps, not the shell's index.html, which the server renders)
 *   is also written compressed beside itself, once, at build time: `<file>.br` (brotli, quality 11)
 *   and `<file>.gz` (gzip -9). The server picks one by Accept-Encoding (api/src/platform/static.ts).
 * - `__BUILD_ID__` = env BUILD_ID, else a hash of the sources that go into the bundle. Every
 *   remote marks itself in the page once its entry has loaded:
 *   `<meta name="mf-build:<name>" content="<build id>">` and `data-mf-build-<name>` on <html>.
 */
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const zlib = require('node:zlib');
const TerserPlugin = require('terser-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { createShared } = require('./index.cjs');
const { CompileHintPlugin, EmitPublicFilesPlugin, EntryManifestPlugin, listFiles } = require('./asset-plugins.cjs');

const SHARED_KIT_DIR = path.resolve(__dirname, '..', '..');
const SHARED_KIT_SRC = path.join(SHARED_KIT_DIR, 'src');
const BUILD_MARK_PLUGIN = path.join(__dirname, 'build-mark-plugin.js');
const TARGET = 'es2020';

/** env BUILD_ID, else a short hash of everything that goes into this module's bundle. */
function computeBuildId(dir) {
  const fromEnv = process.env.BUILD_ID;
  if (fromEnv && fromEnv.trim() !== '') return fromEnv.trim();
  const hash = crypto.createHash('sha256');
  const files = [
    path.join(dir, 'package.json'),
    ...listFiles(path.join(dir, 'src')),
    ...listFiles(path.join(dir, 'public')),
    ...listFiles(SHARED_KIT_SRC),
  ];
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    hash.update(path.relative(path.dirname(SHARED_KIT_DIR), file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** Text assets worth compressing; the shell's index.html is rendered per request, not served as is. */
const COMPRESSIBLE = /\.(js|mjs|cjs|json|css|svg|map|txt|webmanifest)$/i;

/** `<file>.br` and `<file>.gz` beside every compressible asset (built once; served by the api). */
function compressionPlugins() {
  const common = { test: COMPRESSIBLE, threshold: 0, minRatio: 1, deleteOriginalAssets: false };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
  ];
}

/** The installed package's folder as seen from `dir` (its package.json may not export itself). */
function packageDir(pkg, dir) {
  let current = path.dirname(require.resolve(pkg, { paths: [dir] }));
  while (
    !fs.existsSync(path.join(current, 'package.json')) ||
    JSON.parse(fs.readFileSync(path.join(current, 'package.json'), 'utf8')).name !== pkg
  ) {
    const parent = path.dirname(current);
    if (parent === current) throw new Error(`cannot find the folder of ${pkg} from ${dir}`);
    current = parent;
  }
  return current;
}

function baseConfig({ name, dir, buildId, mode }) {
  const production = mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    devtool: false,
    parallelism: 4,
    target: 'web',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
      uniqueName: name,
      filename: '[name].[contenthash:12].js',
      chunkFilename: '[name].[contenthash:12].js',
      assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
      hashFunction: 'xxhash64',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // the real react-router for federation/react-router.ts (shared as `react-router`)
      alias: {
        '@dating/react-router-full$': packageDir('react-router', dir),
        // and the real react-i18next for federation/react-i18next.ts
        '@dating/react-i18next-full$': packageDir('react-i18next', dir),
      },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          include: [path.join(dir, 'src'), SHARED_KIT_SRC],
          loader: 'esbuild-loader',
          options: { target: TARGET, jsx: 'automatic', jsxImportSource: '@emotion/react' },
        },
        { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/i, type: 'asset/resource' },
        { test: /\.css$/i, type: 'asset/resource' },
      ],
    },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      minimize: production,
      // Each shared shared-kit entry (`@dating/shared-kit/api`, `/state`, `/i18n`, ...) is its own
      // async chunk holding the files it imports relatively; files several entries import
      // (contracts/identity.ts, api/client.ts, state/atoms.ts, bus/bus.ts, ...) were copied into
      // each of those chunks, and all of them load at start. One chunk holds them once instead
      // (a module still runs once either way: this is about bytes).
      splitChunks: {
        cacheGroups: {
          sharedKitCommon: {
            // not the `common` texts: one chunk per language, only the one in use is fetched
            test: (module) =>
              typeof module.resource === 'string' &&
              module.resource.startsWith(SHARED_KIT_SRC + path.sep) &&
              !module.resource.endsWith('.json'),
            name: 'kit-common',
            chunks: 'async',
            minChunks: 2,
            minSize: 0,
            priority: 20,
            reuseExistingChunk: true,
          },
        },
      },
      // swc's minifier (through terser-webpack-plugin) drops unused code inside the module
      // functions: a shared package is one module (react-router's 376 kB file), and of it only
      // what we use survives (esbuild's minifier left it whole: 155 kB minified against 40 kB).
      // Top-level names stay (toplevel: false): the remote's `var mf_x` is its container.
      minimizer: [
        new TerserPlugin({
          minify: TerserPlugin.swcMinify,
          extractComments: false,
          terserOptions: { compress: { ecma: 2020, passes: 2 }, mangle: true, format: { comments: false } },
        }),
      ],
    },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
    plugins: [
      new webpack.DefinePlugin({
        __BUILD_ID__: JSON.stringify(buildId),
        __MF_NAME__: JSON.stringify(name),
      }),
      ...(production ? [new CompileHintPlugin(), ...compressionPlugins()] : []),
    ],
  };
}

/**
 * The host's shared modules are `eager`: they are part of main.js (its initial chunk) instead of
 * about 25 chunks that main.js fetched only once it ran, a round trip and 25 requests before the
 * shell could start. The host still provides them to the share scope, so every remote (built
 * without `eager`) gets the shell's one copy, as before; only the host may do this: an eager
 * shared module is in its bundle whether or not another copy is loaded already.
 */
function eagerShared(shared) {
  return Object.fromEntries(Object.entries(shared).map(([key, entry]) => [key, { ...entry, eager: true }]));
}

/**
 * The federation runtime (runtime-core, about 60 kB minified) is in the shell only: remotes are
 * built with `externalRuntime` and use the shell's copy (`provideExternalRuntime`), so a
 * remoteEntry.js holds little more than the remote's own module map. `target: 'web'` drops the
 * runtime's Node.js loaders.
 */
function federationOptions(name, dir, host) {
  return {
    name,
    shared: host ? eagerShared(createShared(dir)) : createShared(dir),
    shareStrategy: 'loaded-first',
    experiments: {
      asyncStartup: true,
      optimization: { target: 'web' },
      ...(host ? { provideExternalRuntime: true } : { externalRuntime: true }),
    },
    dts: false,
  };
}

/**
 * @param {{ name: string, dir: string, exposes: Record<string, string>, mode?: string }} opts
 */
function createRemoteConfig({ name, dir, exposes, mode }) {
  if (!/^mf_[a-z_]+$/.test(name)) throw new Error(`remote name must look like mf_<area>, got ${name}`);
  if (!exposes['./routes'] || !exposes['./manifest']) throw new Error(`${name} must expose ./routes and ./manifest`);
  const buildId = computeBuildId(dir);
  const config = baseConfig({ name, dir, buildId, mode });
  config.entry = {};
  config.plugins.push(
    new ModuleFederationPlugin({
      ...federationOptions(name, dir, false),
      filename: 'remoteEntry.js',
      exposes,
      manifest: true,
      runtimePlugins: [BUILD_MARK_PLUGIN],
    }),
  );
  return config;
}

/**
 * @param {{ name?: string, dir: string, entry?: string, template?: string, mode?: string }} opts
 */
function createHostConfig({ name = 'shell', dir, entry = './src/index.tsx', template = './src/index.html', mode }) {
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const buildId = computeBuildId(dir);
  const config = baseConfig({ name, dir, buildId, mode });
  config.entry = { main: entry };
  config.plugins.push(
    new ModuleFederationPlugin({
      ...federationOptions(name, dir, true),
      remotes: {},
      manifest: false,
    }),
    new HtmlWebpackPlugin({
      template: path.resolve(dir, template),
      scriptLoading: 'defer',
      inject: 'head',
      // absolute: index.html is served for every app route (/members/42 must not load /members/main.js)
      publicPath: '/',
      templateParameters: { buildId, name },
      minify: false,
    }),
    new EmitPublicFilesPlugin(path.join(dir, 'public')),
    // The plugin that hands the runtime to the remotes is imported by its CommonJS file, which
    // `require`s runtime-core's CommonJS build: a second copy of the federation core (about 15 kB
    // brotli) beside the ES module copy the bundler runtime uses. Its ES module file imports the
    // same ES module copy.
    new webpack.NormalModuleReplacementPlugin(/[\\/]inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/, (resource) => {
      resource.request = resource.request.replace(/index\.cjs$/, 'index.js');
    }),
  );
  return config;
}

/**
 * A light page of a module, outside federation (mf-landers' landers: the site's front door must not
 * boot the member app): two plain webpack builds into the module's `dist/` beside its remote,
 *
 * - the browser part, `<prefix>client/`: the entry `client` (hydrates what the server rendered),
 *   its own React and whatever it imports (aliases: `alias`, e.g. a small stand-in for react-router);
 *   `<prefix>client/manifest.json` names the entry's files; served at `<publicPath><prefix>client/`;
 * - the server part, `<prefix>server/render.cjs` (CommonJS, everything bundled): the api loads it at
 *   run time from the built files (never from the module's sources) and renders the page with it.
 *
 * The file names carry the prefix (not a separate output path), so `webpack --output-path X` puts
 * all three builds into X, and the remote's clean keeps them.
 * @param {{ name: string, dir: string, client: string, server: string, alias?: Record<string, string>, publicPath: string, prefix?: string, mode?: string }} opts
 */
function createLightPageConfigs({ name, dir, client, server, alias = {}, publicPath, prefix = 'light-', mode }) {
  const buildId = computeBuildId(dir);
  const browser = baseConfig({ name: `${name}_light`, dir, buildId, mode });
  browser.entry = { client };
  browser.output = {
    ...browser.output,
    publicPath,
    filename: `${prefix}client/[name].[contenthash:12].js`,
    chunkFilename: `${prefix}client/[name].[contenthash:12].js`,
    assetModuleFilename: `${prefix}client/assets/[name].[contenthash:12][ext]`,
    // removes its own stale files only (the remote's and the server part's are kept)
    clean: { keep: (file) => !file.startsWith(`${prefix}client/`) },
  };
  browser.resolve.alias = { ...browser.resolve.alias, ...alias };
  browser.plugins.unshift(new EntryManifestPlugin(`${prefix}client/manifest.json`));

  const node = baseConfig({ name: `${name}_light_server`, dir, buildId, mode });
  node.target = 'node20';
  node.node = { __dirname: false, __filename: false };
  node.entry = { render: server };
  node.output = {
    ...node.output,
    publicPath,
    filename: `${prefix}server/[name].cjs`,
    chunkFilename: `${prefix}server/[name].[contenthash:12].cjs`,
    // the same URLs as the browser part (a video the page names must be one the client build emitted)
    assetModuleFilename: `${prefix}client/assets/[name].[contenthash:12][ext]`,
    library: { type: 'commonjs2' },
    clean: { keep: (file) => !file.startsWith(`${prefix}server/`) },
  };
  node.resolve.alias = { ...node.resolve.alias, ...alias };
  node.optimization = { ...node.optimization, minimize: false, splitChunks: false };
  // nothing of the server part is served: no compressed copies, no browser compile hint
  node.plugins = node.plugins.filter((plugin) => !(plugin instanceof CompressionPlugin) && !(plugin instanceof CompileHintPlugin));
  return [browser, node];
}

module.exports = { createRemoteConfig, createHostConfig, createLightPageConfigs, computeBuildId };
