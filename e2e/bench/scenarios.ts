/**
 * What the browser half of the benchmark measures, one scenario at a time, each in a fresh
 * browser context (cold cache) on the production build against the simulator at bench scale.
 * The figures are taken inside the page by the probe (probe.ts); Playwright only drives.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { devices, type Browser, type BrowserContext, type BrowserContextOptions, type CDPSession, type Page } from '@playwright/test';
import { largeClaudeTranscript } from '../../mocks/importers/large-transcript';
import type { LiveBurstResult } from '../../mocks/daemon/live/bench-live';
import { idleReads } from '../support/compactions';
import { PEER_BASE } from './build';
import { quietWorkerNetwork } from './quiet-worker';
import { SourceLocator } from './source-map';
import { withDeadline } from './deadline';
import { stallReport } from './stall-report';
import { blankShares, recordPainted, restFrame, type PaintedFrame } from './painted';
import { probeScript, type FrameRun, type LongFrame, type LongTask, type ProbeOptions } from './probe';
import { liveLags, percentile, topScripts, type FigureBook, type FigureSpec, type ScriptCost } from './summary';

/** Where the app shows its data, as the DOM already says it (roles, labels, data attributes). */
export const SEL = {
  sessionRow: 'table[aria-label="Sessions"] tbody tr',
  /** A headline figure of the Compaction panel once its stats arrived (the skeleton is aria-busy). */
  statFigure: 'dl.stats-headline:not([aria-busy]) dd',
  ledgerGrid: '[role="grid"][aria-label="Compaction ledger"]',
  ledgerRow: '[role="grid"][aria-label="Compaction ledger"] [role="row"][data-compaction-id]',
  eventRecord: 'section[aria-label="Record"]',
  diffTable: '[role="table"][aria-label^="Dry-run diff"]',
  diffRow: '[role="table"][aria-label^="Dry-run diff"] [role="row"]',
  live: '[aria-label^="Connection:"][data-status="live"]',
  peerScroll: '[data-peer-scroll]',
  peerRow: '[data-peer-row]',
  auditScroll: '.audit-scroll',
  auditRow: '.audit-table tbody tr:not(.audit-spacer)',
  importReport: '[aria-label="Import report"] article',
  labComparison: 'table.lab-comparison tbody tr',
  /** The health view's headline once its aggregates arrived (the skeleton is aria-busy). */
  healthFigure: 'dl.health-headline:not([aria-busy]) dd',
  /** The health view's last panel (top sessions, asked once the figures are in) with its rows. */
  healthTopRow: 'section[aria-labelledby="top-title"] tbody tr',
} as const;

/**
 * A time zone per fleet run: the health view buckets in the browser's zone, so each run's
 * aggregates are a new question to the simulator (computed, not answered from its cache).
 */
const FLEET_ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney', 'America/Los_Angeles', 'Asia/Kolkata', 'Europe/London', 'America/Sao_Paulo', 'Africa/Nairobi'];

/** The simulator's aggregate endpoints timed alone over HTTP at MOCK_SCALE=large. */
/** from=…&to=… for the last `days` days up to now (the large history ends at the simulator's now). */
function lastDays(days: number): string {
  const now = Date.now();
  return `from=${new Date(now - days * 86_400_000).toISOString()}&to=${new Date(now).toISOString()}`;
}

export const FLEET_QUERIES: { id: string; label: string; path: string }[] = [
  { id: 'health', label: 'compaction health (all projects, all time)', path: '/compaction-health?tz=UTC' },
  { id: 'spirals', label: 'spiral detection (defaults)', path: '/compaction-health/spirals?tz=UTC' },
  { id: 'breakdown', label: 'breakdown by strategy', path: '/compaction-health/breakdown?tz=UTC&by=strategy' },
  { id: 'breakdown_plugin', label: 'breakdown by plugin', path: '/compaction-health/breakdown?tz=UTC&by=plugin' },
  { id: 'breakdown_agent', label: 'breakdown by agent path', path: '/compaction-health/breakdown?tz=UTC&by=agent_path' },
  { id: 'breakdown_trigger', label: 'breakdown by trigger', path: '/compaction-health/breakdown?tz=UTC&by=trigger' },
  { id: 'breakdown_model', label: 'breakdown by summarizer model', path: '/compaction-health/breakdown?tz=UTC&by=summarizer_model' },
  { id: 'breakdown_30d', label: 'breakdown by plugin, last 30 days (Paris)', path: `/compaction-health/breakdown?tz=Europe/Paris&by=plugin&${lastDays(30)}` },
  { id: 'breakdown_project', label: 'breakdown by strategy, one project, last 7 days', path: `/compaction-health/breakdown?tz=UTC&by=strategy&project_id=payments-api&${lastDays(7)}` },
  { id: 'top', label: 'top sessions', path: '/compaction-health/top-sessions?tz=UTC&limit=8' },
  { id: 'top_24h', label: 'top sessions, last 24 hours', path: `/compaction-health/top-sessions?tz=UTC&limit=8&${lastDays(1)}` },
  { id: 'plugin', label: 'plugin page (hindsight)', path: '/plugins/hindsight/activity?tz=UTC' },
  { id: 'ledger', label: 'cross-session ledger, first page', path: '/compactions?limit=100' },
  { id: 'audit', label: 'audit log, first page', path: '/audit?limit=100' },
];

export const TYPICAL_SESSION = 'ses_gen_refactor';
export const BIG_SESSION = 'ses_bench_10k';
const REVIEW_SESSION = 'ses_gen_review';
/** The largest fixture's session (4d5611e5…, 3.2 MB, 1,512 records). */
const LARGEST_SESSION = 'ses_4d5611e5-241';
const PROJECT = 'kaged-demo';

export interface BenchOptions {
  runs: number;
  baseUrl: string;
  daemonUrl: string;
  /** Rows the peer renders (every one in its DOM): enough for the fastest scroll. */
  peerRows: number;
  /** Scrolling speeds, px per second (a trackpad fling, and four times that). */
  scrollSpeeds: number[];
  /** Seconds each scroll lasts (or less, where the list ends first). */
  scrollSeconds: number;
  /** Live bursts: frames per second, each for `liveSeconds`. */
  liveRates: number[];
  liveSeconds: number;
  /** Write a CPU profile of each scenario (perturbs the timings; for reading, not for figures). */
  profileDir: string | null;
  /** Where a failing scenario leaves its screenshot. */
  artifactsDir: string;
  /** The build's folder, for mapping long-frame scripts to their source. */
  dist: string;
  /** The soak: minutes of live events with the session page open, and their rate per second. */
  soakMinutes: number;
  soakRate: number;
}

/** One heap reading of the soak. */
export interface SoakSample {
  /** Minutes since the soak began. */
  minute: number;
  heapMb: number;
  eventsSent: number;
  /** API requests the page made so far. */
  requests: number;
}

/** Diagnostics kept in the JSON beside the figures: the long tasks, and what the long frames spent their time in (with the source file, through the build's source maps). */
export type Diagnostics = Record<string, { longTasks: LongTask[]; scripts: (ScriptCost & { origin: string | null })[] }>;

const NAV_TIMEOUT = 60_000;
/** The page import's transcript: this many copies of the largest fixture (3.2 MB each). */
const IMPORT_COPIES = 8;
const STALL_MS = 30_000;
/** Loading all 100,000 rows page by page, at most (each page's own stall is STALL_MS). */
const LOAD_ALL_DEADLINE_MS = 10 * 60_000;
/** An event not shown this long after the burst's last send counts as never shown. */
const LIVE_WAIT_MS = 30_000;

// ————— figure definitions —————

const S_BUNDLE = 'Bundle (gzip level 9, as served to a fresh browser)';
const S_NAV = 'Navigation to first data (cold load, ms from navigation start)';
const S_SLOW = 'First screen on a slow link (cold; 40 ms RTT, 10 Mbit/s down, 5 up; CPU 4x slower)';
const S_DEV = '`npm start`, the first visit after an install (dev server with its dependency cache rebuilt, demo mode)';
const S_PEER = 'The peer: a plain react-table ledger, every row in the DOM';
const S_DIFF = 'Dry-run diff of the 10,000-message agent';
const S_MEMORY = 'Memory';
const S_LIVE = 'Live events: simulator send → shown in the ledger';
const S_LIVE_COMPACTIONS = 'Live compactions on an open session page (5 real compactions a run)';
const LIVE_COMPACTIONS = 5;
const S_SOAK = 'Soak: the session page open under live events (heap after GC)';
const S_BYOS = 'Import through the page and the threshold lab (loopback simulator)';
const S_FLEET = 'Across sessions at 1,000,000 events (MOCK_SCALE=large; cold load, ms from navigation start)';
const S_FLEET_API = 'Simulator aggregate query times at 1,000,000 events (each alone over HTTP, computed afresh: Cache-Control: no-cache)';

const SESSION_GOAL = { text: '≤ 600 ms', met: (v: number) => v <= 600 };
const fig = (id: string, section: string, label: string, unit: FigureSpec['unit'], extra: Partial<FigureSpec> = {}): FigureSpec => ({ id, section, label, unit, worse: 'higher', ...extra });

