import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import local from './lint/import-boundaries.js';

// node:test's describe/it/test return promises the runner itself awaits; everything else must be awaited or voided.
const nodeTest = { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] };

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'assay-report/', '.tmp/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        performance: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-control-regex': 'off',
      // `async` marks functions that fulfil an async contract (a check's run, a transport's close) even when they
      // need no await; it keeps their throws as rejections.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Plain JS (this config, lint/, the test launcher) is outside the TypeScript project.
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.ts'],
    rules: { '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [nodeTest] }] },
  },
  {
    // Tests walk parsed JSON through `any` on purpose: the assertion is the type check, and a wrong shape fails the test.
    files: ['test/**/*.ts'],
    rules: Object.fromEntries(['assignment', 'member-access', 'call', 'return', 'argument'].map((r) => [`@typescript-eslint/no-unsafe-${r}`, 'off'])),
  },
  { files: ['src/**/*.ts'], plugins: { local }, rules: { 'local/import-boundaries': 'error' } },
);
