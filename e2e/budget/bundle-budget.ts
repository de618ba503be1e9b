/**
 * The production build's JavaScript budget (issue 10), read from Vite's build manifest
 * (dist/.vite/manifest.json) and the files it names:
 * - the initial JavaScript of the sessions list (gzip): the entry chunk and every chunk it imports
 *   statically, plus the sessions page's chunk and its static imports, plus what the page cannot
 *   render without although it loads on demand (its responses' validators), each file counted once;
 * - every chunk, on its own (gzip).
 * vite.config.ts runs checkBuild() at the end of every production build, so a build over budget
 * fails, naming the files, their sizes and the limits.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's manifest.json (the fields used here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Budget {
  /** The module whose page is the first screen: its chunk and static imports count as initial. */
  firstScreen: string;
  /**
   * Modules loaded on demand that the first screen cannot render without, counted as initial too:
   * the validators of the responses it shows (each endpoint's load with its first request).
   */
  firstScreenNeeds: string[];
  /** Initial JavaScript of the first screen, gzip bytes. */
  initialGzip: number;
  /** Any one chunk, gzip bytes. */
  chunkGzip: number;
}

export const BUDGET: Budget = {
  firstScreen: 'src/pages/sessions-page.tsx',
  firstScreenNeeds: ['get-health', 'get-projects', 'get-sessions'].map((endpoint) => `src/domain/contract/validators/responses/${endpoint}.gen.ts`),
  initialGzip: 150 * 1024,
  chunkGzip: 250 * 1024,
};

export interface FileSize {
  file: string;
  gzip: number;
}

export interface BudgetReport {
  /** The files of the first screen, largest first. */
  initial: FileSize[];
  initialGzip: number;
  /** Every JavaScript file of the build, largest first. */
  chunks: FileSize[];
  /** Empty when within budget; else one line per excess. */
  problems: string[];
}

/** The manifest keys of a chunk and everything it imports statically (depth first, each once). */
function withStaticImports(manifest: Manifest, key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk "${key}"`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, seen);
}

/** The JavaScript files loaded before the first screen renders: the entry's and the first screen's, with their static imports. */
export function initialFiles(manifest: Manifest, firstScreen: string, firstScreenNeeds: readonly string[] = []): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('The build manifest has no entry chunk');
  const keys = new Set<string>();
  for (const entry of entries) withStaticImports(manifest, entry, keys);
  // The first screen's page is its own chunk (a lazy route) or part of the entry's chunks.
  if (manifest[firstScreen]) withStaticImports(manifest, firstScreen, keys);
  for (const needed of firstScreenNeeds) withStaticImports(manifest, needed, keys);
  return [...new Set([...keys].map((key) => (manifest[key] as ManifestChunk).file))].filter((file) => file.endsWith('.js'));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Checks a build against the budget; `gzipOf(file)` answers a file's gzip size in bytes. */
export function checkBudget(manifest: Manifest, gzipOf: (file: string) => number, budget: Budget = BUDGET): BudgetReport {
  const size = (file: string): FileSize => ({ file, gzip: gzipOf(file) });
  const bySize = (a: FileSize, b: FileSize) => b.gzip - a.gzip;
  const initial = initialFiles(manifest, budget.firstScreen, budget.firstScreenNeeds).map(size).sort(bySize);
  const initialGzip = initial.reduce((sum, f) => sum + f.gzip, 0);
  const chunks = [...new Set(Object.values(manifest).map((c) => c.file))].filter((file) => file.endsWith('.js')).map(size).sort(bySize);
  const problems: string[] = [];
  if (initialGzip > budget.initialGzip) {
    problems.push(
      `Initial JavaScript of ${budget.firstScreen} is ${kb(initialGzip)} gzip, over the ${kb(budget.initialGzip)} limit: ` +
        initial.map((f) => `${f.file} ${kb(f.gzip)}`).join(', '),
    );
  }
  for (const chunk of chunks) {
    if (chunk.gzip > budget.chunkGzip) problems.push(`${chunk.file} is ${kb(chunk.gzip)} gzip, over the ${kb(budget.chunkGzip)} limit for one chunk`);
  }
  return { initial, initialGzip, chunks, problems };
}

/** The report as printed after a build. */
export function formatReport(report: BudgetReport, budget: Budget = BUDGET): string {
  const lines = [
    `Initial JavaScript (${budget.firstScreen}): ${kb(report.initialGzip)} gzip of ${kb(budget.initialGzip)} allowed, ${report.initial.length} files`,
    `Largest chunk: ${report.chunks[0] ? `${report.chunks[0].file} ${kb(report.chunks[0].gzip)}` : 'none'} gzip of ${kb(budget.chunkGzip)} allowed`,
  ];
  return [...lines, ...report.problems.map((p) => `OVER BUDGET: ${p}`)].join('\n');
}

/** Reads a build folder (its .vite/manifest.json and files) and checks it. */
export function checkBuild(outDir: string, budget: Budget = BUDGET): BudgetReport {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return checkBudget(manifest, (file) => gzipSync(readFileSync(join(outDir, file))).length, budget);
}
