/**
 * The preload hints of an app page for its remote (route-preload.ts): the remote's entry, the chunk
 * of its `./routes` and its nl texts, from the built manifest; nothing for a remote served
 * elsewhere, a missing or broken manifest, or a file name that is not a build's own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { remotePreloadLinks } from './route-preload';

function manifest(routesSync: string[], routesAsync: string[], entryName = 'remoteEntry.js') {
  return JSON.stringify({
    id: 'mf_members',
    name: 'mf_members',
    metaData: { name: 'mf_members', remoteEntry: { name: entryName, path: '', type: 'global' }, publicPath: 'auto' },
    shared: [],
    remotes: [],
    exposes: [
      { path: './manifest', assets: { js: { sync: ['__federation_expose_manifest.aaaaaaaaaaaa.js'], async: [] } } },
      { path: './routes', assets: { js: { sync: routesSync, async: routesAsync } } },
    ],
  });
}

describe('remotePreloadLinks', () => {
  let root: string;
  const noRelease = () => null;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'route-preload-'));
    fs.mkdirSync(path.join(root, 'mf-members', 'dist'), { recursive: true });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (dir: string, text: string) => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), text);
  };

  it("names the remote's entry, its routes chunk and its nl texts (not the other languages, not the lazy chunks)", async () => {
    write(path.join(root, 'mf-members', 'dist'), manifest(['__federation_expose_routes.0123456789ab.js'], ['7320.ce5cb7b4df07.js', 'locale-members-de.6571f750f144.js', 'locale-members-nl.bc6aceadcd3d.js']));
    const links = await remotePreloadLinks('/mf/mf-members/mf-manifest.json', root, noRelease);
    expect(links).toBe(
      '<link rel="preload" as="script" href="/mf/mf-members/remoteEntry.js">' +
        '<link rel="preload" as="script" href="/mf/mf-members/__federation_expose_routes.0123456789ab.js">' +
        '<link rel="preload" as="script" href="/mf/mf-members/locale-members-nl.bc6aceadcd3d.js">',
    );
  });

  it("a stored release: its own folder and URLs", async () => {
    const folder = path.join(root, 'releases', 'mf-members', 'b-1');
    write(folder, manifest(['__federation_expose_routes.111111111111.js'], []));
    const links = await remotePreloadLinks('/mf/mf-members/b-1/mf-manifest.json', root, (f, id) => (f === 'mf-members' && id === 'b-1' ? folder : null));
    expect(links).toBe(
      '<link rel="preload" as="script" href="/mf/mf-members/b-1/remoteEntry.js"><link rel="preload" as="script" href="/mf/mf-members/b-1/__federation_expose_routes.111111111111.js">',
    );
    expect(await remotePreloadLinks('/mf/mf-members/b-2/mf-manifest.json', root, () => null)).toBe('');
  });

  it('nothing for a remote elsewhere, an unknown folder, a missing or broken manifest, or names that are not plain file names', async () => {
    expect(await remotePreloadLinks('https://cdn.example.com/mf-members/mf-manifest.json', root, noRelease)).toBe('');
    expect(await remotePreloadLinks('/mf/mf-other/mf-manifest.json', root, noRelease)).toBe('');
    expect(await remotePreloadLinks('/mf/mf-chat/mf-manifest.json', root, noRelease)).toBe('');
    write(path.join(root, 'mf-members', 'dist'), '{"not": "a manifest"');
    expect(await remotePreloadLinks('/mf/mf-members/mf-manifest.json', root, noRelease)).toBe('');
    // a rebuilt manifest is read again; a name with a quote or a path is left out
    const file = path.join(root, 'mf-members', 'dist', 'mf-manifest.json');
    fs.writeFileSync(file, manifest(['"><script>x.js', '../../x.js'], [], 'remoteEntry.js'));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(await remotePreloadLinks('/mf/mf-members/mf-manifest.json', root, noRelease)).toBe('<link rel="preload" as="script" href="/mf/mf-members/remoteEntry.js">');
  });
});
