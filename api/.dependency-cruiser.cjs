// Module boundaries of the API (docs/architecture.md, "Module boundaries"). Checked by
// `npm run lint:deps -w @dating/api`, which is part of the api's `npm test`.
//
// Layers: src/modules/<name>/ are the features; each module's index.ts is its public face.
// src/platform/, src/db/ and src/i18n/ are below the modules and never import one (db/seed*.ts
// fills a demo database through the modules' index.ts, so it may). Tests (and their helpers) may
// reach into any module to set up what they check; they are held to the no-cycle rule only.
const TESTS = '(\\.test|\\.cases)\\.ts$|/test-[^/]+\\.ts$|^src/test/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file must not import itself through other files (type-only imports count too).',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'module-through-index',
      severity: 'error',
      comment: 'Another module is imported only through its index.ts; what it keeps to itself may change without telling anyone.',
      from: { path: '^src/modules/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^src/modules/([^/]+)/',
        pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'outside-modules-through-index',
      severity: 'error',
      comment: 'app.ts, ops/ and the seed reach a module only through its index.ts.',
      from: { path: '^src/', pathNot: ['^src/modules/[^/]+/', TESTS] },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'lower-layers-import-no-module',
      severity: 'error',
      comment: 'platform/, db/ (but its seed) and i18n/ are below the modules: they import none.',
      from: { path: '^src/(platform|db|i18n)/', pathNot: ['^src/db/seed[^/]*\\.ts$', TESTS] },
      to: { path: '^src/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
