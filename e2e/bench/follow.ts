/**
 * BENCH_ONLY=follow: the simulator following a generated folder of Claude Code transcripts
 * (npm run mock:api -- --follow). Figures: the simulator's own start-up (process start → its first
 * GET /sessions answered: loading and seeding, or its seed cache; no transcript read yet), then from its answering to the
 * first followed sessions and to every transcript indexed, its resident memory (peak, VmHWM, and
 * once indexed, VmRSS), the first request to a session dropped from memory (its file read again),
 * and the lag from a line appended to a followed file to its row on screen
 * (the session page's agents row counting the new message), p50 and p95; beside them, the sessions
 * the list answers against the transcripts indexed (nothing dropped to be quick).
 *   BENCH_FOLLOW_FILES=2000      transcripts in the folder (the issue's figure)
 *   BENCH_FOLLOW_FILE_KB=1500    size of each (2,000 × 1.5 MB: about 3 GB, the issue's "several GB")
 *   BENCH_FOLLOW_APPENDS=20      appended lines timed for the lag
 *   BENCH_FOLLOW_STEADY_S=60     seconds of quiet after indexing before the steady memory is taken
 *   BENCH_FOLLOW_REREADS=8       dropped sessions asked for once each after the quiet period
 */
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { ROOT } from './build';
import type { RunningServer } from './servers';
import type { FigureBook, FigureSpec } from './summary';

const S_FOLLOW = 'Following a folder (npm run mock:api -- --follow; a generated folder of Claude Code transcripts)';
const fig = (id: string, label: string, unit: FigureSpec['unit'], extra: Partial<FigureSpec> = {}): FigureSpec => ({ id, section: S_FOLLOW, label, unit, worse: 'higher', ...extra });

export const FOLLOW_FIG = {
  listening: fig('follow.start.listening', "start-up: the simulator's process started → its first GET /sessions answered (its own loading and seeding, or its seed cache; 503 \"starting\" until then; no transcript read yet)", 'ms', { goal: { text: '≤ 2,000 ms', met: (v) => v <= 2000 } }),
  firstSessions: fig('follow.start.first_sessions', 'start-up: the server answers → first followed sessions listed', 'ms', { goal: { text: '≤ 5,000 ms', met: (v) => v <= 5000 }, beside: ['follow.indexed.share'] }),
  indexed: fig('follow.start.all_indexed', 'start-up: the server answers → every transcript indexed (in the background)', 'ms', { beside: ['follow.indexed.share'] }),
  indexedShare: fig('follow.indexed.share', 'sessions the list answers ÷ transcripts in the folder', 'ratio', { worse: 'lower' }),
  folderMb: fig('follow.folder.mb', 'the folder followed (transcripts generated)', 'MB', { worse: 'lower' }),
  rss: fig('follow.memory.peak_rss', "the simulator's peak resident memory (VmHWM) while indexing and following", 'MB', { beside: ['follow.folder.mb', 'follow.memory.rss_indexed', 'follow.memory.peak_heap'] }),
  peakHeap: fig('follow.memory.peak_heap', "the simulator's highest JavaScript heap used (sampled by it after each transcript read and twice a second: GET /__mock/follow memory_mb.peak)", 'MB', { beside: ['follow.memory.peak_external', 'follow.memory.peak_array_buffers'] }),
  peakExternal: fig('follow.memory.peak_external', "the simulator's highest memory held outside the heap (process.memoryUsage external: Buffers, typed arrays), sampled so", 'MB'),
  peakArrayBuffers: fig('follow.memory.peak_array_buffers', "of that, the highest in ArrayBuffers (file bytes being read; arrayBuffers), sampled so", 'MB'),
  rssIndexed: fig('follow.memory.rss_indexed', "the simulator's resident memory once every transcript is indexed (VmRSS)", 'MB', { beside: ['follow.memory.heap_indexed', 'follow.memory.external_indexed', 'follow.memory.dropped'] }),
  heapIndexed: fig('follow.memory.heap_indexed', "the simulator's JavaScript heap used once every transcript is indexed", 'MB'),
  externalIndexed: fig('follow.memory.external_indexed', "the simulator's memory outside the heap once indexed (external; of it arrayBuffers beside)", 'MB', { beside: ['follow.memory.array_buffers_indexed'] }),
  arrayBuffersIndexed: fig('follow.memory.array_buffers_indexed', "the simulator's ArrayBuffers once indexed", 'MB'),
  rssSteady: fig('follow.memory.rss_steady', "the simulator's resident memory after a quiet period once indexed (BENCH_FOLLOW_STEADY_S)", 'MB', { beside: ['follow.memory.heap_steady', 'follow.memory.external_steady', 'follow.memory.dropped'] }),
  heapSteady: fig('follow.memory.heap_steady', "the simulator's JavaScript heap used after the quiet period", 'MB'),
  externalSteady: fig('follow.memory.external_steady', "the simulator's memory outside the heap after the quiet period (external; of it arrayBuffers beside)", 'MB', { beside: ['follow.memory.array_buffers_steady'] }),
  arrayBuffersSteady: fig('follow.memory.array_buffers_steady', "the simulator's ArrayBuffers after the quiet period", 'MB'),
  dropped: fig('follow.memory.dropped', 'followed sessions holding no messages (idle, not viewed: read again from their files when asked) ÷ followed', 'ratio', { worse: 'lower' }),
  rereadP50: fig('follow.dropped.first_request.p50', 'a session dropped from memory: its first request (GET /sessions/{id}: its files read again), p50', 'ms', { beside: ['follow.memory.rss_steady', 'follow.dropped.restored'] }),
  rereadP95: fig('follow.dropped.first_request.p95', 'a session dropped from memory: its first request, p95', 'ms', { beside: ['follow.dropped.first_request.p50'] }),
  rereadRestored: fig('follow.dropped.restored', 'dropped sessions asked for that came back into memory ÷ asked', 'ratio', { worse: 'lower' }),
  lagP50: fig('follow.lag.p50', 'a line appended → its row updated on the open session page, p50', 'ms', { goal: { text: '≤ 1,000 ms', met: (v) => v <= 1000 }, beside: ['follow.lag.shown'] }),
  lagP95: fig('follow.lag.p95', 'a line appended → its row updated, p95', 'ms', { beside: ['follow.lag.shown'] }),
  lagShown: fig('follow.lag.shown', 'appended lines shown on the page ÷ appended', 'ratio', { worse: 'lower' }),
};