export const FIG = {
  fleetHealth: fig('fleet.health.first_view', S_FLEET, 'aggregated health view (all projects, all time): first figures', 'ms', { goal: { text: '≤ 1,500 ms', met: (v) => v <= 1500 } }),
  fleetHealthAll: fig('fleet.health.all_panels', S_FLEET, 'aggregated health view: every panel (top sessions last)', 'ms', { goal: { text: '≤ 3,000 ms', met: (v) => v <= 3000 } }),
  fleetHealthRequests: fig('fleet.health.requests', S_FLEET, 'aggregated health view: API requests until every panel', 'count'),
  ...Object.fromEntries(
    FLEET_QUERIES.map((q, i) => [
      `fleetApi_${q.id}`,
      fig(`fleet.api.${q.id}`, S_FLEET_API, q.label, 'ms', {
        goal: { text: '≤ 500 ms', met: (v) => v <= 500 },
        ...(i === 0 ? { note: "wall clock of each request; the simulator's own compute times (Server-Timing) are printed per run and kept in bench.json" } : {}),
      }),
    ]),
  ),
  fleetApiCached: fig('fleet.api.cached_total', S_FLEET_API, 'all of the above asked again (answered from the cache), together', 'ms', { goal: { text: '≤ 500 ms', met: (v) => v <= 500 } }),
  fleetLedger: fig('fleet.ledger.first_rows', S_FLEET, 'cross-session ledger (all sessions): first rows', 'ms', { goal: { text: '≤ 1,000 ms', met: (v) => v <= 1000 } }),
  initialJs: fig('bundle.initial.js', S_BUNDLE, 'initial JS (sessions list, before its first row)', 'KB', {
    note: "gzip 9 of the files received before the first row; the build's budget (e2e/budget) counts the same files per screen as sent (brotli), and the slow-link part measures them on the wire",
  }),
  initialCss: fig('bundle.initial.css', S_BUNDLE, 'initial CSS (sessions list, before its first row)', 'KB'),
  idleJs: fig('bundle.idle.js', S_BUNDLE, 'JS of the sessions list once the network is idle', 'KB', {
    note: 'adds what loads after the first screen is drawn: the live stream, the connection details, the validators of later requests',
  }),
  allJs: fig('bundle.all.js', S_BUNDLE, 'JS after visiting every screen', 'KB', { note: 'sessions, project, session view, event detail, checkpoint review, compact dialog with a preview, settings, not found' }),
  allCss: fig('bundle.all.css', S_BUNDLE, 'CSS after visiting every screen', 'KB'),
  sessionsList: fig('nav.sessions.first_row', S_NAV, 'sessions list: first row', 'ms'),
  typicalStat: fig('nav.session.first_stat', S_NAV, `session view (${TYPICAL_SESSION}): first stats figure`, 'ms', { goal: SESSION_GOAL }),
  typicalRow: fig('nav.session.first_ledger_row', S_NAV, `session view (${TYPICAL_SESSION}): first ledger row`, 'ms', { goal: SESSION_GOAL }),
  typicalTasks: fig('nav.session.long_tasks', S_NAV, `session view (${TYPICAL_SESSION}): long tasks before first data`, 'count'),
  typicalWorstTask: fig('nav.session.worst_long_task', S_NAV, `session view (${TYPICAL_SESSION}): worst long task before first data`, 'ms'),
  bigStat: fig('nav.session_100k.first_stat', S_NAV, 'session view (100,000 events): first stats figure', 'ms', { goal: SESSION_GOAL }),
  bigRow: fig('nav.session_100k.first_ledger_row', S_NAV, 'ledger with 100,000 events: first rows', 'ms', { goal: SESSION_GOAL }),
  bigTasks: fig('nav.session_100k.long_tasks', S_NAV, 'session view (100,000 events): long tasks before first data', 'count'),
  bigWorstTask: fig('nav.session_100k.worst_long_task', S_NAV, 'session view (100,000 events): worst long task before first data', 'ms'),
  bigPageBytes: fig('nav.session_100k.ledger_page_size', S_NAV, 'ledger with 100,000 events: first page (50 rows), decoded size', 'KB'),
  bigPageWire: fig('nav.session_100k.ledger_page_transferred', S_NAV, 'ledger with 100,000 events: first page, body bytes on the wire', 'KB'),
  eventDetail: fig('nav.event_detail.first_data', S_NAV, 'event detail: the record', 'ms'),
  slowSessions: fig('slow.sessions.first_row', S_SLOW, 'sessions list: first row', 'ms', { goal: { text: '≤ 1,000 ms', met: (v) => v <= 1000 }, beside: ['slow.sessions.worst_task', 'slow.sessions.js'] }),
  slowSessionsTask: fig('slow.sessions.worst_task', S_SLOW, 'sessions list: worst long task before the first row', 'ms', { goal: { text: '≤ 100 ms', met: (v) => v <= 100 } }),
  slowSessionsJs: fig('slow.sessions.js', S_SLOW, 'sessions list: JS on the wire before the first row (as sent)', 'KB', { goal: { text: '≤ 200 KB', met: (v) => v <= 200 } }),
  slowSession: fig('slow.session.first_data', S_SLOW, `session view (${TYPICAL_SESSION}): first data (stats and ledger row)`, 'ms', { goal: { text: '≤ 1,000 ms', met: (v) => v <= 1000 }, beside: ['slow.session.worst_task', 'slow.session.js'] }),
  slowSessionTask: fig('slow.session.worst_task', S_SLOW, 'session view: worst long task before first data', 'ms', { goal: { text: '≤ 100 ms', met: (v) => v <= 100 } }),
  slowSessionJs: fig('slow.session.js', S_SLOW, 'session view: JS on the wire before first data (as sent)', 'KB', { goal: { text: '≤ 200 KB', met: (v) => v <= 200 } }),
  devShell: fig('devstart.shell', S_DEV, 'first visit: the page says what is happening (from navigation start)', 'ms', { goal: { text: '≤ 1,000 ms', met: (v) => v <= 1000 }, beside: ['devstart.first_row'] }),
  devFirstRow: fig('devstart.first_row', S_DEV, 'first visit: the sessions list\'s first row', 'ms'),
  devServer: fig('devstart.server', S_DEV, 'the dev server answers (from its start)', 'ms'),
  peerFirst: fig('peer.first_rows', S_PEER, 'peer: first rows (fetch 10 pages of 1,000 + render all)', 'ms', { note: 'plain non-virtualised @tanstack/react-table <table> with the ledger\'s own columns, every row in the DOM (e2e/bench/peer)' }),
  previewFirst: fig('dryrun.preview_to_first_rows', S_DIFF, '"Preview" click → first diff rows', 'ms', {
    goal: { text: '≤ 400 ms (p95)', met: (v) => v <= 400 },
    goalOn: 'max',
    beside: ['dryrun.page_part', 'dryrun.answer', 'dryrun.rows_shown', 'dryrun.whole_list'],
  }),
  previewAnswer: fig('dryrun.answer', S_DIFF, 'click → the answer received (request, simulator, transfer)', 'ms', { beside: ['dryrun.simulator_handler', 'dryrun.simulator_compress'] }),
  previewHandler: fig('dryrun.simulator_handler', S_DIFF, "the simulator's dry run, serialised (Server-Timing)", 'ms', { beside: ['dryrun.simulator_compute', 'dryrun.simulator_cpu'] }),
  previewCpu: fig('dryrun.simulator_cpu', S_DIFF, "the simulator process's CPU time meanwhile, every thread (Server-Timing cpu)", 'ms'),
  previewCompute: fig('dryrun.simulator_compute', S_DIFF, "of that, the dry run itself before serialising (Server-Timing compute)", 'ms'),
  previewCompress: fig('dryrun.simulator_compress', S_DIFF, "the simulator's compression of the answer (Server-Timing)", 'ms'),
  previewWhole: fig('dryrun.whole_list', S_DIFF, '"Preview" click → the whole list read (the rest from the same proposal)', 'ms', {
    note: 'the first answer holds the first 200 messages (?first=200); the rest is paged from the same proposal, never a second dry run',
  }),
  previewPage: fig('dryrun.page_part', S_DIFF, "the page's own part: answer received → first diff rows", 'ms', { beside: ['dryrun.rows_shown'] }),
  previewRows: fig('dryrun.rows_shown', S_DIFF, 'diff rows in the DOM when the first shows', 'count', { worse: 'lower' }),
  previewBytes: fig('dryrun.response_size', S_DIFF, 'dry-run response: decoded size', 'MB'),
  previewWire: fig('dryrun.response_transferred', S_DIFF, 'dry-run response: body bytes on the wire', 'MB', { note: 'gzip or Brotli where the request accepts it (the simulator, through the preview proxy, as a daemon behind a proxy)' }),
  liveRequests: fig('live.compaction.requests', S_LIVE_COMPACTIONS, 'API requests per live compaction', 'per compaction', { goal: { text: '≤ 3', met: (v) => v <= 3 }, beside: ['live.compaction.shown'] }),
  liveShown: fig('live.compaction.shown', S_LIVE_COMPACTIONS, 'of those compactions, rows in the ledger', '%', { worse: 'lower' }),
  heap: fig('memory.heap_100k', S_MEMORY, 'JS heap with 100,000 ledger rows loaded (after GC)', 'MB', { goal: { text: '< 150 MB', met: (v) => v < 150 } }),
  loadAll: fig('memory.load_100k', S_MEMORY, 'time to load all 100,000 rows (scrolling to the end, 500 pages)', 'ms'),
  soakStart: fig('soak.heap.start', S_SOAK, 'heap when the page has loaded', 'MB'),
  soakEnd: fig('soak.heap.end', S_SOAK, 'heap at the end of the soak', 'MB', { goal: { text: '< 150 MB', met: (v) => v < 150 } }),
  soakMax: fig('soak.heap.max', S_SOAK, 'highest heap reading', 'MB'),
  soakGrowth: fig('soak.heap.growth', S_SOAK, 'heap growth per minute (first to last reading)', 'MB'),
  soakLateGrowth: fig('soak.heap.growth_late', S_SOAK, 'heap growth per minute over the second half (near 0: the heap stopped rising)', 'MB', {
    beside: ['soak.heap.max', 'soak.events'],
  }),
  soakEvents: fig('soak.events', S_SOAK, 'live events sent (compaction + session frames, and real compactions with checkpoints)', 'count', { worse: 'lower' }),
  soakRequests: fig('soak.requests_per_s', S_SOAK, 'API requests the page made per second', 'per s'),
  importTime: fig('byos.import.click_to_report', S_BYOS, `"Import" click → report, ${IMPORT_COPIES} copies of the largest fixture`, 'ms', { note: 'chunked upload (8 MiB parts), then the simulator hashes, parses, tokenizes with a cold cache and seeds; the page polls the job' }),
  importRate: fig('byos.import.throughput', S_BYOS, 'import throughput through the page', 'MB/s', { worse: 'lower' }),
  importTasks: fig('byos.import.long_tasks', S_BYOS, 'page long tasks > 50 ms during the import', 'count', { note: 'the page must stay responsive while a large transcript imports' }),
  importWorst: fig('byos.import.worst_long_task', S_BYOS, 'page: worst long task during the import', 'ms'),
  replayTime: fig('byos.replay.click_to_comparison', S_BYOS, '"Run replay" click → comparison, largest fixture, two settings', 'ms'),
};

