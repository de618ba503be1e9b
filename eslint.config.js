import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The code's shape (src/README.md, "Floors"): app → pages → features → shared infrastructure
 * (components, hooks, stores, lib, config, styles) → the pure domain core (src/domain), each
 * importing only from the floors below it; a feature never imports another feature; lib never
 * imports components or hooks; the core imports only itself and no UI library; the simulator
 * (mocks/) imports only the core of src/ and is imported only by tests, benchmarks and demo
 * mode's dynamic import in main.tsx; only tests import test helpers; no import cycles anywhere.
 * src/code-shape.test.ts proves each rule reports.
 */
const element = (type, extra = {}) => ({ element: { type, ...extra } });
/** src/main.tsx, the entry point (no element of its own). */
const entry = { file: { categories: 'entry' } };
const allow = (from, ...to) => ({ from, allow: { to: to.length === 1 ? to[0] : to } });

export const boundaryElements = [
  { type: 'app', pattern: 'src/app' },
  { type: 'pages', pattern: 'src/pages' },
  { type: 'feature', pattern: 'src/features/*', capture: ['name'] },
  { type: 'components', pattern: 'src/components' },
  { type: 'hooks', pattern: 'src/hooks' },
  { type: 'stores', pattern: 'src/stores' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'config', pattern: 'src/config' },
  { type: 'styles', pattern: 'src/styles' },
  { type: 'domain', pattern: 'src/domain' },
  { type: 'test-support', pattern: 'src/test-support' },
  { type: 'simulator', pattern: 'mocks' },
  { type: 'e2e', pattern: 'e2e' },
];

/** Shared infrastructure, from the top down: components may use hooks and stores, never the reverse; lib never imports UI. */
const BELOW_FEATURES = ['components', 'hooks', 'stores', 'lib', 'config', 'styles', 'domain'];
const elements = (...types) => types.map((type) => element(type));

export const boundaryPolicies = [
  allow(entry, ...elements('app', ...BELOW_FEATURES)),
  // Demo mode only: the simulated daemon, loaded on demand in development builds.
  { from: entry, allow: { to: element('simulator'), dependency: { nodeKind: 'dynamic-import' } } },
  allow(element('app'), ...elements('pages', 'feature', ...BELOW_FEATURES)),
  allow(element('pages'), ...elements('feature', ...BELOW_FEATURES)),
  allow(element('feature'), element('feature', { captured: { name: '{{ from.element.captured.name }}' } }), ...elements(...BELOW_FEATURES)),
  allow(element('components'), ...elements(...BELOW_FEATURES)),
  allow(element('hooks'), ...elements('hooks', 'stores', 'lib', 'config', 'domain')),
  allow(element('stores'), ...elements('stores', 'lib', 'config', 'domain')),
  // The client reads the runtime config and the config's store tests a connection with the client: one floor.
  allow(element('lib'), ...elements('lib', 'config', 'domain')),
  allow(element('config'), ...elements('config', 'lib', 'domain')),
  // The pure core: the contract, rules, accounting, formats. It imports only itself (no UI libraries either: see below).
  allow(element('domain'), element('domain')),
  // The simulator shares the core with the app, and nothing else of src/.
  allow(element('simulator'), ...elements('simulator', 'domain')),
  allow(element('test-support'), ...elements('test-support', ...BELOW_FEATURES)),
  allow(element('e2e'), ...elements('e2e', 'simulator', 'domain')),
  // Tests and benchmarks may use the simulator and the test helpers as fixtures.
  allow({ file: { categories: 'test' } }, ...elements('simulator', 'test-support')),
  // The benchmark's non-virtualised peer renders the ledger with the ledger's own columns.
  allow({ file: { categories: 'bench-peer' } }, element('feature', { captured: { name: 'compaction-ledger' } }), element('styles')),
];

const TESTS = ['**/*.{test,bench,spec}.{ts,tsx}'];
/** Test helpers (src/test-support, a feature's or the simulator's test-support/) are for tests only. */
const TEST_HELPERS = { group: ['**/test-support', '**/test-support/**'], message: 'Only tests import test helpers.' };
/** The domain core stays pure TypeScript: no UI framework, state library or router. */
const UI_LIBRARIES = {
  group: ['react', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', '@tanstack/*', 'react-router', 'radix-ui', 'recharts', 'react-hook-form', 'msw', 'msw/*'],
  message: 'The domain core (src/domain) is pure TypeScript: no React, zustand, react-query or other UI library.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'public/mockServiceWorker.js',
      'src/domain/contract/schema.gen.ts',
      'src/domain/contract/enums.gen.ts',
      'src/domain/contract/validators',
      'test-results',
      'playwright-report',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Untrusted text is rendered as text, never as HTML.',
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-multiple-empty-lines': ['error', { max: 1, maxBOF: 0, maxEOF: 0 }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.ts', 'e2e/**/*.ts'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'boundaries/elements': boundaryElements,
      'boundaries/files': [
        { category: 'test', pattern: '**/*.{test,bench,spec}.{ts,tsx}' },
        { category: 'entry', pattern: 'src/main.tsx' },
        { category: 'bench-peer', pattern: 'e2e/bench/peer/*' },
      ],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { typescript: { alwaysTryTypes: true } },
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: boundaryPolicies,
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.ts'],
    ignores: [...TESTS, '**/test-support/**', '**/test-support.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [TEST_HELPERS] }] },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [TEST_HELPERS, UI_LIBRARIES] }] },
  },
);
