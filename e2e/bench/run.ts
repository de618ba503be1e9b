/**
 * `npm run bench`: the one benchmark. First the vitest benchmarks (Node), then Chromium through
 * Playwright against the production build and the loopback simulator at bench scale, several
 * runs; one table of median and worst per figure with its goal, and a JSON report.
 *
 * It builds what it needs (BENCH_DIST, default dist-bench), starts its own servers on its own
 * ports and stops them however it ends. Environment (all optional):
 *   BENCH_RUNS=5                 browser runs (the median and the worst are over these)
 *   BENCH_MOCK_PORT=4215         the simulator's port      BENCH_PREVIEW_PORT=4378  the build's
 *   BENCH_DEV_PORT=4388          the dev server's (`npm start`'s first visit, part devstart)
 *   BENCH_DIST=dist-bench        the build folder          BENCH_BUILD=0   reuse the last build
 *   BENCH_UNIT=0                 skip the vitest benchmarks
 *   BENCH_SCROLL_SPEEDS=4000,16000  scrolling speeds, px per second (a trackpad fling, and four times that)
 *   BENCH_SCROLL_SECONDS=8       how long each scroll lasts (each made twice: every painted frame recorded, then not)
 *   BENCH_PEER_ROWS=10000        rows the peer renders (all in its DOM)
 *   BENCH_LIVE_RATES=50,200,1000 live bursts, events per second (1,000: about what the simulator keeps up on 2 cores)
 *   BENCH_LIVE_SECONDS=5         length of each live burst
 *   BENCH_HEAP_RUNS=2            runs that also load all 100,000 rows for the heap (3 min each
 *                                on a busy 2-core machine; the heap barely varies)
 *   BENCH_ONLY=nav,scroll        only these parts: devstart, bundles, slow, nav, scroll, peer, lists, dryrun, import, live, heap, soak, fleet, follow
 *   BENCH_FOLLOW_FILES=2000      part follow: transcripts in the generated folder; BENCH_FOLLOW_FILE_KB=1500 each;
 *   BENCH_FOLLOW_APPENDS=20      lines appended for the lag (follow.ts); BENCH_FOLLOW_STEADY_S=60 quiet seconds before the steady memory;
 *                               BENCH_FOLLOW_REREADS=8 dropped sessions asked for once (their first request)
 *   BENCH_SOAK_MINUTES=10        the soak's length (0: no soak); it runs once, after the runs
 *   BENCH_SOAK_RATE=20           the soak's compactions per second
 *   BENCH_PROFILE=1              also write a CPU profile per scenario, and the simulator's (slows the figures)
 *   CHROMIUM_PATH=…              another Chromium (as for the e2e tests)
 *   BENCH_README=0               leave e2e/bench/README.md as it is (a run of fewer than 5 does, unless BENCH_README=1)
 * Output: test-results/bench/bench.json (figures, per-run values, machine, long-frame scripts)
 * and bench.md (the table as Markdown); a run of five or more also writes each part's table into
 * e2e/bench/README.md, between its markers, replacing those parts' tables only (guide-table.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import playwrightConfig from '../../playwright.config';
import { chromiumPath } from '../support/chromium';
import { buildApp, buildPeer, ROOT } from './build';
import { Bench, BIG_SESSION, FIG, TYPICAL_SESSION, type BenchOptions } from './scenarios';
import { assertPortFree, startServer, type RunningServer } from './servers';
import { mergePartTables } from './guide-table';
import { FigureBook, formatMarkdown, formatTable, type FigureResult } from './summary';
import { runVitestBench, vitestFigures } from './unit-bench';
import { followRun } from './follow';

function intEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min} (got ${JSON.stringify(raw)})`);
  return value;
}

function listEnv(name: string, fallback: number[], max: number): number[] {
  const raw = process.env[name];
  if (!raw) return fallback;
  const values = raw.split(',').map((v) => Number(v.trim()));
  if (values.some((v) => !Number.isFinite(v) || v < 1 || v > max)) throw new Error(`${name} must list values from 1 to ${max}, comma-separated (got ${JSON.stringify(raw)})`);
  return values;
}

const runs = intEnv('BENCH_RUNS', 5, 1);
const mockPort = intEnv('BENCH_MOCK_PORT', 4215, 1);
const previewPort = intEnv('BENCH_PREVIEW_PORT', 4378, 1);
const devPort = intEnv('BENCH_DEV_PORT', 4388, 1);
const dist = resolve(ROOT, process.env.BENCH_DIST ?? 'dist-bench');
const outDir = join(ROOT, 'test-results/bench');
const heapRuns = Math.min(runs, intEnv('BENCH_HEAP_RUNS', 2, 1));
const withUnit = process.env.BENCH_UNIT !== '0';
const rebuild = process.env.BENCH_BUILD !== '0' || !existsSync(join(dist, 'index.html'));
const daemonUrl = `http://127.0.0.1:${mockPort}`;
const baseUrl = `http://127.0.0.1:${previewPort}`;
// The full browser, as an operator runs it (the tests may drive the headless shell).
const launch = { ...playwrightConfig.use?.launchOptions, executablePath: chromiumPath('full') };

/** The lists measured against the peer, each with the part that scrolls it. */
const PEER_COMPARED = [
  ['scroll', 'ledger'],
  ['lists', 'fleet'],
  ['lists', 'audit'],
  ['dryrun', 'diff'],
] as const;