/** The lists that scroll: ours (the same virtualiser, the same rows' design) and the peer. */
export const LISTS = {
  ledger: { label: 'ledger (100,000 events)', ours: true },
  peer: { label: 'peer ledger (react-table, every row in the DOM)', ours: false },
  fleet: { label: 'cross-session ledger', ours: true },
  audit: { label: 'audit log', ours: true },
  diff: { label: 'dry-run diff (10,000-message agent)', ours: true },
} as const;
export type ListName = keyof typeof LISTS;

/** The blank-frame goal at `speed` px/s: 2 % of frames at a trackpad fling (4,000 px/s), 10 % at four times that. */
function blankGoal(speed: number): FigureSpec['goal'] {
  const limit = speed <= 4000 ? 2 : 10;
  return { text: `≤ ${limit} %`, met: (v) => v <= limit };
}

/**
 * The figures of one list scrolled at one speed: what it painted (the pass with the screencast),
 * beside what the scroll cost the page (the pass without it), and what it cost with the recorder on.
 */
export function paintFigures(list: ListName, speed: number) {
  const { label, ours } = LISTS[list];
  const section = `Scrolling at ${speed.toLocaleString('en-US')} px/s: painted frames (a pass with the screencast), beside what the scroll cost (a pass without it)`;
  const id = `scroll.${speed}.${list}`;
  const ids = { blank: `${id}.blank_frames`, area: `${id}.blank_area`, tasks: `${id}.long_tasks_per_10k`, p95: `${id}.frame_p95`, cpu: `${id}.cpu_per_10k` };
  const peer = `scroll.${speed}.peer`;
  const withPeer = (figure: string) => (ours ? [`${peer}.${figure}`] : []);
  return {
    blank: fig(ids.blank, section, `${label}: frames with part of the list body blank (screencast pass)`, '%', {
      ...(ours ? { goal: blankGoal(speed) } : {}),
      beside: [ids.tasks, ...withPeer('blank_frames')],
    }),
    area: fig(ids.area, section, `${label}: blank share of the list body, mean over frames (screencast pass)`, '%', { beside: [ids.blank] }),
    tasks: fig(ids.tasks, section, `${label}: long tasks > 50 ms per 10,000 rows scrolled (pass without the screencast)`, 'per 10k rows', {
      ...(ours ? { goal: { text: '≤ 1', met: (v: number) => v <= 1 } } : {}),
      beside: [ids.blank, ids.cpu, ...withPeer('long_tasks_per_10k')],
    }),
    // CPU time, not wall time: what the page's own work costs, whatever the machine's load makes it wait.
    // A page that keeps up draws a frame every vsync, each with its fixed cost (the scroll step's style,
    // layout and paint): cheaper frames mean more of them, so the CPU per row is read beside the CPU per frame.
    cpu: fig(ids.cpu, section, `${label}: the page's main thread CPU per 10,000 rows scrolled (pass without the screencast)`, 'ms', { beside: [`${id}.cpu_per_frame`, ids.tasks, ...withPeer('cpu_per_10k')] }),
    cpuFrame: fig(`${id}.cpu_per_frame`, section, `${label}: the page's main thread CPU per animation frame (pass without the screencast)`, 'ms', { beside: [ids.cpu] }),
    p95: fig(ids.p95, section, `${label}: p95 frame time (pass without the screencast)`, 'ms', { beside: [ids.blank, ...withPeer('frame_p95')] }),
    tasksRecorded: fig(`${id}.long_tasks_per_10k_recorded`, section, `${label}: long tasks > 50 ms per 10,000 rows, screencast pass (the recorder's cost included)`, 'per 10k rows', {
      beside: [ids.tasks],
    }),
    p95Recorded: fig(`${id}.frame_p95_recorded`, section, `${label}: p95 frame time, screencast pass (the recorder's cost included)`, 'ms', { beside: [ids.p95] }),
    frames: fig(`${id}.frames`, section, `${label}: frames recorded (screencast pass)`, 'count', { worse: 'lower' }),
    // Each run's value over the peer's in the same run (Bench.peerRatios), so the machine's load weighs on both alike.
    p95VsPeer: fig(`${id}.frame_p95_vs_peer`, section, `${label}: p95 frame time ÷ the peer's, same run`, 'ratio', { beside: [ids.p95, `${peer}.frame_p95`] }),
    cpuVsPeer: fig(`${id}.cpu_per_10k_vs_peer`, section, `${label}: main thread CPU per 10,000 rows ÷ the peer's, same run`, 'ratio', { beside: [ids.cpu, `${peer}.cpu_per_10k`] }),
  };
}

function liveFigures(rate: number) {
  const label = `at ${rate} events/s`;
  return {
    p50: fig(`live.${rate}.p50`, S_LIVE, `${label}: p50`, 'ms'),
    p95: fig(`live.${rate}.p95`, S_LIVE, `${label}: p95`, 'ms', {
      goal: { text: '< 150 ms', met: (v) => v < 150 },
      beside: [`live.${rate}.shown`, `live.${rate}.intake`, `live.${rate}.p95_due`, `live.${rate}.late`],
    }),
    max: fig(`live.${rate}.max`, S_LIVE, `${label}: slowest`, 'ms'),
    shown: fig(`live.${rate}.shown`, S_LIVE, `${label}: events shown within ${LIVE_WAIT_MS / 1000} s of the last send`, '%', {
      worse: 'lower',
      note: `an event is shown when its row or a newer one (the ledger lists the newest first) enters the ledger; ∞: not within ${LIVE_WAIT_MS / 1000} s of the last send`,
    }),
    intake: fig(`live.${rate}.intake`, S_LIVE, `${label}: events the page took in per second`, 'per s', { worse: 'lower' }),
    achieved: fig(`live.${rate}.achieved`, S_LIVE, `${label}: rate the simulator kept`, 'per s', { worse: 'lower' }),
    // A simulator that falls behind sends late: counted from the send, that wait would not show.
    p95Due: fig(`live.${rate}.p95_due`, S_LIVE, `${label}: p95 from when each event was due (the rate asked) → shown`, 'ms', {
      beside: [`live.${rate}.late`, `live.${rate}.achieved`],
    }),
    late: fig(`live.${rate}.late`, S_LIVE, `${label}: the simulator's lateness (due → sent), p95`, 'ms'),
  };
}

// ————— page plumbing —————

interface Opened {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  close(): Promise<void>;
  /** A fresh page in a context of its own, set up as this one was. */
  reopen(): Promise<Opened>;
}

interface ProbeState {
  marks: Record<string, number>;
  longTasks: LongTask[];
  longFrames: LongFrame[];
  clicks: { at: number; label: string }[];
}

export class Bench {
  readonly diagnostics: Diagnostics = {};
  /** Each scrolling figure's value by run (`${run} ${id}`), for the ratios to the peer's. */
  private readonly scrolled = new Map<string, number>();
  private readonly sources: SourceLocator;
  /** Each open page's CDP session (mark reads through it). */
  private readonly sessions = new WeakMap<Page, CDPSession>();

  constructor(
    private readonly browser: Browser,
    private readonly options: BenchOptions,
    private readonly book: FigureBook,
  ) {
    this.sources = new SourceLocator(options.dist);
  }

  private async open(scenario: string, probe: Partial<ProbeOptions> = {}, contextOptions: BrowserContextOptions = {}): Promise<Opened> {
    const context = await this.browser.newContext({ ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, baseURL: this.options.baseUrl, ...contextOptions });
    await context.addInitScript({ content: probeScript({ watch: probe.watch ?? {}, trackIds: probe.trackIds ?? false }) });
    const page = await context.newPage();
    page.setDefaultTimeout(NAV_TIMEOUT);
    const cdp = await context.newCDPSession(page);
    this.sessions.set(page, cdp);
    const profileDir = this.options.profileDir;
    if (profileDir) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    return {
      context,
      page,
      cdp,
      close: async () => {
        if (profileDir) {
          const { profile } = await cdp.send('Profiler.stop');
          writeFileSync(join(profileDir, `${scenario}.cpuprofile`), JSON.stringify(profile));
        }
        await context.close();
      },
      reopen: () => this.open(scenario, probe, contextOptions),
    };
  }

