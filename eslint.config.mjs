// One lint config for every workspace (flat config, typescript-eslint).
// Type-aware rules (no-floating-promises, no-misused-promises) use the TypeScript project service:
// each workspace's tsconfig.json must include its src/ (tsconfig.base.json is strict).
// Rules chosen because they pay off: consistent type imports, no floating promises,
// no non-null assertions, rules of hooks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.turbo/**',
      '**/@mf-types/**',
      '**/data/**',
      '**/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          // loose scripts outside any workspace tsconfig (bench) get the base compiler options
          allowDefaultProject: ['bench/*.ts', 'bench/*.mts', 'bench/lib/*.ts'],
          defaultProject: 'tsconfig.base.json',
          // the benchmarks and their lib are more than the default 8 files
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 24,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/consistent-type-exports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': true, 'ts-expect-error': 'allow-with-description' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // STYLE.md: process.env is read in one env.ts per deployable, nowhere else
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the environment through env.ts.' }],
    },
  },
  {
    // the readers (and tests that set a build's environment for the config they check)
    files: ['**/env.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // plain JS/CJS files (webpack/jest configs, scripts, runtime plugins): Node and browser globals
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        __filename: 'readonly',
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        globalThis: 'readonly',
        // browser code shipped as plain JS (runtime plugins, service worker)
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        location: 'readonly',
        fetch: 'readonly',
        self: 'readonly',
        sessionStorage: 'readonly',
        localStorage: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