const PARTS = ['devstart', 'bundles', 'slow', 'nav', 'scroll', 'peer', 'lists', 'dryrun', 'import', 'live', 'heap', 'soak', 'fleet', 'follow'] as const;
type Part = (typeof PARTS)[number];

function partsEnv(): Set<Part> {
  const raw = process.env.BENCH_ONLY;
  if (!raw) return new Set(PARTS);
  const wanted = raw.split(',').map((p) => p.trim());
  const unknown = wanted.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY lists ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}`);
  return new Set(wanted as Part[]);
}

const parts = partsEnv();

const options: BenchOptions = {
  runs,
  baseUrl,
  daemonUrl,
  peerRows: intEnv('BENCH_PEER_ROWS', 10_000, 100),
  scrollSpeeds: listEnv('BENCH_SCROLL_SPEEDS', [4000, 16_000], 100_000),
  scrollSeconds: intEnv('BENCH_SCROLL_SECONDS', 8, 1),
  liveRates: listEnv('BENCH_LIVE_RATES', [50, 200, 1000], 2000),
  liveSeconds: intEnv('BENCH_LIVE_SECONDS', 5, 1),
  profileDir: process.env.BENCH_PROFILE === '1' ? join(outDir, 'profiles') : null,
  artifactsDir: outDir,
  dist,
  soakMinutes: intEnv('BENCH_SOAK_MINUTES', 10, 0),
  soakRate: intEnv('BENCH_SOAK_RATE', 20, 1),
};

/** The commit measured: read as the bench starts (it builds then), marked when files differ from it. */
function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return changed ? `${head} with uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}

function step(text: string): void {
  console.log(`\n▶ ${text}`);
}

async function resetDaemon(): Promise<void> {
  const response = await fetch(`${daemonUrl}/__mock/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ scale: 'bench' }) });
  if (!response.ok) throw new Error(`the simulator did not reset: ${response.status} ${await response.text()}`);
}

/** The loopback simulator on the benchmark's port, live timer off. */
/** A simulator, ready once `readyPath` answers (it answers 503 while it loads or seeds its data). */
function startSimulator(name: string, env: Record<string, string>, timeoutMs: number, readyPath = '/api/v1/health'): Promise<RunningServer> {
  // With BENCH_PROFILE=1 the simulator writes its own CPU profiles when it stops, one per thread (its main thread's is the largest).
  const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(options.profileDir, 'simulator')}`] : [];
  return startServer(name, process.execPath, [...profile, '--import', 'tsx', join(ROOT, 'mocks/server/main.ts')], { PORT: String(mockPort), MOCK_LIVE: '0', MOCK_PERSIST: '0', ...env }, `${daemonUrl}${readyPath}`, timeoutMs);
}

/** A dev server (demo mode, as `npm start` without a daemon) rebuilding its dependency cache, and its first visit. */
async function devStart(bench: Bench, run: number): Promise<void> {
  const devUrl = `http://127.0.0.1:${devPort}`;
  await assertPortFree('the dev server', `${devUrl}/`, 'BENCH_DEV_PORT');
  const started = Date.now();
  // As `npm start` runs it: the bench's own process has NODE_ENV=production by now (its build), and a
  // dev server started with it serves import.meta.env.DEV false: no simulated daemon, every API call
  // answered with index.html.
  const env: Record<string, string> = { KAGED_API_URL: '', NODE_ENV: 'development' };
  const server = await startServer('the dev server', process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1', '--port', String(devPort), '--strictPort', '--force'], env, `${devUrl}/`, 120_000);
  try {
    await bench.devStart(run, devUrl, Date.now() - started);
  } finally {
    await server.stop();
  }
}

/** `vite preview` of the benchmark's build, proxied to the simulator. */
function startPreview(): Promise<RunningServer> {
  return startServer(
    'the preview server',
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(previewPort), '--strictPort', '--outDir', dist],
    { KAGED_API_URL: daemonUrl },
    `${baseUrl}/`,
    60_000,
  );
}