  /** Runs a scenario in its own context; on failure leaves a screenshot and says which scenario failed. */
  private async scenario(name: string, probe: Partial<ProbeOptions>, body: (o: Opened) => Promise<void>, contextOptions: BrowserContextOptions = {}): Promise<void> {
    const opened = await this.open(name, probe, contextOptions);
    try {
      await body(opened);
    } catch (error) {
      const shot = join(this.options.artifactsDir, `failed-${name}.png`);
      await opened.page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
      throw new Error(`benchmark scenario "${name}" failed (screenshot: ${shot}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      await opened.close().catch(() => undefined);
    }
  }

  private async state(page: Page): Promise<ProbeState> {
    return page.evaluate(() => ({ marks: window.__bench.marks, longTasks: window.__bench.longTasks, longFrames: window.__bench.longFrames, clicks: window.__bench.clicks }));
  }

  /**
   * Waits for the probe's mark `name`, read over CDP: Playwright's waitForFunction first injects
   * its utility script into the page, a task of 44-128 ms at 4x CPU that landed before the first
   * data it was waiting for (and was at times the worst long task the bench reported).
   */
  private async mark(page: Page, name: string, what: string): Promise<number> {
    const cdp = this.sessions.get(page);
    if (!cdp) throw new Error(`no CDP session for the page of ${what}`);
    const expression = `window.__bench?.marks[${JSON.stringify(name)}]`;
    for (const deadline = Date.now() + NAV_TIMEOUT; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      // Between documents there is no context to evaluate in: asked again on the next turn.
      const answer = await cdp.send('Runtime.evaluate', { expression, returnByValue: true }).catch(() => null);
      const value: unknown = answer?.result.value;
      if (typeof value === 'number') return value;
    }
    throw new Error(`${what} did not appear within ${NAV_TIMEOUT / 1000} s (waited for ${JSON.stringify(name)})`);
  }

  private keep(name: string, state: ProbeState, from: number, to: number): void {
    this.diagnostics[name] = {
      longTasks: state.longTasks.filter((t) => t.start + t.duration >= from && t.start <= to),
      scripts: topScripts(state.longFrames, from, to, 12).map((cost) => ({ ...cost, origin: this.origin(cost) })),
    };
  }

  /** The source file behind a long frame's script; a script's own URL as invoker means evaluating the file itself. */
  private origin(cost: ScriptCost): string | null {
    if (cost.invoker !== '' && cost.invoker === cost.source) return `evaluating ${cost.source.split('/').pop() ?? cost.source}`;
    return this.sources.locate(cost.source, cost.charPosition);
  }

  // ————— scenarios —————

  /** Every screen once, counting the JS and CSS a fresh browser downloads: first for the sessions list, then in all. */
  async bundles(): Promise<void> {
    const assets = new AssetLog();
    const event = await this.firstRecordId(TYPICAL_SESSION);
    const checkpoint = await this.pendingCheckpointId(REVIEW_SESSION);
    await this.scenario('bundles', { watch: { sessions: SEL.sessionRow } }, async ({ page }) => {
      assets.attach(page);
      await page.goto('/sessions');
      const firstRow = await this.mark(page, 'sessions', 'the sessions list');
      await page.waitForLoadState('networkidle');
      // Before the first row: the files the page had received by then (as the build's budget counts them).
      const early = await page.evaluate(
        (by) => performance.getEntriesByType('resource').filter((e) => (e as PerformanceResourceTiming).responseEnd <= by).map((e) => e.name.split('?')[0] ?? e.name),
        firstRow,
      );
      const initial = await assets.totals(new Set(early));
      this.book.add(FIG.initialJs, initial.js / 1024);
      this.book.add(FIG.initialCss, initial.css / 1024);
      this.book.add(FIG.idleJs, (await assets.totals()).js / 1024);

      const visit = async (path: string, ready: () => Promise<unknown>) => {
        await page.goto(path);
        await ready();
        await page.waitForLoadState('networkidle');
      };
      await visit(`/projects/${PROJECT}`, () => page.getByRole('table', { name: 'Sessions' }).locator('tbody tr').first().waitFor());
      await visit(`/sessions/${TYPICAL_SESSION}`, () => page.locator(SEL.ledgerRow).first().waitFor());
      await page.locator(SEL.statFigure).first().waitFor();
      await page.locator('.recharts-surface').first().waitFor();
      await page.getByRole('button', { name: 'Compact…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Compact' });
      await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
      await dialog.locator(SEL.diffRow).first().waitFor();
      await page.waitForLoadState('networkidle');
      await visit(`/sessions/${TYPICAL_SESSION}/compactions/${encodeURIComponent(event)}`, () => page.locator(SEL.eventRecord).waitFor());
      await visit(`/sessions/${REVIEW_SESSION}/checkpoints/${encodeURIComponent(checkpoint)}`, () => page.getByRole('heading', { name: 'Compaction proposal' }).waitFor());
      await visit('/settings', () => page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor());
      await visit('/no-such-screen', () => page.getByRole('heading', { name: 'Nothing here' }).waitFor());
      const all = await assets.totals();
      this.book.add(FIG.allJs, all.js / 1024);
      this.book.add(FIG.allCss, all.css / 1024);
    });
  }

  /** The aggregated health view over every project and all time (the daemon aggregates 1,000,000 events), in a zone of its own per run. */
  async fleetHealth(run: number): Promise<void> {
    const timezoneId = FLEET_ZONES[(run - 1) % FLEET_ZONES.length] as string;
    await this.scenario(
      `fleet-health-run${run}`,
      { watch: { stat: SEL.healthFigure, all: SEL.healthTopRow } },
      async ({ page }) => {
        let requests = 0;
        page.on('request', (r) => {
          if (r.url().includes('/api/v1/')) requests += 1;
        });
        await page.goto('/health?range=all');
        this.book.add(FIG.fleetHealth, await this.mark(page, 'stat', "the health view's first figure"));
        this.book.add(FIG.fleetHealthAll, await this.mark(page, 'all', "the health view's top sessions"));
        this.book.add(FIG.fleetHealthRequests, requests);
      },
      { timezoneId },
    );
  }

  /** Each aggregate endpoint alone over HTTP, computed afresh; the simulator's compute time (Server-Timing) goes to the JSON. */
  async fleetApi(daemonUrl: string): Promise<Record<string, number>> {
    const computed: Record<string, number> = {};
    for (const q of FLEET_QUERIES) {
      const start = performance.now();
      const response = await fetch(`${daemonUrl}/api/v1${q.path}`, { headers: { 'Cache-Control': 'no-cache', 'X-Kaged-User-Id': 'bench' } });
      await response.arrayBuffer();
      const wall = performance.now() - start;
      if (!response.ok) throw new Error(`${q.path} answered ${response.status}`);
      this.book.add(FIG[`fleetApi_${q.id}` as keyof typeof FIG], wall);
      const timing = /aggregate;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
      if (timing) computed[q.id] = Number(timing[1]);
    }
    const start = performance.now();
    for (const q of FLEET_QUERIES) await (await fetch(`${daemonUrl}/api/v1${q.path}`, { headers: { 'X-Kaged-User-Id': 'bench' } })).arrayBuffer();
    this.book.add(FIG.fleetApiCached, performance.now() - start);
    return computed;
  }

  /** The cross-session ledger, unfiltered. */
  async fleetLedger(run: number): Promise<void> {
    await this.scenario(`fleet-ledger-run${run}`, { watch: { row: SEL.ledgerRow } }, async ({ page }) => {
      await page.goto('/compactions');
      this.book.add(FIG.fleetLedger, await this.mark(page, 'row', 'the cross-session ledger\'s first row'));
    });
  }

  /** The sessions list and the session view, cold, under a slow link and a 4x slower CPU: first data, the worst long task before it, the JS on the wire before it. */
  async slowLink(run: number): Promise<void> {
    const screens = [
      { name: 'sessions', path: '/sessions', watch: { first: SEL.sessionRow }, figs: [FIG.slowSessions, FIG.slowSessionsTask, FIG.slowSessionsJs] },
      { name: 'session', path: `/sessions/${TYPICAL_SESSION}`, watch: { stat: SEL.statFigure, row: SEL.ledgerRow }, figs: [FIG.slowSession, FIG.slowSessionTask, FIG.slowSessionJs] },
    ] as const;
    for (const screen of screens) {
      await this.scenario(`slow-${screen.name}-run${run}`, { watch: screen.watch }, async ({ page, cdp }) => {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: (10 * 1024 * 1024) / 8, uploadThroughput: (5 * 1024 * 1024) / 8 });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(screen.path);
        const marks = await Promise.all(Object.keys(screen.watch).map((name) => this.mark(page, name, `the ${screen.name} screen's first data`)));
        const first = Math.max(...marks);
        const state = await this.state(page);
        const before = state.longTasks.filter((t) => t.start < first);
        // The scripts whose responses ended before the first data (resource timing, the page's clock), as sent (encoded),
        // by their address: a module preload's entry says "script" in Chromium, "link" elsewhere.
        const sent = await page.evaluate((by) => performance.getEntriesByType('resource').filter((e) => (e as PerformanceResourceTiming).responseEnd <= by && new URL(e.name).pathname.endsWith('.js')).reduce((n, e) => n + (e as PerformanceResourceTiming).encodedBodySize, 0), first);
        this.book.add(screen.figs[0], first);
        this.book.add(screen.figs[1], Math.max(0, ...before.map((t) => t.duration)));
        this.book.add(screen.figs[2], sent / 1024);
        this.keep(`slow-${screen.name}-run${run}`, state, 0, first);
      });
    }
  }

  async sessionsList(run: number): Promise<void> {
    await this.scenario(`sessions-list-run${run}`, { watch: { first: SEL.sessionRow } }, async ({ page }) => {
      await page.goto('/sessions');
      this.book.add(FIG.sessionsList, await this.mark(page, 'first', 'the sessions list\'s first row'));
    });
  }

  async sessionView(run: number, sessionId: string, figs: { stat: FigureSpec; row: FigureSpec; tasks: FigureSpec; worst: FigureSpec; page?: { decoded: FigureSpec; wire: FigureSpec } }): Promise<void> {
    const name = `session-${sessionId}-run${run}`;
    await this.scenario(name, { watch: { stat: SEL.statFigure, row: SEL.ledgerRow } }, async ({ page }) => {
      // The ledger's first page: its size decoded and on the wire (compressed where accepted).
      const firstPage = figs.page ? page.waitForResponse((r) => r.request().method() === 'GET' && /\/sessions\/[^/]+\/compactions\?/.test(r.url()) && !r.url().includes('cursor=')) : null;
      await page.goto(`/sessions/${encodeURIComponent(sessionId)}`);
      const stat = await this.mark(page, 'stat', 'the session view\'s first stats figure');
      const row = await this.mark(page, 'row', 'the session view\'s first ledger row');
      const state = await this.state(page);
      const last = Math.max(stat, row);
      const before = state.longTasks.filter((t) => t.start < last);
      this.book.add(figs.stat, stat);
      this.book.add(figs.row, row);
      this.book.add(figs.tasks, before.length);
      this.book.add(figs.worst, Math.max(0, ...before.map((t) => t.duration)));
      this.keep(name, state, 0, last);
      if (figs.page && firstPage) {
        const answer = await firstPage;
        this.book.add(figs.page.decoded, (await answer.body()).length / 1024);
        this.book.add(figs.page.wire, (await answer.request().sizes()).responseBodySize / 1024);
      }
    });
  }

  /** The first visit to a dev server that rebuilds its dependency cache (`vite --force`): when the page says what is happening, and its first row. */
  async devStart(run: number, devUrl: string, serverMs: number): Promise<void> {
    this.book.add(FIG.devServer, serverMs);
    await this.scenario(`dev-start-run${run}`, { watch: { shell: '#root [role="status"]', row: SEL.sessionRow } }, async ({ page }) => {
      await page.goto(`${devUrl}/sessions`, { waitUntil: 'commit', timeout: 120_000 });
      this.book.add(FIG.devShell, await this.mark(page, 'shell', 'the starting notice'));
      this.book.add(FIG.devFirstRow, await this.mark(page, 'row', 'the sessions list\'s first row'));
    });
  }

  async eventDetail(run: number): Promise<void> {
    const id = await this.firstRecordId(TYPICAL_SESSION);
    await this.scenario(`event-detail-run${run}`, { watch: { record: SEL.eventRecord } }, async ({ page }) => {
      await page.goto(`/sessions/${TYPICAL_SESSION}/compactions/${encodeURIComponent(id)}`);
      this.book.add(FIG.eventDetail, await this.mark(page, 'record', 'the event detail\'s record'));
    });
  }

  /** The 100,000-event ledger scrolled at each speed with every painted frame recorded. */
  async ledgerScroll(run: number): Promise<void> {
    const { scrollSpeeds } = this.options;
    await this.scenario(`ledger-scroll-run${run}`, { watch: { stat: SEL.statFigure, row: SEL.ledgerRow } }, async (opened) => {
      const { page } = opened;
      await page.goto(`/sessions/${BIG_SESSION}`);
      await this.mark(page, 'row', 'the ledger\'s first row');
      await this.mark(page, 'stat', 'the stats');
      await page.waitForLoadState('networkidle');
      for (const speed of scrollSpeeds) await this.paintedScroll(opened, `ledger-scroll-${speed}-run${run}`, 'ledger', LEDGER_LIST, speed, run);
    });
  }

  /** The peer scrolled the same way as the ledger, in the same run: figures side by side. */
  async peerScroll(run: number): Promise<void> {
    const { peerRows, scrollSpeeds } = this.options;
    // The peer renders all its rows at once: on a machine under heavy load it can miss its time
    // limit. That run then has no peer figures (said here), and the benchmark goes on.
    await this.scenario(`peer-scroll-run${run}`, { watch: { row: SEL.peerRow } }, async (opened) => {
      const { page } = opened;
      await page.goto(`${PEER_BASE}?session=${BIG_SESSION}&rows=${peerRows}`);
      this.book.add(FIG.peerFirst, await this.mark(page, 'row', 'the peer\'s first row'));
      const rows = await page.locator(SEL.peerRow).count();
      if (rows !== peerRows) throw new Error(`the peer rendered ${rows} rows, not ${peerRows}`);
      for (const speed of scrollSpeeds) await this.paintedScroll(opened, `peer-scroll-${speed}-run${run}`, 'peer', PEER_LIST, speed, run);
    }).catch((error: unknown) => {
      console.warn(`  the peer failed in run ${run}; this run has no peer figures: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /** The cross-session ledger and the audit log (the same virtualiser) scrolled at each speed. */
  async otherListsScroll(run: number): Promise<void> {
    await this.scenario(`fleet-ledger-scroll-run${run}`, { watch: { row: SEL.ledgerRow } }, async (opened) => {
      const { page } = opened;
      await page.goto('/compactions');
      await this.mark(page, 'row', 'the cross-session ledger\'s first row');
      await page.waitForLoadState('networkidle');
      for (const speed of this.options.scrollSpeeds) await this.paintedScroll(opened, `fleet-ledger-scroll-${speed}-run${run}`, 'fleet', LEDGER_LIST, speed, run);
    });
    await this.scenario(`audit-scroll-run${run}`, { watch: { row: SEL.auditRow } }, async (opened) => {
      const { page } = opened;
      await page.goto('/audit');
      await this.mark(page, 'row', 'the audit log\'s first row');
      await page.waitForLoadState('networkidle');
      for (const speed of this.options.scrollSpeeds) await this.paintedScroll(opened, `audit-scroll-${speed}-run${run}`, 'audit', AUDIT_LIST, speed, run);
    });
  }

  /** Opens the compact dialog on the 10,000-message agent, previews, then scrolls the whole diff. */
  async dryRun(run: number): Promise<void> {
    const name = `dry-run-run${run}`;
    await this.scenario(name, { watch: { stat: SEL.statFigure, row: SEL.ledgerRow } }, async (opened) => {
      const { page } = opened;
      await page.goto(`/sessions/${BIG_SESSION}`);
      await this.mark(page, 'row', 'the ledger\'s first row');
      await this.mark(page, 'stat', 'the stats');
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Compact…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Compact' });
      const preview = dialog.getByRole('button', { name: 'Preview', exact: true });
      await preview.waitFor();
      await page.evaluate((sel) => window.__bench.watch('diff', sel), SEL.diffRow);
      const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/compactions/dry-run'));
      await preview.click();
      const response = await answer;
      if (!response.ok()) throw new Error(`the dry run answered ${response.status()}`);
      this.book.add(FIG.previewBytes, (await response.body()).length / 1024 / 1024);
      this.book.add(FIG.previewWire, (await response.request().sizes()).responseBodySize / 1024 / 1024);
      const shown = await this.mark(page, 'diff', 'the dry-run diff\'s first row');
      const rowsShown = await page.locator(SEL.diffRow).count();
      const click = (await this.state(page)).clicks.filter((c) => c.label === 'Preview').at(-1);
      if (!click) throw new Error('the click on Preview was not seen by the page');
      // The POST's own entry (the rest of the proposal is read from …/dry-run/{proposal_id}/messages).
      const received = await page.evaluate(
        () => performance.getEntriesByType('resource').filter((e) => /\/compactions\/dry-run(\?|$)/.test(e.name)).map((e) => (e as PerformanceResourceTiming).responseEnd).at(-1) ?? Number.NaN,
      );
      const timing = (await response.allHeaders())['server-timing'] ?? '';
      const part = (name: string) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(timing)?.[1] ?? Number.NaN);
      this.book.add(FIG.previewFirst, shown - click.at);
      this.book.add(FIG.previewAnswer, received - click.at);
      this.book.add(FIG.previewHandler, part('handler'));
      this.book.add(FIG.previewCompute, part('compute'));
      this.book.add(FIG.previewCpu, part('cpu'));
      this.book.add(FIG.previewCompress, part('compress'));
      this.book.add(FIG.previewPage, shown - received);
      this.book.add(FIG.previewRows, rowsShown);
      this.keep(`${name}-preview`, await this.state(page), click.at, shown);
      // The whole list before the scroll: the status saying the rest is being read is gone (checked every frame).
      const whole = await page.waitForFunction(() => (document.querySelector('[data-rest="reading"]') ? false : performance.now()), undefined, { polling: 'raf', timeout: NAV_TIMEOUT });
      this.book.add(FIG.previewWhole, Number(await whole.jsonValue()) - click.at);

      // Not to be had again on a fresh page (the dialog's proposal): a pass that stops drawing is scrolled once more on this one.
      for (const speed of this.options.scrollSpeeds) await this.paintedScroll(opened, `${name}-scroll-${speed}`, 'diff', DIFF_LIST, speed, run, false);
    });
  }

  /**
   * Bring your own session through the page: a generated Claude Code transcript imported with the
   * sessions list's dialog (click → report, MB/s, the page's long tasks meanwhile), then the largest
   * fixture replayed in the threshold lab under two settings (click → comparison).
   */
  async importAndReplay(run: number): Promise<void> {
    const bytes = largeClaudeTranscript(IMPORT_COPIES, `r${run}`);
    const file = join(tmpdir(), `compactor-bench-import-${process.pid}-run${run}.jsonl`);
    writeFileSync(file, bytes);
    await this.scenario(`import-run${run}`, {}, async ({ page }) => {
      await page.goto('/sessions');
      await page.getByRole('button', { name: 'Import transcripts…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import transcripts' });
      await dialog.getByLabel('Transcript files').setInputFiles(file);
      await page.evaluate((sel) => window.__bench.watch('report', sel), SEL.importReport);
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      const shown = await this.mark(page, 'report', 'the import report');
      const state = await this.state(page);
      const click = state.clicks.filter((c) => c.label === 'Import').at(-1);
      if (!click) throw new Error('the click on Import was not seen by the page');
      const report = await dialog.getByRole('region', { name: 'Import report' }).textContent();
      if (!report?.includes('1 session imported')) throw new Error(`the import did not report one new session: ${report?.slice(0, 200) ?? ''}`);
      const ms = shown - click.at;
      const tasks = state.longTasks.filter((t) => t.start >= click.at && t.start <= shown);
      this.book.add(FIG.importTime, ms);
      this.book.add(FIG.importRate, bytes.byteLength / 1e6 / (ms / 1000));
      this.book.add(FIG.importTasks, tasks.length);
      this.book.add(FIG.importWorst, Math.max(0, ...tasks.map((t) => t.duration)));
      this.keep(`import-run${run}`, state, click.at, shown);
    }).finally(() => rmSync(file, { force: true }));
    await this.scenario(`replay-run${run}`, {}, async ({ page }) => {
      await page.goto(`/sessions/${LARGEST_SESSION}/lab`);
      const form = page.getByRole('form', { name: 'Settings to replay' });
      await form.getByRole('button', { name: 'Run replay' }).waitFor();
      await page.evaluate((sel) => window.__bench.watch('comparison', sel), SEL.labComparison);
      await form.getByRole('button', { name: 'Run replay' }).click();
      const shown = await this.mark(page, 'comparison', 'the lab\'s comparison');
      const state = await this.state(page);
      const click = state.clicks.filter((c) => c.label === 'Run replay').at(-1);
      if (!click) throw new Error('the click on Run replay was not seen by the page');
      this.book.add(FIG.replayTime, shown - click.at);
      this.keep(`replay-run${run}`, state, click.at, shown);
    });
  }

  /** Loads every page of the 100,000-event ledger, collects garbage, reads the JS heap. */
  async heap(run: number): Promise<void> {
    await this.scenario(`heap-run${run}`, { watch: { row: SEL.ledgerRow } }, async ({ page, cdp }) => {
      await page.goto(`/sessions/${BIG_SESSION}`);
      await this.mark(page, 'row', 'the ledger\'s first row');
      const rowCount = Number(await page.locator(SEL.ledgerGrid).getAttribute('aria-rowcount'));
      if (!(rowCount > 100_000)) throw new Error(`the ledger announces ${rowCount - 1} events, not 100,000`);
      const last = `${SEL.ledgerGrid} [data-compaction-id][aria-rowindex="${rowCount}"]`;
      const loading = page.evaluate(([sel, done, stall]) => window.__bench.scrollToEnd(sel, done, stall), [SEL.ledgerGrid, last, STALL_MS] as const);
      const loaded = await withDeadline(loading, LOAD_ALL_DEADLINE_MS, 'loading every page of the 100,000-event ledger');
      this.book.add(FIG.loadAll, loaded.end - loaded.start);
      await page.waitForLoadState('networkidle');
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
      if (used === undefined) throw new Error('Chromium reported no JSHeapUsedSize');
      this.book.add(FIG.heap, used / 1024 / 1024);
    });
  }

  /**
   * Real compactions (the simulator runs the session's turns until it compacts, five times) with
   * the session page open: the API requests the page makes per compaction, beside the share of
   * them its ledger showed.
   */
  async liveCompactions(run: number): Promise<void> {
    await this.scenario(`live-compactions-run${run}`, { watch: { row: SEL.ledgerRow, live: SEL.live } }, async ({ page }) => {
      // Counting starts once the page's own idle-time reads are in (a fixed wait counted them as the
      // first compaction's on a slow machine).
      const opened = idleReads(page, TYPICAL_SESSION);
      await page.goto(`/sessions/${TYPICAL_SESSION}`);
      await this.mark(page, 'row', 'the ledger\'s first row');
      await this.mark(page, 'live', 'the live connection');
      await opened;
      await page.waitForLoadState('networkidle');
      const before = await this.daemonJson<{ total: number }>(`/api/v1/sessions/${TYPICAL_SESSION}/compactions?limit=1`);
      let requests = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/v1/')) requests += 1;
      });
      for (let i = 0; i < LIVE_COMPACTIONS; i += 1) {
        const advanced = await fetch(`${this.options.daemonUrl}/__mock/sessions/${TYPICAL_SESSION}/advance`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ max_turns: 60, until_compaction: true }),
        });
        if (!advanced.ok) throw new Error(`the simulator did not advance the session: ${advanced.status}`);
        // Each compaction's refetches settle before the next, as when compactions come minutes apart.
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1_500);
      }
      const after = await this.daemonJson<{ total: number; items: { id: string }[] }>(`/api/v1/sessions/${TYPICAL_SESSION}/compactions?limit=${LIVE_COMPACTIONS * 4}`);
      const made = after.total - before.total;
      const shown = await page.evaluate((ids) => ids.filter((id) => document.querySelector(`[data-compaction-id="${CSS.escape(id)}"]`) !== null).length, after.items.slice(0, made).map((r) => r.id));
      this.book.add(FIG.liveRequests, requests / Math.max(1, made));
      this.book.add(FIG.liveShown, (100 * shown) / Math.max(1, made));
    });
  }

  /** For each rate: a burst of compactions from the simulator while the typical session's ledger is on screen. */
  async live(run: number): Promise<void> {
    for (const rate of this.options.liveRates) {
      const figs = liveFigures(rate);
      const name = `live-${rate}-run${run}`;
      await this.scenario(name, { watch: { row: SEL.ledgerRow, live: SEL.live, stat: SEL.statFigure }, trackIds: true }, async ({ page }) => {
        await page.goto(`/sessions/${TYPICAL_SESSION}`);
        await this.mark(page, 'row', 'the ledger\'s first row');
        await this.mark(page, 'stat', 'the stats');
        await this.mark(page, 'live', 'the live connection');
        await page.locator(SEL.ledgerGrid).scrollIntoViewIfNeeded();
        await page.waitForLoadState('networkidle');
        if ((await quietWorkerNetwork(page)) === 0) console.log(`  ${rate}/s: the live-stream worker's frames are still reported to the benchmark (no worker session found): these figures include that cost`);
        const startedAt = await page.evaluate(() => performance.now());
        const count = Math.max(1, Math.round(rate * this.options.liveSeconds));
        const response = await fetch(`${this.options.daemonUrl}/__mock/bench/live`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ session_id: TYPICAL_SESSION, count, rate }),
        });
        if (!response.ok) throw new Error(`the simulator refused the live burst: ${response.status} ${await response.text()}`);
        const burst = (await response.json()) as LiveBurstResult;
        const c = burst.counters;
        console.log(`  ${rate}/s: the simulator's own work ${Math.round(c.work_ms)} ms, its timer woke late p95 ${Math.round(c.overslept_p95_ms)} ms, max ${Math.round(c.overslept_max_ms)} ms (${c.waits} waits)`);
        const ids = burst.sent.map((s) => s.id);
        const seen = await this.drain(page, ids, Date.now() + LIVE_WAIT_MS);
        const lags = liveLags(
          burst.sent.map((x) => x.sent_at_ms),
          seen,
        );
        this.book.add(figs.p50, percentile(lags, 50));
        this.book.add(figs.p95, percentile(lags, 95));
        this.book.add(figs.max, Math.max(...lags));
        const shown = lags.filter(Number.isFinite).length;
        this.book.add(figs.shown, (shown / lags.length) * 100);
        // How fast the page took events in: those shown, over the time from the first send to the last shown.
        const firstSent = burst.sent[0]?.sent_at_ms ?? 0;
        const lastShown = Math.max(...seen.map((at) => at ?? Number.NEGATIVE_INFINITY));
        this.book.add(figs.intake, shown > 1 && lastShown > firstSent ? (shown * 1000) / (lastShown - firstSent) : 0);
        this.book.add(figs.achieved, burst.achieved_rate);
        this.book.add(figs.p95Due, percentile(liveLags(burst.sent.map((x) => x.due_at_ms), seen), 95));
        this.book.add(figs.late, percentile(burst.sent.map((x) => x.sent_at_ms - x.due_at_ms), 95));
        this.keep(name, await this.state(page), startedAt, await page.evaluate(() => performance.now()));
      });
    }
  }

  /**
   * The soak: the typical session's page left open while the simulator sends compactions at
   * `soakRate` per second (bench bursts of a second each) and runs the session to a real compaction
   * (with its checkpoint) every ten seconds, for `soakMinutes`; the heap is read after two garbage
   * collections every tenth of the time. Readings go to `soakSamples` (and the JSON).
   */
  readonly soakSamples: SoakSample[] = [];

  async soak(): Promise<void> {
    const { soakMinutes, soakRate } = this.options;
    await this.scenario('soak', { watch: { row: SEL.ledgerRow, live: SEL.live } }, async ({ page, cdp }) => {
      let requests = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/v1/')) requests += 1;
      });
      await page.goto(`/sessions/${TYPICAL_SESSION}`);
      await this.mark(page, 'row', 'the ledger\'s first row');
      await this.mark(page, 'live', 'the live connection');
      await page.waitForLoadState('networkidle');
      await cdp.send('Performance.enable');
      const heapMb = async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        await cdp.send('HeapProfiler.collectGarbage');
        const { metrics } = await cdp.send('Performance.getMetrics');
        const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
        if (used === undefined) throw new Error('Chromium reported no JSHeapUsedSize');
        return used / 1024 / 1024;
      };
      const started = Date.now();
      const durationMs = soakMinutes * 60_000;
      const every = Math.max(10_000, durationMs / 10);
      let sent = 0;
      let nextSample = started;
      let nextAdvance = started;
      let advancing: Promise<void> | null = null;
      const requestsAtStart = requests;
      const sample = async () => {
        this.soakSamples.push({ minute: (Date.now() - started) / 60_000, heapMb: await heapMb(), eventsSent: sent, requests: requests - requestsAtStart });
        const last = this.soakSamples.at(-1)!;
        // The probe's own records (long frames and tasks it keeps) are part of the heap read: said beside it.
        const probeKb = await page.evaluate(() => JSON.stringify(window.__bench).length / 1024);
        console.log(`    ${last.minute.toFixed(1).padStart(5)} min: heap ${last.heapMb.toFixed(1)} MB, ${last.eventsSent.toLocaleString('en-US')} events sent, ${last.requests.toLocaleString('en-US')} requests, the probe's records ${probeKb.toFixed(0)} KB`);
      };
      while (Date.now() - started < durationMs) {
        if (Date.now() >= nextSample) {
          await sample();
          nextSample += every;
        }
        const response = await fetch(`${this.options.daemonUrl}/__mock/bench/live`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ session_id: TYPICAL_SESSION, count: soakRate, rate: soakRate }),
        });
        if (!response.ok) throw new Error(`the simulator refused a soak burst: ${response.status} ${await response.text()}`);
        sent += ((await response.json()) as { sent: unknown[] }).sent.length * 2;
        // A real compaction (with its checkpoint) alongside the bursts, one at a time.
        if (advancing === null && Date.now() >= nextAdvance) {
          nextAdvance = Date.now() + 10_000;
          advancing = fetch(`${this.options.daemonUrl}/__mock/sessions/${TYPICAL_SESSION}/advance`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ max_turns: 40, until_compaction: true }),
          }).then(async (advanced) => {
            if (!advanced.ok) throw new Error(`the simulator did not advance the session: ${advanced.status}`);
            const result = (await advanced.json()) as { turns: number; compactions: number };
            // Each turn a session.updated frame; each compaction its own frames (completed, checkpoint, session).
            sent += result.turns + result.compactions * 3;
            advancing = null;
          });
        }
      }
      await advancing;
      await page.waitForLoadState('networkidle');
      await sample();
      const first = this.soakSamples[0]!;
      const last = this.soakSamples.at(-1)!;
      this.book.add(FIG.soakStart, first.heapMb);
      this.book.add(FIG.soakEnd, last.heapMb);
      this.book.add(FIG.soakMax, Math.max(...this.soakSamples.map((x) => x.heapMb)));
      this.book.add(FIG.soakGrowth, growthPerMinute(first, last));
      // From the reading nearest half-way: a heap that keeps rising shows here, one that grew while the caches filled does not.
      const half = this.soakSamples.reduce((a, b) => (Math.abs(b.minute - last.minute / 2) < Math.abs(a.minute - last.minute / 2) ? b : a));
      this.book.add(FIG.soakLateGrowth, growthPerMinute(half, last));
      this.book.add(FIG.soakEvents, sent);
      this.book.add(FIG.soakRequests, (last.requests * 1000) / Math.max(1, Date.now() - started));
    });
  }

  // ————— helpers —————

  /**
   * When each of `ids` (in send order) appeared, epoch ms or null: waits until the newest has
   * (every event is then taken in) or the deadline passes.
   */
  private async drain(page: Page, ids: string[], deadline: number): Promise<(number | null)[]> {
    const newest = ids.at(-1) ?? '';
    await page.waitForFunction((id) => window.__bench.seen[id] !== undefined, newest, { timeout: Math.max(1, deadline - Date.now()), polling: 100 }).catch(() => undefined);
    return page.evaluate((wanted) => wanted.map((id) => window.__bench.seen[id] ?? null), ids);
  }

  /**
   * Scrolls `list.scroller` at `speed` px/s twice, over fresh rows each time: once with every
   * painted frame recorded (the screencast), for what the frames showed (the share of frames with
   * part of the body blank, the mean blank share), and once without it, for what the scroll cost
   * the page (long tasks per 10,000 rows scrolled, the p95 frame time). The recorder is the bench's
   * instrument, not the user's: it takes CPU from the page (it halves the frame rate on 2 cores)
   * and its pass's long tasks and frame times are booked beside, not as the figure. The passes
   * alternate which goes first from run to run.
   *
   * A page that stops drawing (the probe's frame watchdog: Chromium no longer asks an idle page for
   * frames, stall-report.ts) is said with what it was doing, and the pass is taken again: on a fresh
   * page of the same list, opened as this one was (`fresh`; a retry on the stalled page fails), or
   * on the same page where the list cannot be had again (the diff's proposal). The table's notes
   * say so. A second stop fails the run.
   */
  private async paintedScroll(opened: Opened, name: string, list: ListName, where: ListGeometry, speed: number, run: number, fresh = true): Promise<void> {
    const figs = paintFigures(list, speed);
    /** What each pass booked, in the table's order (the screencast's figures first, whichever pass ran first). */
    const values = new Map<FigureSpec, number>();
    for (const recorded of run % 2 === 1 ? [true, false] : [false, true]) {
      const pass = await this.scrollPass(opened.page, opened.cdp, where, speed, recorded).catch(async (error: unknown) => {
        if (!(error instanceof Error && error.message.includes('no animation frame'))) throw error;
        const which = `${name} (${recorded ? 'screencast' : 'no screencast'})`;
        console.log(`  ${which} at ${speed} px/s: ${error.message}`);
        for (const line of await stallReport(this.browser, opened.page, opened.cdp, where.scroller, this.options.artifactsDir, `stall-${name}-${recorded ? 'recorded' : 'unrecorded'}`).catch((e: unknown) => [`no stall report: ${String(e)}`])) console.log(`    ${line}`);
        if (fresh) await this.replacePage(opened, where);
        const again = fresh ? 'taken again on a fresh page of the same list' : 'scrolled again on the same page';
        console.log(`  ${again}`);
        this.book.note(`${which}: the page stopped drawing (no animation frame for ${STALL_MS / 1000} s; stall-report.ts); the pass was ${again}.`);
        return this.scrollPass(opened.page, opened.cdp, where, speed, recorded);
      });
      const page = opened.page;
      const state = await this.state(page);
      const tasks = state.longTasks.filter((t) => t.start >= pass.run.start && t.start <= pass.run.end);
      this.keep(`${name}-${recorded ? 'recorded' : 'unrecorded'}`, state, pass.run.start, pass.run.end);
      values.set(recorded ? figs.tasksRecorded : figs.tasks, (tasks.length * 10_000) / Math.max(1, pass.rows));
      values.set(recorded ? figs.p95Recorded : figs.p95, percentile(pass.run.frames, 95));
      if (pass.cpuMs !== null) {
        values.set(figs.cpu, (pass.cpuMs * 10_000) / Math.max(1, pass.rows));
        values.set(figs.cpuFrame, pass.cpuMs / Math.max(1, pass.run.frames.length));
      }
      if (pass.painted === null) continue;
      // A frame shows a blank when at least half a row of its body is missing. The frames are read at
      // the body's place before the scroll: if the page's layout moved the list meanwhile (a panel
      // above it drawn late), they would count the panel below as blank rows. Such a run says so and
      // gives no painted-frame figure (the layout shift itself is the page's defect, not the list's).
      const shares = await blankShares(this.browser, pass.painted.rest, pass.painted.frames, pass.geometry.body);
      const limit = pass.geometry.rowHeight / 2 / pass.geometry.body.height;
      if (pass.moved > 1) console.log(`  ${name}: the list moved ${Math.round(pass.moved)} px during the scroll (the page's layout changed); this run's painted-frame figures are left out`);
      else {
        values.set(figs.blank, (100 * shares.filter((x) => x >= limit).length) / Math.max(1, shares.length));
        values.set(figs.area, (100 * shares.reduce((a, b) => a + b, 0)) / Math.max(1, shares.length));
      }
      values.set(figs.frames, pass.painted.frames.length);
    }
    for (const figure of [figs.blank, figs.area, figs.tasks, figs.cpu, figs.cpuFrame, figs.p95, figs.tasksRecorded, figs.p95Recorded, figs.frames]) {
      const value = values.get(figure);
      if (value === undefined) continue;
      this.book.add(figure, value);
      this.scrolled.set(`${run} ${figure.id}`, value);
    }
  }

  /** `list`'s p95 frame time and CPU per 10,000 rows over the peer's, from the same run, at each speed (where both were taken). */
  peerRatios(run: number, list: ListName): void {
    for (const speed of this.options.scrollSpeeds) {
      const ours = paintFigures(list, speed);
      const peer = paintFigures('peer', speed);
      const pairs = [
        [ours.p95, peer.p95, ours.p95VsPeer],
        [ours.cpu, peer.cpu, ours.cpuVsPeer],
      ] as const;
      for (const [figure, peerFigure, ratio] of pairs) {
        const value = this.scrolled.get(`${run} ${figure.id}`);
        const peerValue = this.scrolled.get(`${run} ${peerFigure.id}`);
        if (value !== undefined && peerValue !== undefined && peerValue > 0) this.book.add(ratio, value / peerValue);
      }
    }
  }

  /** Puts a fresh page of the same list in `opened`'s place (closing the old one): the same address, its rows in, the network quiet. */
  private async replacePage(opened: Opened, where: ListGeometry): Promise<void> {
    const url = opened.page.url();
    const fresh = await opened.reopen();
    await opened.close().catch(() => undefined);
    Object.assign(opened, fresh);
    await fresh.page.goto(url);
    await fresh.page.locator(where.row).first().waitFor({ timeout: NAV_TIMEOUT });
    await fresh.page.waitForLoadState('networkidle');
  }

  /**
   * One scroll of `where` at `speed` px/s for the bench's scroll time (or to the list's end; from its
   * top again when less than that is left), with the screencast recording every painted frame or not.
   */
  private async scrollPass(page: Page, cdp: CDPSession, where: ListGeometry, speed: number, recorded: boolean) {
    // The page draws only while it is the front one: the painted-frame analysis opens pages of its own.
    await page.bringToFront();
    await page.locator(where.scroller).scrollIntoViewIfNeeded();
    await waitForStillList(page, where.scroller);
    let g = await page.evaluate(measureList, where);
    if (g.rowHeight <= 0) throw new Error(`${where.row}: the rows have no height`);
    const distance = speed * this.options.scrollSeconds;
    if (g.fullHeight - g.clientHeight - g.scrollTop < distance && g.scrollTop > 0) {
      await page.locator(where.scroller).evaluate((el) => el.scrollTo({ top: 0 }));
      await page.waitForTimeout(1_000);
      g = await page.evaluate(measureList, where);
    }
    const target = Math.min(g.scrollTop + distance, g.fullHeight - g.clientHeight);
    const scrolling = `scrolling ${where.scroller} at ${speed} px/s`;
    const scrollMs = this.options.scrollSeconds * 1000 + 2 * STALL_MS;
    const scroll = () => withDeadline(page.evaluate(([sel, pxPerMs, to, stall]) => window.__bench.scrollThrough(sel, pxPerMs, to, stall), [where.scroller, speed / 1000, target, STALL_MS] as const), scrollMs, scrolling);
    let painted: { rest: PaintedFrame; frames: PaintedFrame[] } | null = null;
    let run: FrameRun;
    let cpuMs: number | null;
    if (recorded) {
      const rest = await withDeadline(restFrame(cdp, g.viewport), STALL_MS, `a screenshot of ${where.scroller} at rest`);
      const origin = await page.evaluate(() => performance.timeOrigin);
      const recording = await recordPainted(cdp, scroll);
      run = recording.result;
      // The frames painted from the scroll's first step to one frame after its last.
      painted = { rest, frames: recording.frames.filter((f) => f.at >= origin + run.start && f.at <= origin + run.end + 20) };
      cpuMs = null;
    } else {
      const before = await mainThreadCpuMs(cdp);
      run = await scroll();
      cpuMs = (await mainThreadCpuMs(cdp)) - before;
    }
    const rows = ((await page.locator(where.scroller).evaluate((el) => el.scrollTop)) - g.scrollTop) / g.rowHeight;
    const moved = Math.abs((await page.evaluate(listTop, where.scroller)) - g.top);
    return { run, rows, painted, geometry: g, moved, cpuMs };
  }

  private async firstRecordId(sessionId: string): Promise<string> {
    const page = await this.daemonJson<{ items: { id: string }[] }>(`/api/v1/sessions/${sessionId}/compactions?limit=1`);
    const id = page.items[0]?.id;
    if (!id) throw new Error(`session ${sessionId} has no compaction to open`);
    return id;
  }

  private async pendingCheckpointId(sessionId: string): Promise<string> {
    const page = await this.daemonJson<{ items: { id: string; resolution: unknown }[] }>(`/api/v1/sessions/${sessionId}/checkpoints`);
    const id = page.items.find((c) => c.resolution === null)?.id ?? page.items[0]?.id;
    if (!id) throw new Error(`session ${sessionId} has no checkpoint to review`);
    return id;
  }

  private async daemonJson<T>(path: string): Promise<T> {
    const response = await fetch(`${this.options.daemonUrl}${path}`, { headers: { 'X-Kaged-User-Id': 'operator' } });
    if (!response.ok) throw new Error(`the simulator answered ${response.status} for ${path}`);
    return (await response.json()) as T;
  }
}

