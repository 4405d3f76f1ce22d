/**
 * @jest-environment node
 *
 * The one federation config (shared-kit/src/federation): what every module is built with.
 */
import fs from 'node:fs';
import path from 'node:path';

interface SharedEntry {
  singleton: boolean;
  requiredVersion: string;
  version: string;
}
interface FederationModule {
  SINGLETON_PACKAGES: string[];
  createShared(dir?: string): Record<string, SharedEntry>;
}
interface WebpackLikeConfig {
  entry: unknown;
  output: { path: string; publicPath: string; filename: string; chunkFilename: string };
  optimization: { moduleIds: string; chunkIds: string };
  plugins: Array<{ constructor: { name: string }; _options?: Record<string, unknown>; definitions?: Record<string, string> }>;
}
interface WebpackModule {
  createRemoteConfig(opts: { name: string; dir: string; exposes: Record<string, string>; mode?: string }): WebpackLikeConfig;
  createHostConfig(opts: { dir: string; mode?: string }): WebpackLikeConfig;
  computeBuildId(dir: string): string;
}

const federation = jest.requireActual<FederationModule>('@dating/shared-kit/federation');
const factories = jest.requireActual<WebpackModule>('@dating/shared-kit/webpack');
const repo = path.resolve(__dirname, '../../..');

function mfOptions(config: WebpackLikeConfig): Record<string, unknown> {
  const plugin = config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin');
  if (!plugin?._options) throw new Error('no ModuleFederationPlugin');
  return plugin._options;
}

describe('shared singletons', () => {
  const shared = federation.createShared(path.join(repo, 'shell'));

  it.each(['react', 'react-dom', 'i18next', '@emotion/react', '@emotion/styled'])('%s and its deep imports are one singleton', (pkg) => {
    expect(shared[pkg]).toMatchObject({ singleton: true });
    expect(shared[`${pkg}/`]).toMatchObject({ singleton: true });
  });

  it.each(['react-router', 'react-i18next'])('shares %s as one singleton made of the exports the modules use (tree-shaken)', (pkg) => {
    expect(shared[pkg]).toMatchObject({ singleton: true, import: path.join(repo, `shared-kit/src/federation/${pkg}.ts`) });
    expect(shared[`${pkg}/`]).toBeUndefined();
  });

  it.each(['react-router', 'react-i18next'])('every export of %s that a module imports is in the shared subset', (pkg) => {
    const subset = fs.readFileSync(path.join(repo, `shared-kit/src/federation/${pkg}.ts`), 'utf8');
    const provided = new Set(
      /export \{([^}]*)\}/
        .exec(subset)?.[1]
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    );
    const used = new Map<string, string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(full, 'utf8');
          for (const match of text.matchAll(new RegExp(`(?:import|export)\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${pkg}'`, 'g'))) {
            if (match[1]) continue;
            for (const raw of match[2]?.split(',') ?? []) {
              const name = raw
                .trim()
                .split(/\s+as\s+/)[0]
                ?.trim();
              if (name && !name.startsWith('type ')) used.set(name, path.relative(repo, full));
            }
          }
        }
      }
    };
    for (const ws of ['shell', 'shared-kit', 'mf-auth-signup', 'mf-members', 'mf-chat', 'mf-payments', 'mf-landers'])
      walk(path.join(repo, ws, 'src'));
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used].filter(([name]) => !provided.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('shares jotai and the subpaths holding its store context', () => {
    for (const key of ['jotai', 'jotai/react', 'jotai/vanilla', 'jotai/utils', 'jotai/vanilla/internals']) {
      expect(shared[key]).toMatchObject({ singleton: true });
    }
  });

  it('shares every subpath of @dating/shared-kit as one singleton', () => {
    expect(shared['@dating/shared-kit/']).toMatchObject({ singleton: true, version: '0.1.0' });
  });
});

describe('remote config', () => {
  const config = factories.createRemoteConfig({
    name: 'mf_landers',
    dir: path.join(repo, 'mf-landers'),
    mode: 'production',
    exposes: { './routes': './src/routes.tsx', './manifest': './src/manifest.ts' },
  });

  it('emits remoteEntry.js + mf-manifest.json, loaded-first, async startup, no dts', () => {
    expect(mfOptions(config)).toMatchObject({
      name: 'mf_landers',
      filename: 'remoteEntry.js',
      manifest: true,
      shareStrategy: 'loaded-first',
      experiments: { asyncStartup: true },
      dts: false,
    });
  });

  it('builds content-hashed chunks into <ws>/dist with publicPath auto and deterministic ids', () => {
    expect(config.output.path).toBe(path.join(repo, 'mf-landers', 'dist'));
    expect(config.output.publicPath).toBe('auto');
    expect(config.output.chunkFilename).toContain('[contenthash');
    expect(config.optimization).toMatchObject({ moduleIds: 'deterministic', chunkIds: 'deterministic' });
  });

  it('refuses a remote without ./routes and ./manifest or with a bad name', () => {
    expect(() => factories.createRemoteConfig({ name: 'mf_x', dir: repo, exposes: { './routes': './r.tsx' } })).toThrow(/\.\/manifest/);
    expect(() => factories.createRemoteConfig({ name: 'chat', dir: repo, exposes: {} })).toThrow(/mf_/);
  });
});

describe('host config', () => {
  it('has no remote at build time', () => {
    const config = factories.createHostConfig({ dir: path.join(repo, 'shell'), mode: 'production' });
    expect(mfOptions(config)).toMatchObject({ name: 'shell', remotes: {} });
  });

  it("provides every shared singleton eagerly (in main.js), the remotes none (they take the shell's)", () => {
    const host = mfOptions(factories.createHostConfig({ dir: path.join(repo, 'shell'), mode: 'production' })).shared as Record<
      string,
      SharedEntry & { eager?: boolean }
    >;
    const remote = mfOptions(
      factories.createRemoteConfig({
        name: 'mf_chat',
        dir: path.join(repo, 'mf-chat'),
        mode: 'production',
        exposes: { './routes': './src/routes.tsx', './manifest': './src/manifest.ts' },
      }),
    ).shared as Record<string, SharedEntry & { eager?: boolean }>;
    expect(Object.keys(host).sort()).toEqual(Object.keys(remote).sort());
    for (const [key, entry] of Object.entries(host)) {
      expect({ key, eager: entry.eager, singleton: entry.singleton }).toEqual({ key, eager: true, singleton: true });
      expect({ key, eager: remote[key]?.eager }).toEqual({ key, eager: undefined });
    }
  });
});

describe('build id', () => {
  const saved = process.env.BUILD_ID;
  afterEach(() => {
    if (saved === undefined) delete process.env.BUILD_ID;
    else process.env.BUILD_ID = saved;
  });

  it('is env BUILD_ID when set', () => {
    process.env.BUILD_ID = 'release-42';
    expect(factories.computeBuildId(path.join(repo, 'mf-chat'))).toBe('release-42');
  });

  it('is otherwise a stable hash of the sources, different per module', () => {
    delete process.env.BUILD_ID;
    const chat = factories.computeBuildId(path.join(repo, 'mf-chat'));
    expect(chat).toMatch(/^[0-9a-f]{12}$/);
    expect(factories.computeBuildId(path.join(repo, 'mf-chat'))).toBe(chat);
    expect(factories.computeBuildId(path.join(repo, 'mf-payments'))).not.toBe(chat);
  });
});
