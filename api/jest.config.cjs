// Server tests: node environment, TypeScript through @swc/jest, real in-memory PGlite (or a fresh
// PostgreSQL database per test file when DATABASE_URL is set), each a clone of a migrated template
// made once per run (src/test/template.ts). Run: `npm test -w @dating/api`.
module.exports = {
  testEnvironment: 'node',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      require.resolve('@swc/jest'),
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' }, sourceMaps: 'inline' },
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'cjs', 'mjs', 'json'],
  testPathIgnorePatterns: ['/node_modules/'],
  // ESM-only dependencies (light-my-request requires `cookie`, whose build is ESM; the push
  // sender's request-filtering-agent) are compiled to
  // CommonJS by @swc/jest like our own code. Still needed on Node 22: Jest loads them through
  // require(esm) itself only on Node 24.9+ (plain Node has it from 22.12); drop it with Node 22.
  transformIgnorePatterns: ['/node_modules/(?!(cookie|request-filtering-agent)/)'],
  testTimeout: 30000,
  // the run's template database (PostgreSQL) and temporary directory (PGlite dump), then dropped
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  // PGlite's WASM start-up is the slow part; one worker per core at most on a shared machine (2 here:
  // the ~90 files took 15 minutes in one, past the CI budget; test files are independent databases).
  maxWorkers: 2,
  // Worker processes, not the runner itself: jest keeps each test file's module graph (a PGlite
  // instance and its WebAssembly memory among it) reachable after the file ends, ~60-110 MB of heap
  // and more outside it per file; in band the ~90 files grew the process past 20 GB of a 24 GB
  // machine. A worker is replaced when its heap passes this after a file.
  workerIdleMemoryLimit: '1GB',
};