/** MB a minute between two soak readings (0 when they are the same moment). */
function growthPerMinute(from: SoakSample, to: SoakSample): number {
  return to.minute > from.minute ? (to.heapMb - from.heapMb) / (to.minute - from.minute) : 0;
}

/** The pages whose metrics Chromium collects. */
const measuring = new WeakSet<CDPSession>();

/** The page's main thread CPU time so far (Chromium's `ThreadTime`, ms): its own work, not the wait for a core. */
async function mainThreadCpuMs(cdp: CDPSession): Promise<number> {
  if (!measuring.has(cdp)) {
    await cdp.send('Performance.enable');
    measuring.add(cdp);
  }
  const { metrics } = await cdp.send('Performance.getMetrics');
  const seconds = metrics.find((m) => m.name === 'ThreadTime')?.value;
  if (seconds === undefined) throw new Error('Chromium reported no ThreadTime');
  return seconds * 1000;
}

/** Where a list scrolls, its rows, and the header that sits over its rows inside the scroller. */
interface ListGeometry {
  scroller: string;
  row: string;
  header: string | null;
}

const LEDGER_LIST: ListGeometry = { scroller: SEL.ledgerGrid, row: SEL.ledgerRow, header: '.ledger__row--head' };
const PEER_LIST: ListGeometry = { scroller: SEL.peerScroll, row: SEL.peerRow, header: '.ledger__row--head' };
const AUDIT_LIST: ListGeometry = { scroller: SEL.auditScroll, row: SEL.auditRow, header: 'thead' };
const DIFF_LIST: ListGeometry = { scroller: SEL.diffTable, row: SEL.diffRow, header: null };