async function browserRuns(book: FigureBook): Promise<{ chromium: string; diagnostics: Bench['diagnostics']; soak: Bench['soakSamples'] }> {
  const servers: RunningServer[] = [];
  let browser: Browser | null = null;
  try {
    await assertPortFree('the simulator', `${daemonUrl}/api/v1/health`, 'BENCH_MOCK_PORT');
    await assertPortFree('the preview server', `${baseUrl}/`, 'BENCH_PREVIEW_PORT');
    step(`starting the simulator (bench scale) on ${daemonUrl} and the build on ${baseUrl}`);
    servers.push(await startSimulator('the simulator', { MOCK_SCALE: 'bench' }, 120_000));
    servers.push(await startPreview());
    browser = await chromium.launch({ ...launch, headless: true });
    const bench = new Bench(browser, options, book);
    for (let run = 1; run <= runs; run += 1) {
      step(`browser run ${run} of ${runs}`);
      await resetDaemon();
      if (parts.has('devstart')) {
        book.inPart('devstart');
        console.log('  npm start: first visit with the dependency cache rebuilt');
        await devStart(bench, run);
      }
      if (run === 1 && parts.has('bundles')) {
        book.inPart('bundles');
        console.log('  every screen once (bundle sizes)');
        await bench.bundles();
      }
      if (parts.has('slow')) {
        book.inPart('slow');
        console.log('  first screens on a slow link with a 4x slower CPU');
        await bench.slowLink(run);
      }
      if (parts.has('nav')) {
        book.inPart('nav');
        console.log('  navigation to first data');
        await bench.sessionsList(run);
        await bench.sessionView(run, TYPICAL_SESSION, { stat: FIG.typicalStat, row: FIG.typicalRow, tasks: FIG.typicalTasks, worst: FIG.typicalWorstTask });
        await bench.sessionView(run, BIG_SESSION, { stat: FIG.bigStat, row: FIG.bigRow, tasks: FIG.bigTasks, worst: FIG.bigWorstTask, page: { decoded: FIG.bigPageBytes, wire: FIG.bigPageWire } });
        await bench.eventDetail(run);
      }
      if (parts.has('scroll')) {
        book.inPart('scroll');
        console.log(`  scrolling the ledger at ${options.scrollSpeeds.join(' and ')} px/s (each twice: with the screencast, and without it)`);
        await bench.ledgerScroll(run);
      }
      if (parts.has('peer')) {
        book.inPart('peer');
        console.log('  the peer, the same way');
        await bench.peerScroll(run);
      }
      if (parts.has('lists')) {
        book.inPart('lists');
        console.log('  scrolling the cross-session ledger and the audit log');
        await bench.otherListsScroll(run);
      }
      if (parts.has('dryrun')) {
        book.inPart('dryrun');
        console.log('  dry-run preview and diff scroll');
        await bench.dryRun(run);
      }
      if (parts.has('import')) {
        book.inPart('import');
        console.log('  import through the page, threshold-lab replay');
        await bench.importAndReplay(run);
      }
      if (parts.has('live')) {
        book.inPart('live');
        console.log(`  live compactions, then live bursts at ${options.liveRates.join(', ')} events/s`);
        await bench.liveCompactions(run);
        await bench.live(run);
      }
      if (parts.has('peer')) {
        // Each list against the peer of the same run; the ratios go to the list's own part.
        for (const [part, list] of PEER_COMPARED) {
          if (!parts.has(part)) continue;
          book.inPart(part);
          bench.peerRatios(run, list);
        }
      }
      if (run <= heapRuns && parts.has('heap')) {
        book.inPart('heap');
        console.log('  heap with 100,000 rows');
        await bench.heap(run);
      }
    }
    if (parts.has('soak') && options.soakMinutes > 0) {
      book.inPart('soak');
      step(`soak: ${options.soakMinutes} min of live events at ${options.soakRate} compactions/s with the session page open`);
      await resetDaemon();
      await bench.soak();
    }
    return { chromium: browser.version(), diagnostics: bench.diagnostics, soak: bench.soakSamples };
  } finally {
    await browser?.close().catch(() => undefined);
    for (const server of servers.reverse()) await server.stop();
  }
}

/**
 * The across-sessions screens against the simulator at MOCK_SCALE=large (1,000,000 events in 2,400
 * sessions): time to the health view's first figures and to the cross-session ledger's first rows.
 */
