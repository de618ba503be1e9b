import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The code's shape (README, "Code map"): app → pages → features → shared, each importing only
 * from the layers below it; a feature never imports another feature; the simulator (mocks/) is
 * not imported by production code (demo mode's dynamic import in main.tsx aside), only by tests
 * and benchmarks; no import cycles anywhere. src/lint.test.ts proves each rule reports.
 */
const element = (type, extra = {}) => ({ element: { type, ...extra } });
/** src/main.tsx, the entry point (no element of its own). */
const entry = { file: { categories: 'entry' } };
const allow = (from, ...to) => ({ from, allow: { to: to.length === 1 ? to[0] : to } });

export const boundaryElements = [
  { type: 'app', pattern: 'src/app' },
  { type: 'pages', pattern: 'src/pages' },
  { type: 'feature', pattern: 'src/features/*', capture: ['name'] },
  { type: 'shared', pattern: 'src/{lib,components,config,styles}' },
  { type: 'simulator', pattern: 'mocks' },
  { type: 'e2e', pattern: 'e2e' },
];

export const boundaryPolicies = [
  allow(entry, element('app'), element('shared')),
  // Demo mode only: the simulated daemon, loaded on demand in development builds.
  { from: entry, allow: { to: element('simulator'), dependency: { nodeKind: 'dynamic-import' } } },
  allow(element('app'), element('pages'), element('feature'), element('shared')),
  allow(element('pages'), element('feature'), element('shared')),
  allow(element('feature'), element('feature', { captured: { name: '{{ from.element.captured.name }}' } }), element('shared')),
  allow(element('shared'), element('shared')),
  allow(element('simulator'), element('simulator'), element('shared')),
  allow(element('e2e'), element('e2e'), element('simulator'), element('shared')),
  // Tests and benchmarks may use the simulator as a fixture.
  allow({ file: { categories: 'test' } }, element('simulator')),
  // The benchmark's non-virtualised peer renders the ledger with the ledger's own columns.
  allow({ file: { categories: 'bench-peer' } }, element('feature', { captured: { name: 'compaction-ledger' } })),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'public/mockServiceWorker.js',
      'src/lib/api/schema.gen.ts',
      'src/lib/api/validators',
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
);
