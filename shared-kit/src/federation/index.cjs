/**
 * The one Module Federation `shared` config used by the shell and every remote
 * (`require('@dating/shared-kit/federation')`).
 *
 * zod is deliberately not shared: a shared module cannot be tree-shaken, and the whole of zod
 * (with every locale) is about 280 kB minified, while each module's own tree-shaken copy is a
 * fraction of that.
 *
 * Everything listed here is a singleton: one React, one router, one jotai store, one i18next,
 * one emotion cache/theme context and one copy of shared-kit (bus, store, i18n instance) across
 * all modules, whichever module happened to be built or deployed last.
 *
 * Each package is shared twice: by its name (`react`) and with a trailing slash (`react/`), which
 * webpack treats as a prefix so deep imports (`react/jsx-runtime`, `react-dom/client`,
 * `@emotion/react/jsx-runtime`, `@dating/shared-kit/state`, ...) are singletons too (jotai's
 * subpaths are listed one by one, see EXPLICIT_SUBPATHS).
 * Without the prefix `@emotion/react/jsx-runtime` would pull in a second emotion ThemeContext.
 *
 * `requiredVersion` is the range the workspace's package.json declares (else the installed version's
 * caret range). A mismatch between independently
 * deployed modules only warns (singleton, not strictVersion): with shareStrategy 'loaded-first'
 * the copy that loaded first (the shell's) wins.
 */
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const SINGLETON_PACKAGES = ['react', 'react-dom', 'react-router', 'jotai', 'i18next', 'react-i18next', '@emotion/react', '@emotion/styled'];

const SHARED_KIT = '@dating/shared-kit';

/**
 * Packages provided from a file of ours that names the exports we use (so the shared module is
 * tree-shaken) instead of the whole package: see react-router.ts, react-i18next.ts. Deep imports of
 * these are not shared (only the sign-up's `react-i18next/TransWithoutContext`, given the instance).
 */
const SUBSET_IMPORTS = {
  'react-router': path.join(__dirname, 'react-router.ts'),
  'react-i18next': path.join(__dirname, 'react-i18next.ts'),
};

/**
 * Packages whose deep imports are listed one by one instead of by a `pkg/` prefix: resolving the
 * bare prefix `jotai/` through jotai's `"./*"` exports pattern makes Node print a deprecation
 * warning in every build. jotai's store context lives in jotai/react, so its subpaths must be
 * shared too.
 */
const EXPLICIT_SUBPATHS = {
  jotai: ['jotai/react', 'jotai/vanilla', 'jotai/utils', 'jotai/react/utils', 'jotai/vanilla/utils', 'jotai/vanilla/internals'],
};
const SHARED_KIT_DIR = path.resolve(__dirname, '..', '..');

/** Installed version of a package as seen from `fromDir` (workspace folder). */
function installedVersion(pkg, fromDir) {
  if (pkg === SHARED_KIT) {
    return JSON.parse(fs.readFileSync(path.join(SHARED_KIT_DIR, 'package.json'), 'utf8')).version;
  }
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(candidate)) return JSON.parse(fs.readFileSync(candidate, 'utf8')).version;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`shared package ${pkg} is not installed (looked from ${fromDir})`);
    dir = parent;
  }
}

/** Version ranges the workspace's package.json declares (dependencies + peerDependencies). */
function declaredRanges(dir) {
  const file = path.join(dir, 'package.json');
  if (!fs.existsSync(file)) return {};
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { ...(pkg.peerDependencies || {}), ...(pkg.dependencies || {}) };
}

/**
 * @param {string} [fromDir] workspace folder whose node_modules resolve the packages
 * @returns {Record<string, {singleton: true, requiredVersion: string, version: string, import?: string}>}
 */
function createShared(fromDir = process.cwd()) {
  const declared = declaredRanges(fromDir);
  /** @type {Record<string, {singleton: true, requiredVersion: string, version: string, import?: string}>} */
  const shared = {};
  for (const pkg of [...SINGLETON_PACKAGES, SHARED_KIT]) {
    const version = installedVersion(pkg, fromDir);
    const range = declared[pkg];
    const requiredVersion = range && /^[\^~]?\d/.test(range) ? range : `^${version}`;
    const entry = { singleton: true, requiredVersion, version };
    if (SUBSET_IMPORTS[pkg]) {
      shared[pkg] = { ...entry, import: SUBSET_IMPORTS[pkg] };
      continue;
    }
    if (pkg !== SHARED_KIT) shared[pkg] = { ...entry };
    const subpaths = EXPLICIT_SUBPATHS[pkg];
    if (subpaths) for (const subpath of subpaths) shared[subpath] = { ...entry };
    else shared[`${pkg}/`] = { ...entry };
  }
  return shared;
}

/** Federation names of the remotes (folder name with `_`). */
const REMOTE_NAMES = ['mf_auth_signup', 'mf_members', 'mf_chat', 'mf_payments', 'mf_landers'];

module.exports = { SINGLETON_PACKAGES, SHARED_KIT, SUBSET_IMPORTS, REMOTE_NAMES, createShared, shared: createShared(SHARED_KIT_DIR) };
