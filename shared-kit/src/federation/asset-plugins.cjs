/**
 * The build's own webpack plugins, used by the config factories in webpack-config.cjs: what they
 * add to or write into a build's output (the compile hint, the public files, an entry's manifest).
 */
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');

/** The files below `dir` (no node_modules, dist or tests), sorted: the same tree lists the same. */
function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  /** @type {string[]} */
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      out.push(...listFiles(full));
    } else if (!/\.test\.[cm]?[jt]sx?$/.test(entry.name)) {
      out.push(full);
    }
  }
  return out.sort();
}

/**
 * V8's explicit compile hint (Chromium 136+): a script whose first line is
 * `//# allFunctionsCalledOnLoad` has all its functions compiled eagerly, while the script streams
 * in, on a background thread. Without it V8 compiles a function lazily on its first call, on the
 * main thread, inside the one long task that starts the shell: main.js evaluated in about half the
 * time at 4x CPU (docs/benchmarks.md). Every browser chunk gets it: a chunk is fetched when its
 * code is about to run. Added after minification (which drops comments), before the content hash
 * and the compressed copies.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!/\.js$/.test(name)) continue;
            compilation.updateAsset(name, (source) => new webpack.sources.ConcatSource(COMPILE_HINT, source));
          }
        },
      );
    });
  }
}

/**
 * Emits every file of `<dir>/public/` as is into the output (e.g. the shell's /sw-push.js, which
 * must keep its name). Sorted, content-only: the output stays deterministic.
 */
class EmitPublicFilesPlugin {
  constructor(publicDir) {
    this.publicDir = publicDir;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EmitPublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitPublicFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of listFiles(this.publicDir)) {
            compilation.fileDependencies.add(file);
            const name = path.relative(this.publicDir, file).split(path.sep).join('/');
            compilation.emitAsset(name, new webpack.sources.RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

/**
 * Writes `<prefix>manifest.json`: the initial files of each entry (`{ "<entry>": { "js": [...] } }`),
 * so a server that renders the page knows which scripts to name without guessing hashes.
 */
class EntryManifestPlugin {
  constructor(file) {
    this.file = file;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EntryManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EntryManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const out = {};
          for (const [entry, point] of compilation.entrypoints) out[entry] = { js: point.getFiles().filter((f) => f.endsWith('.js')) };
          compilation.emitAsset(this.file, new webpack.sources.RawSource(`${JSON.stringify(out)}\n`));
        },
      );
    });
  }
}

module.exports = { CompileHintPlugin, EmitPublicFilesPlugin, EntryManifestPlugin, listFiles };
