import { describe, expect, it } from 'vitest';
import { checkBudget, formatReport, screenCode, screenFiles, type Budget, type Manifest, type Sizes } from './bundle-budget';

const KB = 1024;

/** A build like Vite's: an entry with shared chunks, lazy pages, a lazy chart chunk, a lazy live stream, lazy validators. */
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js', '_router.js'], dynamicImports: ['src/pages/sessions-page.tsx', 'src/pages/session-page.tsx', 'src/app/live-stream.tsx'] },
  '_react.js': { file: 'assets/react.js' },
  '_router.js': { file: 'assets/router.js', imports: ['_react.js'] },
  '_table.js': { file: 'assets/table.js', imports: ['_react.js'], css: ['assets/table.css'] },
  'src/app/live-stream.tsx': { file: 'assets/live-stream.js', isDynamicEntry: true, imports: ['_react.js'] },
  'src/pages/sessions-page.tsx': { file: 'assets/sessions-page.js', isDynamicEntry: true, imports: ['_table.js', '_react.js'], css: ['assets/sessions-page.css'] },
  'src/pages/session-page.tsx': { file: 'assets/session-page.js', isDynamicEntry: true, imports: ['_table.js'], dynamicImports: ['src/charts.tsx'] },
  'src/charts.tsx': { file: 'assets/charts.js', isDynamicEntry: true, imports: ['_react.js'] },
  'src/domain/contract/validators/responses/get-sessions.gen.ts': { file: 'assets/get-sessions.gen.js', isDynamicEntry: true, imports: ['_formats.js'] },
  '_formats.js': { file: 'assets/formats.js' },
};

const brotliSizes: Record<string, number> = {
  'assets/index.js': 20 * KB,
  'assets/react.js': 60 * KB,
  'assets/router.js': 15 * KB,
  'assets/table.js': 12 * KB,
  'assets/live-stream.js': 9 * KB,
  'assets/sessions-page.js': 8 * KB,
  'assets/session-page.js': 30 * KB,
  'assets/charts.js': 100 * KB,
  'assets/get-sessions.gen.js': 3 * KB,
  'assets/formats.js': 2 * KB,
};
const sizes: Sizes = { brotli: (file) => brotliSizes[file] ?? 0, gzip: (file) => (brotliSizes[file] ?? 0) * 1.2 };

const budget: Budget = {
  shell: ['src/app/live-stream.tsx'],
  screens: [
    { name: 'sessions list', page: 'src/pages/sessions-page.tsx', needs: ['src/domain/contract/validators/responses/get-sessions.gen.ts'] },
    { name: 'session view', page: 'src/pages/session-page.tsx', needs: [] },
  ],
  screenBrotli: 200 * KB,
  chunkGzip: 250 * KB,
};

describe('the bundle budget', () => {
  it("counts per screen the entry, the shell's on-demand parts, the page and what it needs before its first data, each file once; never what loads after", () => {
    expect(screenFiles(manifest, budget.shell, budget.screens[0] as Budget['screens'][number]).sort()).toEqual(
      ['assets/formats.js', 'assets/get-sessions.gen.js', 'assets/index.js', 'assets/live-stream.js', 'assets/react.js', 'assets/router.js', 'assets/sessions-page.js', 'assets/table.js'].sort(),
    );
    const report = checkBudget(manifest, sizes, budget);
    expect(report.screens.map((s) => [s.name, s.brotli])).toEqual([
      ['sessions list', (20 + 60 + 15 + 9 + 12 + 8 + 3 + 2) * KB],
      ['session view', (20 + 60 + 15 + 9 + 12 + 30) * KB],
    ]);
    expect(report.problems).toEqual([]);
    expect(report.chunks[0]).toEqual({ file: 'assets/charts.js', bytes: 120 * KB });
  });

  it('counts no page chunk when the page is part of the entry', () => {
    const { 'src/pages/sessions-page.tsx': _page, ...bundled } = manifest;
    expect(screenFiles(bundled, [], { page: 'src/pages/sessions-page.tsx', needs: [] }).sort()).toEqual(['assets/index.js', 'assets/react.js', 'assets/router.js']);
  });

  it('fails a screen over its limit, naming each file, its size and the limit', () => {
    const heavy: Sizes = { ...sizes, brotli: (file) => (file === 'assets/session-page.js' ? 120 * KB : sizes.brotli(file)) };
    const report = checkBudget(manifest, heavy, budget);
    expect(report.problems).toEqual([
      'The session view downloads 236.0 KB of JavaScript (brotli) before its first data, over the 200.0 KB limit: assets/session-page.js 120.0 KB, assets/react.js 60.0 KB, assets/index.js 20.0 KB, assets/router.js 15.0 KB, assets/table.js 12.0 KB, assets/live-stream.js 9.0 KB',
    ]);
    expect(formatReport(report, budget)).toMatch(/^JavaScript before the first data \(brotli, goal 200\.0 KB\): sessions list 129\.0 KB, session view 236\.0 KB\n.*\nOVER BUDGET: The session view/);
  });

  it('fails any chunk over its limit, even one loaded on demand', () => {
    const report = checkBudget(manifest, { ...sizes, gzip: (file) => (file === 'assets/charts.js' ? 260 * KB : sizes.gzip(file)) }, budget);
    expect(report.problems).toEqual(['assets/charts.js is 260.0 KB gzip, over the 250.0 KB limit for one chunk']);
  });

  it('refuses a need the build does not have (a renamed module must be named again)', () => {
    const renamed = { ...budget, screens: [{ name: 'sessions list', page: 'src/pages/sessions-page.tsx', needs: ['src/domain/contract/validators/responses/get-nothing.gen.ts'] }] };
    expect(() => checkBudget(manifest, sizes, renamed)).toThrow('The build manifest has no chunk "src/domain/contract/validators/responses/get-nothing.gen.ts"');
  });

  it("lists a screen's own files for the early script: beyond the entry's, the page first, with their stylesheets", () => {
    expect(screenCode(manifest, budget.shell, budget.screens[0] as Budget['screens'][number])).toEqual({
      scripts: ['assets/sessions-page.js', 'assets/table.js', 'assets/get-sessions.gen.js', 'assets/formats.js', 'assets/live-stream.js'],
      styles: ['assets/sessions-page.css', 'assets/table.css'],
    });
  });
});
