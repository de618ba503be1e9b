import { describe, expect, it } from 'vitest';
import { checkBudget, formatReport, initialFiles, type Budget, type Manifest } from './bundle-budget';

const KB = 1024;

/** A build like Vite's: an entry with shared chunks, lazy pages, a lazy chart chunk, lazy validators. */
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js', '_router.js'], dynamicImports: ['src/pages/sessions-page.tsx', 'src/pages/session-page.tsx'], css: ['assets/index.css'] } as Manifest[string],
  '_react.js': { file: 'assets/react.js' },
  '_router.js': { file: 'assets/router.js', imports: ['_react.js'] },
  '_table.js': { file: 'assets/table.js', imports: ['_react.js'] },
  'src/pages/sessions-page.tsx': { file: 'assets/sessions-page.js', isDynamicEntry: true, imports: ['_table.js', '_react.js'] },
  'src/pages/session-page.tsx': { file: 'assets/session-page.js', isDynamicEntry: true, imports: ['_table.js'], dynamicImports: ['src/charts.tsx'] },
  'src/charts.tsx': { file: 'assets/charts.js', isDynamicEntry: true, imports: ['_react.js'] },
  'src/domain/contract/validators/responses/get-sessions.gen.ts': { file: 'assets/get-sessions.gen.js', isDynamicEntry: true, imports: ['_formats.js'] },
  '_formats.js': { file: 'assets/formats.js' },
  '_index.css': { file: 'assets/index.css' },
};

const sizes: Record<string, number> = {
  'assets/index.js': 20 * KB,
  'assets/react.js': 60 * KB,
  'assets/router.js': 15 * KB,
  'assets/table.js': 12 * KB,
  'assets/sessions-page.js': 8 * KB,
  'assets/session-page.js': 30 * KB,
  'assets/charts.js': 120 * KB,
  'assets/get-sessions.gen.js': 3 * KB,
  'assets/formats.js': 2 * KB,
};
const gzipOf = (file: string) => sizes[file] ?? 0;

const budget: Budget = {
  firstScreen: 'src/pages/sessions-page.tsx',
  firstScreenNeeds: ['src/domain/contract/validators/responses/get-sessions.gen.ts'],
  initialGzip: 150 * KB,
  chunkGzip: 250 * KB,
};

describe('the bundle budget', () => {
  it('counts the entry, the first screen and what it needs, with their static imports, each file once; never what loads on demand', () => {
    expect(initialFiles(manifest, budget.firstScreen, budget.firstScreenNeeds).sort()).toEqual(
      ['assets/formats.js', 'assets/get-sessions.gen.js', 'assets/index.js', 'assets/react.js', 'assets/router.js', 'assets/sessions-page.js', 'assets/table.js'].sort(),
    );
    const report = checkBudget(manifest, gzipOf, budget);
    expect(report.initialGzip).toBe((20 + 60 + 15 + 12 + 8 + 3 + 2) * KB);
    expect(report.problems).toEqual([]);
    expect(report.chunks[0]).toEqual({ file: 'assets/charts.js', gzip: 120 * KB });
  });

  it('counts only the entry when the first screen is part of it', () => {
    const { 'src/pages/sessions-page.tsx': _page, ...bundled } = manifest;
    expect(initialFiles(bundled, budget.firstScreen).sort()).toEqual(['assets/index.js', 'assets/react.js', 'assets/router.js']);
  });

  it('fails an initial load over budget, naming each file, its size and the limit', () => {
    const report = checkBudget(manifest, (file) => (file === 'assets/react.js' ? 130 * KB : gzipOf(file)), budget);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]).toBe(
      'Initial JavaScript of src/pages/sessions-page.tsx is 190.0 KB gzip, over the 150.0 KB limit: assets/react.js 130.0 KB, assets/index.js 20.0 KB, assets/router.js 15.0 KB, assets/table.js 12.0 KB, assets/sessions-page.js 8.0 KB, assets/get-sessions.gen.js 3.0 KB, assets/formats.js 2.0 KB',
    );
    expect(formatReport(report, budget)).toMatch(/^Initial JavaScript \(src\/pages\/sessions-page\.tsx\): 190\.0 KB gzip of 150\.0 KB allowed, 7 files\n.*\nOVER BUDGET: Initial JavaScript/);
  });

  it('fails any chunk over its limit, even one loaded on demand', () => {
    const report = checkBudget(manifest, (file) => (file === 'assets/charts.js' ? 260 * KB : gzipOf(file)), budget);
    expect(report.problems).toEqual(['assets/charts.js is 260.0 KB gzip, over the 250.0 KB limit for one chunk']);
  });

  it('refuses a first-screen need the build does not have (a renamed module must be named again)', () => {
    expect(() => checkBudget(manifest, gzipOf, { ...budget, firstScreenNeeds: ['src/domain/contract/validators/responses/get-nothing.gen.ts'] })).toThrow(
      'The build manifest has no chunk "src/domain/contract/validators/responses/get-nothing.gen.ts"',
    );
  });
});