/** The simulator's own compute time per aggregate and run (Server-Timing), kept in bench.json. */
const fleetCompute: Record<string, number>[] = [];

async function fleetRuns(book: FigureBook): Promise<string> {
  const servers: RunningServer[] = [];
  let browser: Browser | null = null;
  try {
    await assertPortFree('the simulator', `${daemonUrl}/api/v1/health`, 'BENCH_MOCK_PORT');
    await assertPortFree('the preview server', `${baseUrl}/`, 'BENCH_PREVIEW_PORT');
    step(`starting the simulator (MOCK_SCALE=large) on ${daemonUrl} and the build on ${baseUrl}`);
    servers.push(await startSimulator('the large simulator', { MOCK_SCALE: 'large', MOCK_PERSIST: '0' }, 300_000));
    servers.push(await startPreview());
    browser = await chromium.launch({ ...launch, headless: true });
    const bench = new Bench(browser, options, book);
    book.inPart('fleet');
    for (let run = 1; run <= runs; run += 1) {
      step(`across sessions at 1,000,000 events: run ${run} of ${runs}`);
      await bench.fleetHealth(run);
      await bench.fleetLedger(run);
      const computed = await bench.fleetApi(daemonUrl);
      console.log(`  simulator compute time (Server-Timing): ${Object.entries(computed).map(([k, v]) => `${k} ${Math.round(v)} ms`).join(', ')}`);
      fleetCompute.push(computed);
    }
    return browser.version();
  } finally {
    await browser?.close().catch(() => undefined);
    for (const server of servers.reverse()) await server.stop();
  }
}

/** The simulator following a generated folder (follow.ts), once per run, each on a fresh folder. */
async function followRuns(book: FigureBook): Promise<string> {
  const follow = { files: intEnv('BENCH_FOLLOW_FILES', 2000, 1), fileKb: intEnv('BENCH_FOLLOW_FILE_KB', 1500, 1), appends: intEnv('BENCH_FOLLOW_APPENDS', 20, 1), steadyS: intEnv('BENCH_FOLLOW_STEADY_S', 60, 0), rereads: intEnv('BENCH_FOLLOW_REREADS', 8, 1) };
  let preview: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    await assertPortFree('the simulator', `${daemonUrl}/api/v1/health`, 'BENCH_MOCK_PORT');
    await assertPortFree('the preview server', `${baseUrl}/`, 'BENCH_PREVIEW_PORT');
    preview = await startPreview();
    browser = await chromium.launch({ ...launch, headless: true });
    book.inPart('follow');
    for (let run = 1; run <= runs; run += 1) {
      step(`following a folder: run ${run} of ${runs}`);
      await followRun(book, browser, follow, { daemon: daemonUrl, base: baseUrl }, (folder) => startSimulator('the following simulator', { MOCK_FOLLOW: folder, MOCK_FOLLOW_IDLE_MS: '60000' }, 300_000, '/api/v1/sessions'));
    }
    return browser.version();
  } finally {
    await browser?.close().catch(() => undefined);
    await preview?.stop();
  }
}

