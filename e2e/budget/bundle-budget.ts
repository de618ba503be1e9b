/**
 * The production build's JavaScript budget (issues 10 and 28), read from Vite's build manifest
 * (dist/.vite/manifest.json) and the files it names:
 * - per screen, the JavaScript the browser downloads before the screen's first data, as sent
 *   (brotli, quality 11, as the build writes beside each file and the preview server serves it):
 *   the entry chunk with its static imports, the shell's parts that load on demand before any
 *   first data (the live stream, the validators of the shell's own answers), the screen's page
 *   chunk with its static imports, and what the screen loads on demand before its first data
 *   (its first answers' validators, parts drawn beside them), each file counted once.
 *   e2e/first-screen-budget.spec.ts loads each screen and fails when a script that arrived before
 *   its first data is not counted here: the budget counts at least what the browser downloads;
 * - every chunk, on its own (gzip).
 * vite.config.ts runs checkBuild() at the end of every production build, so a build over budget
 * fails, naming the files, their sizes and the limits.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** One entry of Vite's manifest.json (the fields used here). */
export interface ManifestChunk {
  file: string;
  /** The chunk's name (a manual chunk's group name: vendor, ui-vendor, …). */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** The stylesheets the chunk brings. */
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** One screen: its page module and what it loads on demand before its first data. */
export interface ScreenBudget {
  /** As the bench and the report name it. */
  name: string;
  /** The page's module: its chunk and static imports count. */
  page: string;
  /** Modules loaded on demand before the first data: the first answers' validators, parts drawn beside them. */
  needs: string[];
}

export interface Budget {
  /** Modules the shell loads on demand before any screen's first data (counted on every screen). */
  shell: string[];
  screens: ScreenBudget[];
  /** JavaScript before a screen's first data, brotli bytes: every screen. */
  screenBrotli: number;
  /** Any one chunk, gzip bytes. */
  chunkGzip: number;
}

const validator = (endpoint: string) => `src/domain/contract/validators/responses/${endpoint}.gen.ts`;

export const BUDGET: Budget = {
  shell: ['src/app/live-stream.tsx', validator('shell')],
  screens: [
    { name: 'sessions list', page: 'src/pages/sessions-page.tsx', needs: [validator('get-sessions'), 'src/features/imports/components/import-button.tsx', 'src/features/sessions/components/sessions-notices.tsx'] },
    { name: 'session view', page: 'src/pages/session-page.tsx', needs: [validator('session-view')] },
    { name: 'health', page: 'src/pages/health-page.tsx', needs: [validator('get-compaction-health'), validator('get-compaction-health-spirals')] },
    {
      name: 'knobs',
      page: 'src/pages/knobs-page.tsx',
      needs: ['session-view', 'get-compaction-knob-schema', 'get-plugins', 'get-models', 'get-prompts', 'get-sessions-session-id-compaction-config'].map(validator),
    },
    { name: 'threshold lab', page: 'src/pages/threshold-lab-page.tsx', needs: ['session-view', 'get-sessions-session-id-compaction-config'].map(validator) },
  ],
  screenBrotli: 200 * 1024,
  chunkGzip: 250 * 1024,
};

/** The manifest keys of a chunk and everything it imports statically (depth first, each once). */
function withStaticImports(manifest: Manifest, key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk "${key}"`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, seen);
}

/**
 * The JavaScript files loaded before a screen's first data: the entry's, the shell's on-demand
 * parts, the screen's page and what it needs, each with its static imports. A page that is part
 * of the entry's chunks (not a chunk of its own) adds nothing.
 */
export function screenFiles(manifest: Manifest, shell: readonly string[], screen: Pick<ScreenBudget, 'page' | 'needs'>): string[] {
  const keys = entryChunks(manifest);
  if (manifest[screen.page]) withStaticImports(manifest, screen.page, keys);
  for (const needed of [...shell, ...screen.needs]) withStaticImports(manifest, needed, keys);
  return scripts(manifest, keys);
}

/** The manifest keys of the entries and their static imports. */
function entryChunks(manifest: Manifest): Set<string> {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('The build manifest has no entry chunk');
  const keys = new Set<string>();
  for (const entry of entries) withStaticImports(manifest, entry, keys);
  return keys;
}

function scripts(manifest: Manifest, keys: Iterable<string>): string[] {
  return [...new Set([...keys].map((key) => (manifest[key] as ManifestChunk).file))].filter((file) => file.endsWith('.js'));
}

/**
 * A screen's files beyond what index.html links (the entry's): the scripts screenFiles counts for
 * it besides the entry's, the page's first, and their stylesheets. The early script asks for them
 * as the page starts (src/app/early-requests.ts), rather than once the entry has run.
 */
export function screenCode(manifest: Manifest, shell: readonly string[], screen: Pick<ScreenBudget, 'page' | 'needs'>): { scripts: string[]; styles: string[] } {
  const linked = entryChunks(manifest);
  const keys = new Set<string>();
  if (manifest[screen.page]) withStaticImports(manifest, screen.page, keys);
  for (const needed of [...screen.needs, ...shell]) withStaticImports(manifest, needed, keys);
  const own = [...keys].filter((key) => !linked.has(key));
  return { scripts: scripts(manifest, own), styles: [...new Set(own.flatMap((key) => manifest[key]?.css ?? []))] };
}

export interface FileSize {
  file: string;
  bytes: number;
}

export interface ScreenReport {
  name: string;
  /** Its files, largest first (brotli). */
  files: FileSize[];
  brotli: number;
}

export interface BudgetReport {
  screens: ScreenReport[];
  /** Every JavaScript file of the build, largest first (gzip). */
  chunks: FileSize[];
  /** Empty when within budget; else one line per excess. */
  problems: string[];
}

export interface Sizes {
  brotli: (file: string) => number;
  gzip: (file: string) => number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const bySize = (a: FileSize, b: FileSize) => b.bytes - a.bytes;

/** Checks a build against the budget. */
export function checkBudget(manifest: Manifest, sizes: Sizes, budget: Budget = BUDGET): BudgetReport {
  const problems: string[] = [];
  const screens = budget.screens.map((screen): ScreenReport => {
    const files = screenFiles(manifest, budget.shell, screen)
      .map((file) => ({ file, bytes: sizes.brotli(file) }))
      .sort(bySize);
    const brotli = files.reduce((sum, f) => sum + f.bytes, 0);
    if (brotli > budget.screenBrotli) {
      problems.push(`The ${screen.name} downloads ${kb(brotli)} of JavaScript (brotli) before its first data, over the ${kb(budget.screenBrotli)} limit: ${files.map((f) => `${f.file} ${kb(f.bytes)}`).join(', ')}`);
    }
    return { name: screen.name, files, brotli };
  });
  const chunks = [...new Set(Object.values(manifest).map((c) => c.file))]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, bytes: sizes.gzip(file) }))
    .sort(bySize);
  for (const chunk of chunks) {
    if (chunk.bytes > budget.chunkGzip) problems.push(`${chunk.file} is ${kb(chunk.bytes)} gzip, over the ${kb(budget.chunkGzip)} limit for one chunk`);
  }
  return { screens, chunks, problems };
}

/** The report as printed after a build. */
export function formatReport(report: BudgetReport, budget: Budget = BUDGET): string {
  const screens = report.screens.map((s) => `${s.name} ${kb(s.brotli)}`);
  const lines = [
    `JavaScript before the first data (brotli, goal ${kb(budget.screenBrotli)}): ${screens.join(', ')}`,
    `Largest chunk: ${report.chunks[0] ? `${report.chunks[0].file} ${kb(report.chunks[0].bytes)}` : 'none'} gzip of ${kb(budget.chunkGzip)} allowed`,
  ];
  return [...lines, ...report.problems.map((p) => `OVER BUDGET: ${p}`)].join('\n');
}

/** Reads a build folder (its .vite/manifest.json and files) and checks it. */
export function checkBuild(outDir: string, budget: Budget = BUDGET): BudgetReport {
  const manifest = readManifest(outDir);
  const read = (file: string) => readFileSync(join(outDir, file));
  const brotli = new Map<string, number>();
  return checkBudget(
    manifest,
    {
      brotli: (file) => brotli.get(file) ?? brotli.set(file, brotliCompressSync(read(file), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length).get(file) as number,
      gzip: (file) => gzipSync(read(file)).length,
    },
    budget,
  );
}

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}