export interface FollowOptions {
  files: number;
  fileKb: number;
  appends: number;
  steadyS: number;
  rereads: number;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const IDS = /\b(msg|toolu)_[A-Za-z0-9]+/g;

/** One repetition of the fixture with every id made its own (file i, repetition k): a session's lines never collide. */
function repetition(lines: readonly string[], i: number, k: number): string {
  const tag = ((i + 1) * 100_000 + k).toString(16).padStart(12, '0');
  return `${lines.map((l) => l.replace(UUID, (u) => `${u.slice(0, 24)}${tag}`).replace(IDS, (id) => `${id}x${tag}`)).join('\n')}\n`;
}

/** The bytes of every file under a folder, MB. */
function folderMb(folder: string): number {
  let bytes = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  return bytes / 1024 / 1024;
}

/** `files` transcripts of about `fileKb` KB each (the fixture short.jsonl repeated), in project folders of 100. */
export function generateFolder(opts: FollowOptions): string {
  const folder = mkdtempSync(join(tmpdir(), 'bench-follow-'));
  const lines = readFileSync(join(ROOT, 'mocks/fixtures/transcripts/claude-code/short.jsonl'), 'utf8').split('\n').filter(Boolean);
  const reps = Math.max(1, Math.round((opts.fileKb * 1024) / repetition(lines, 0, 0).length));
  for (let i = 0; i < opts.files; i++) {
    const dir = join(folder, `project-${Math.floor(i / 100)}`);
    mkdirSync(dir, { recursive: true });
    let text = '';
    for (let k = 0; k < reps; k++) text += repetition(lines, i, k);
    writeFileSync(join(dir, `session-${i}.jsonl`), text);
  }
  return folder;
}

/** Resident memory of a process, MB (Linux: VmHWM the peak, VmRSS now); NaN where it cannot be read. */
function rssMb(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

interface Progress {
  state: string;
  groups_total: number;
  groups_done: number;
  sessions_dropped: number;
  memory_mb: (Memory & { peak: Memory }) | null;
}

/** MB, as GET /__mock/follow reports them (mocks/follow/memory-meter.ts). */
interface Memory {
  rss: number;
  heap_used: number;
  external: number;
  array_buffers: number;
}

/** The heap, outside it and ArrayBuffers, as the simulator last sampled them. */
function addMemory(book: FigureBook, memory: Memory | null | undefined, figs: { heap: FigureSpec; external: FigureSpec; arrayBuffers: FigureSpec }): void {
  book.add(figs.heap, memory?.heap_used ?? Number.NaN);
  book.add(figs.external, memory?.external ?? Number.NaN);
  book.add(figs.arrayBuffers, memory?.array_buffers ?? Number.NaN);
}

async function json<T>(url: string, timeoutMs = 5_000): Promise<T | null> {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return r.ok ? ((await r.json()) as T) : null;
  } catch {
    return null;
  }
}

/** The sessions the simulator lists that come from the followed folder. */
async function followedSessions(daemon: string): Promise<{ id: string; followed: { file: string } }[]> {
  // A slow list is waited for (and shows in the figures): given up on, it would be asked again while the simulator still makes it.
  const listed = await json<{ items: { id: string; followed?: { file: string } | null }[] }>(`${daemon}/api/v1/sessions`, 120_000);
  return (listed?.items ?? []).flatMap((s) => (s.followed ? [{ id: s.id, followed: s.followed }] : []));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A user line for the followed file (the fixture's first user line, its ids and text its own). */
function userLine(folderFile: string, n: number): string {
  const template = readFileSync(folderFile, 'utf8').split('\n').find((l) => l.includes('"type":"user"') && l.includes('"content":"'));
  if (!template) throw new Error(`no user line to copy in ${folderFile}`);
  const tag = (900_000_000 + n).toString(16).padStart(12, '0');
  return `${template.replace(UUID, (u) => `${u.slice(0, 24)}${tag}`).replace(/"content":"[^"]*"/, `"content":"lag probe ${n}"`).replace(/"timestamp":"[^"]*"/, `"timestamp":"${new Date().toISOString()}"`)}\n`;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
}

/**
 * Dropped sessions asked for once each (spread over the folder; not the newest, which the lag
 * part opens): the time of that first request, and whether the simulator's dropped count fell by one.
 */
async function firstRequests(book: FigureBook, daemon: string, followed: readonly { id: string; followed: { file: string } }[], opts: FollowOptions): Promise<void> {
  const candidates = followed.filter((s) => !s.followed.file.endsWith(`session-${opts.files - 1}.jsonl`));
  const step = Math.max(1, Math.floor(candidates.length / opts.rereads));
  const times: number[] = [];
  let restored = 0;
  for (let k = 0; k < opts.rereads && k * step < candidates.length; k++) {
    const session = candidates[k * step] as { id: string };
    const before = (await json<Progress>(`${daemon}/api/v1/__mock/follow`))?.sessions_dropped ?? Number.NaN;
    const t0 = performance.now();
    const answer = await fetch(`${daemon}/api/v1/sessions/${session.id}`, { signal: AbortSignal.timeout(120_000) });
    await answer.arrayBuffer();
    times.push(performance.now() - t0);
    const after = (await json<Progress>(`${daemon}/api/v1/__mock/follow`))?.sessions_dropped ?? Number.NaN;
    if (answer.ok && after === before - 1) restored += 1;
  }
  book.add(FOLLOW_FIG.rereadP50, percentile(times, 50));
  book.add(FOLLOW_FIG.rereadP95, percentile(times, 95));
  book.add(FOLLOW_FIG.rereadRestored, times.length > 0 ? restored / times.length : Number.NaN);
}

/**
 * One run: the simulator started on the folder (start: a function starting it, as the bench starts
 * its servers), timed to first sessions and to all indexed, then lines appended to one followed
 * file with its session page open in Chromium.
 */
export async function followRun(book: FigureBook, browser: Browser, opts: FollowOptions, urls: { daemon: string; base: string }, start: (folder: string) => Promise<RunningServer>): Promise<void> {
  console.log(`  generating ${opts.files.toLocaleString('en-US')} transcripts of ${opts.fileKb} KB`);
  const folder = generateFolder(opts);
  book.add(FOLLOW_FIG.folderMb, folderMb(folder));
  const started = Date.now();
  const server = await start(folder);
  const listening = Date.now();
  book.add(FOLLOW_FIG.listening, listening - started);
  try {
    let first = Number.NaN;
    let logged = 0;
    for (;;) {
      if (Number.isNaN(first) && (await followedSessions(urls.daemon)).length > 0) first = Date.now() - listening;
      const progress = await json<Progress>(`${urls.daemon}/api/v1/__mock/follow`);
      if (progress?.state === 'watching' && progress.groups_done >= opts.files) break;
      if (Date.now() - listening > 30 * 60_000) throw new Error(`the folder was not indexed in 30 min (${JSON.stringify(progress)})`);
      if (Date.now() - logged > 60_000) {
        logged = Date.now();
        console.log(`  ${Math.round((logged - listening) / 1000)} s: ${progress?.groups_done ?? '?'} of ${progress?.groups_total ?? '?'} indexed, RSS ${Math.round(rssMb(server.pid, 'VmRSS'))} MB (heap ${progress?.memory_mb?.heap_used ?? '?'}, external ${progress?.memory_mb?.external ?? '?'}, of it ArrayBuffers ${progress?.memory_mb?.array_buffers ?? '?'})`);
      }
      await sleep(100);
    }
    book.add(FOLLOW_FIG.firstSessions, first);
    book.add(FOLLOW_FIG.indexed, Date.now() - listening);
    book.add(FOLLOW_FIG.rssIndexed, rssMb(server.pid, 'VmRSS'));
    addMemory(book, (await json<Progress>(`${urls.daemon}/api/v1/__mock/follow`))?.memory_mb, { heap: FOLLOW_FIG.heapIndexed, external: FOLLOW_FIG.externalIndexed, arrayBuffers: FOLLOW_FIG.arrayBuffersIndexed });
    const followed = await followedSessions(urls.daemon);
    book.add(FOLLOW_FIG.indexedShare, followed.length / opts.files);
    // A quiet period (nothing asked, nothing appended): what the simulator holds once it settles.
    await sleep(opts.steadyS * 1000);
    const steady = await json<Progress>(`${urls.daemon}/api/v1/__mock/follow`);
    book.add(FOLLOW_FIG.rssSteady, rssMb(server.pid, 'VmRSS'));
    addMemory(book, steady?.memory_mb, { heap: FOLLOW_FIG.heapSteady, external: FOLLOW_FIG.externalSteady, arrayBuffers: FOLLOW_FIG.arrayBuffersSteady });
    book.add(FOLLOW_FIG.dropped, (steady?.sessions_dropped ?? Number.NaN) / followed.length);
    await firstRequests(book, urls.daemon, followed, opts);

    // The lag: a line appended to the newest file, its session page open.
    const file = join(folder, `project-${Math.floor((opts.files - 1) / 100)}`, `session-${opts.files - 1}.jsonl`);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(`${urls.base}/sessions`);
      await page.locator('table[aria-label="Sessions"] tbody tr', { hasText: 'followed' }).first().waitFor({ timeout: 60_000 });
      const id = followed.find((s) => s.followed.file.endsWith(`session-${opts.files - 1}.jsonl`))?.id;
      if (!id) throw new Error('the followed session of the newest file is not listed');
      await page.goto(`${urls.base}/sessions/${id}`);
      const row = page.getByRole('row').filter({ hasText: /\d[\d,]* active/ }).first();
      await row.waitFor();
      const lags: number[] = [];
      for (let n = 0; n < opts.appends; n++) {
        const before = (/([\d,]+) active/.exec((await row.textContent()) ?? '')?.[1] ?? '').replace(/,/g, '');
        const t0 = Date.now();
        appendFileSync(file, userLine(file, n));
        try {
          await page.waitForFunction(
            ([was]) => [...document.querySelectorAll('tr')].some((tr) => /([\d,]+) active/.test(tr.textContent ?? '') && (/([\d,]+) active/.exec(tr.textContent ?? '')?.[1] ?? '').replace(/,/g, '') === String(Number(was) + 1)),
            [before],
            { timeout: 10_000, polling: 'raf' },
          );
          lags.push(Date.now() - t0);
        } catch {
          // Not shown within 10 s: counted in the share shown, not in the lag.
        }
        await sleep(300);
      }
      book.add(FOLLOW_FIG.lagP50, percentile(lags, 50));
      book.add(FOLLOW_FIG.lagP95, percentile(lags, 95));
      book.add(FOLLOW_FIG.lagShown, lags.length / opts.appends);
    } finally {
      await page.close();
    }
    book.add(FOLLOW_FIG.rss, rssMb(server.pid, 'VmHWM'));
    addMemory(book, (await json<Progress>(`${urls.daemon}/api/v1/__mock/follow`))?.memory_mb?.peak, { heap: FOLLOW_FIG.peakHeap, external: FOLLOW_FIG.peakExternal, arrayBuffers: FOLLOW_FIG.peakArrayBuffers });
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