/** The three heaviest entries of each first-run scenario, by source file where the build's maps know it. */
function formatDiagnostics(diagnostics: Bench['diagnostics']): string {
  const lines: string[] = [];
  for (const [scenario, d] of Object.entries(diagnostics)) {
    if (!/-run1(-|$)/.test(scenario) || d.scripts.length === 0) continue;
    lines.push(`  ${scenario.replace(/-run1/, '')}: ${d.longTasks.length} long tasks`);
    for (const s of d.scripts.slice(0, 3)) lines.push(`    ${Math.round(s.total).toLocaleString('en-US').padStart(7)} ms  ${s.origin ?? s.script}${s.origin && s.invoker ? ` (${s.invoker})` : ''}`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = new Date();
  const commit = gitCommit();
  mkdirSync(outDir, { recursive: true });
  if (options.profileDir) mkdirSync(options.profileDir, { recursive: true });
  const load = [loadavg()];

  let unit: FigureResult[] = [];
  if (withUnit) {
    step('vitest benchmarks (Node)');
    const json = join(outDir, 'vitest.json');
    await runVitestBench(ROOT, json);
    unit = vitestFigures(json, loadavg()[0] ?? Number.NaN);
  }

  if (rebuild) {
    step(`building the app and the peer into ${dist}`);
    await buildApp(dist);
    await buildPeer(dist);
  } else {
    step(`reusing the build in ${dist} (BENCH_BUILD=0)`);
    await buildPeer(dist);
  }

  const book = new FigureBook(() => loadavg()[0] ?? Number.NaN);
  // BENCH_ONLY=fleet or follow: no bench-scale simulator at all, only their own.
  const onlyOwn = PARTS.every((part) => part === 'fleet' || part === 'follow' || !parts.has(part));
  const browserResult = onlyOwn ? { chromium: '', diagnostics: {}, soak: [] } : await browserRuns(book);
  const fleetChromium = parts.has('fleet') ? await fleetRuns(book) : '';
  const followChromium = parts.has('follow') ? await followRuns(book) : '';
  const { diagnostics, soak } = browserResult;
  const chromiumVersion = browserResult.chromium || fleetChromium || followChromium;
  load.push(loadavg());

  const figures = [...book.results(), ...unit];
  const cpu = cpus();
  const machine = {
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memory_gb: Math.round(totalmem() / 1024 ** 3),
    load_average_1m: { start: load[0]?.[0], end: load[1]?.[0] },
    chromium: `${chromiumVersion}${launch.executablePath ? ` (${launch.executablePath})` : ' (Playwright\'s)'}`,
    node: process.version,
    date: started.toISOString(),
    commit,
  };
  const header = `${machine.cpu}, ${machine.cores} cores, ${machine.memory_gb} GB; Chromium ${machine.chromium}; Node ${machine.node}; ${machine.date.slice(0, 10)}; commit ${machine.commit}; load average ${machine.load_average_1m.start?.toFixed(2)} → ${machine.load_average_1m.end?.toFixed(2)}`;
  console.log(`\n${'═'.repeat(100)}\nCompactor benchmark: ${header}\n${runs} browser runs; goals judged on the median\n`);
  console.log(formatTable(figures, runs));
  const partNotes = (part: string) => (part === 'unit' ? [] : book.notes(part));
  const notes = PARTS.flatMap((part) => book.notes(part));
  if (notes.length > 0) console.log(`\nnotes:\n${notes.map((n) => `  ${n}`).join('\n')}`);
  console.log(`\nwhere the long frames went in run 1 (ms in long animation frames; all runs in the JSON):\n${formatDiagnostics(diagnostics)}`);

  const report = {
    machine,
    options: { ...options, dist },
    figures: figures.map(({ goal, ...f }) => ({ ...f, goal: goal?.text ?? null })),
    notes,
    soak,
    fleet_compute_ms: fleetCompute,
    diagnostics,
  };
  writeFileSync(join(outDir, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(outDir, 'bench.md'), `Taken on: ${header}\n\n${formatMarkdown(figures, runs)}\n${notes.map((n) => `\n- ${n}`).join('')}`);
  console.log(`\nfigures: ${join(outDir, 'bench.json')} (and bench.md)`);
  // The guide keeps a table per part: a run of five or more replaces the tables of the parts it ran.
  if ((runs >= 5 && process.env.BENCH_README !== '0') || process.env.BENCH_README === '1') {
    const partOf = (r: FigureResult) => (unit.includes(r) ? 'unit' : book.partOf(r.id));
    const tables = new Map<string, string>();
    for (const part of new Set(figures.map(partOf))) {
      const said = partNotes(part).length > 0 ? `\n\n${partNotes(part).map((n) => `- ${n}`).join('\n')}` : '';
      tables.set(part, `**${part === 'unit' ? 'vitest benchmarks (Node)' : `BENCH_ONLY=${part}`}**: ${header}; ${runs} runs; the load average (1 min) when each value was taken in its column.\n\n${formatMarkdown(figures, runs, (r) => partOf(r) === part)}${said}`);
    }
    writeGuideTables(tables);
    console.log(`the tables of ${[...tables.keys()].join(', ')} are in ${GUIDE}`);
  }
}

const GUIDE = join(ROOT, 'e2e/bench/README.md');
const START = '<!-- bench:table:start -->';
const END = '<!-- bench:table:end -->';

/** The guide's tables of current figures, those of `tables`' parts replaced between its markers (the rest of the guide is left as it is). */
function writeGuideTables(tables: ReadonlyMap<string, string>): void {
  const guide = readFileSync(GUIDE, 'utf8');
  const from = guide.indexOf(START);
  const to = guide.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${GUIDE} has no ${START} … ${END} markers for the tables`);
  const region = mergePartTables(guide.slice(from + START.length, to), tables, ['unit', ...PARTS]);
  writeFileSync(GUIDE, `${guide.slice(0, from + START.length)}\n${region}\n${guide.slice(to)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nbenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