/** Runs in the page: the list's body on screen (CSS px of the viewport), its row height and how far it can scroll. */
/** The list's top in the window (px), read in the page. */
function listTop(scroller: string): number {
  return document.querySelector(scroller)?.getBoundingClientRect().top ?? Number.NaN;
}

/** Waits (at most 15 s) until the list has stayed in place for a second: panels above it drawn late move it. */
async function waitForStillList(page: Page, scroller: string): Promise<void> {
  let last = await page.evaluate(listTop, scroller);
  let stillSince = Date.now();
  for (const until = Date.now() + 15_000; Date.now() < until && Date.now() - stillSince < 1_000; ) {
    await page.waitForTimeout(100);
    const top = await page.evaluate(listTop, scroller);
    if (Math.abs(top - last) > 1) stillSince = Date.now();
    last = top;
  }
}

function measureList(where: ListGeometry) {
  const el = document.querySelector(where.scroller);
  if (!el) throw new Error(`no element matches ${where.scroller}`);
  const rect = el.getBoundingClientRect();
  const head = where.header ? (el.querySelector(where.header)?.getBoundingClientRect().height ?? 0) : 0;
  const rowHeight = document.querySelector(where.row)?.getBoundingClientRect().height ?? 0;
  const rowCount = Number(el.getAttribute('aria-rowcount') ?? el.querySelector('[aria-rowcount]')?.getAttribute('aria-rowcount') ?? 0);
  const x = Math.max(0, rect.left + el.clientLeft);
  const top = Math.max(0, rect.top + el.clientTop + head);
  const bottom = Math.min(window.innerHeight, rect.top + el.clientTop + el.clientHeight);
  return {
    top: rect.top,
    body: { x, y: top, width: Math.min(el.clientWidth, window.innerWidth - x), height: bottom - top },
    rowHeight,
    scrollTop: el.scrollTop,
    clientHeight: el.clientHeight,
    // Paged lists announce their full length; the rows not yet loaded are not in scrollHeight.
    fullHeight: Math.max(el.scrollHeight, head + Math.max(0, rowCount - (head > 0 ? 1 : 0)) * rowHeight),
    viewport: { scrollX: window.scrollX, scrollY: window.scrollY, width: window.innerWidth, height: window.innerHeight },
  };
}

/** The scripts and style sheets a page downloaded (the peer's excluded), each counted once by URL. */
class AssetLog {
  private readonly files = new Map<string, Promise<{ kind: 'js' | 'css'; gzip: number }>>();

  attach(page: Page): void {
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const url = response.url().split('?')[0] ?? response.url();
      if ((type !== 'script' && type !== 'stylesheet') || url.includes(PEER_BASE) || this.files.has(url)) return;
      this.files.set(
        url,
        response.body().then(
          (body) => ({ kind: type === 'script' ? 'js' : 'css', gzip: gzipSync(body, { level: 9 }).length }),
          (error: unknown) => {
            throw new Error(`could not read ${url}: ${String(error)}`);
          },
        ),
      );
    });
  }

  /** The files logged (only these URLs, when given), gzip bytes by kind. */
  async totals(only?: ReadonlySet<string>): Promise<{ js: number; css: number; files: number }> {
    const all = await Promise.all([...this.files].filter(([url]) => !only || only.has(url)).map(([, file]) => file));
    return { js: all.filter((f) => f.kind === 'js').reduce((n, f) => n + f.gzip, 0), css: all.filter((f) => f.kind === 'css').reduce((n, f) => n + f.gzip, 0), files: all.length };
  }
}
