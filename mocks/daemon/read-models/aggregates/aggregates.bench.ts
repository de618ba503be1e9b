/**
 * The simulated daemon at MOCK_SCALE=large: 1,000,000 compaction events in 2,400 generated
 * sessions plus the real transcripts. Prints start-up and persistence figures, then each
 * aggregate's time (median of 7 runs after a warm-up, wall clock and CPU), as the HTTP
 * handlers run them. `npm run bench` prints the figures; nothing here asserts a time.
 */
import { bench, describe } from 'vitest';
import { loadFixturesFromDisk } from '../../../importers/node-fixtures';
import { restoreStore, SnapshotDiffer } from '../../../store/persisted';
import { MemoryBackend } from '../../../store/test-support/memory-backend';
import { attachHistory } from '../../seeding/history';
import { seedStore } from '../../seeding/seed';
import { sessionSummaries } from '../session-list';
import { auditLog } from './audit-log';
import { breakdown } from './breakdown';
import { compactionHealth } from './health';
import { encodeCursor } from '../queries';
import { crossLedger, parseCrossFilter, sortedMatches } from './ledger';
import { pluginActivity } from './plugin-activity';
import { projectStats } from './project-stats';
import { reviewQueue } from './review-queue';
import { parseScope } from './scope';
import { SPIRAL_DEFAULTS } from './spiral-parameters';
import { spirals } from './spirals';
import { topSessions } from './top-sessions';

const timed = <T>(fn: () => T): [T, number] => {
  const start = performance.now();
  const out = fn();
  return [out, performance.now() - start];
};

const transcripts = loadFixturesFromDisk();
const [normal, normalMs] = timed(() => seedStore({ seed: 24, scale: 'normal', transcripts }));
const [store, largeMs] = timed(() => seedStore({ seed: 24, scale: 'large', transcripts }));
const events = store.history?.facts.length ?? 0;
const memory = process.memoryUsage();

// What persistence writes after a seed (the history itself is regenerated, never written), and a restart.
const backend = new MemoryBackend();
const [batch, saveMs] = timed(() => new SnapshotDiffer({ format: 1, seed: 24, scale: 'large' }).next(store, true));
const bytes = batch ? Object.values(batch.values).reduce((n, t) => n + t.length, 0) + Object.values(batch.entries).reduce((n, e) => n + Object.values(e.put).reduce((m, t) => m + t.length, 0), 0) + Object.values(batch.rewrites).reduce((n, l) => n + l.reduce((m, t) => m + t.length + 1, 0), 0) : 0;
if (batch) await backend.write(batch);
const snapshot = await backend.load();
const [, restoreMs] = timed(() => {
  const restored = restoreStore(snapshot as NonNullable<typeof snapshot>);
  attachHistory(restored);
  return restored;
});

const now = store.clock().getTime();
const DAY = 86_400_000;
const last7 = new URLSearchParams({ from: new Date(now - 7 * DAY).toISOString(), to: new Date(now).toISOString(), tz: 'Europe/Paris' });
const all = new URLSearchParams();
const scopeAll = parseScope(store, all);
const scope7 = parseScope(store, last7);

const changed = () => {
  store.revision += 1;
  return store;
};

const QUERIES: [string, () => unknown][] = [
  ['health, all projects, all time', () => compactionHealth(scopeAll.scope, scopeAll.parts)],
  ['health, all projects, last 7 days (Paris)', () => compactionHealth(scope7.scope, scope7.parts)],
  ['health, one project (payments-api)', () => {
    const s = parseScope(store, new URLSearchParams('project_id=payments-api'));
    return compactionHealth(s.scope, s.parts);
  }],
  ['breakdown by strategy', () => breakdown(scopeAll.scope, scopeAll.parts, 'strategy')],
  ['breakdown by agent path', () => breakdown(scopeAll.scope, scopeAll.parts, 'agent_path')],
  ['breakdown by trigger', () => breakdown(scopeAll.scope, scopeAll.parts, 'trigger')],
  ['breakdown by plugin', () => breakdown(scopeAll.scope, scopeAll.parts, 'plugin')],
  ['breakdown by plugin version', () => breakdown(scopeAll.scope, scopeAll.parts, 'plugin_version')],
  ['breakdown by summarizer model', () => breakdown(scopeAll.scope, scopeAll.parts, 'summarizer_model')],
  ['top sessions by cost and count', () => topSessions(scopeAll.scope, scopeAll.parts, 10)],
  ['spiral detection (defaults)', () => spirals(scopeAll.scope, scopeAll.parts, SPIRAL_DEFAULTS, 50)],
  ['plugin page (hindsight)', () => pluginActivity(store, 'hindsight', scopeAll.scope, scopeAll.parts)],
  // The ledger keeps a sorted query while the store is unchanged: each run first marks it changed, to time the first page.
  ['cross-session ledger, first page, newest first', () => crossLedger(changed(), new URLSearchParams('limit=100'))],
  ['cross-session ledger, first page, by cost', () => crossLedger(changed(), new URLSearchParams('limit=100&sort=-cost_usd'))],
  ['cross-session ledger, bad or unrated, by ratio', () => crossLedger(changed(), new URLSearchParams('limit=100&flag=bad,unflagged&sort=compression_ratio'))],
  ['cross-session ledger, next page (sorted list kept)', () => crossLedger(store, new URLSearchParams(`limit=100&sort=-cost_usd&cursor=${encodeCursor(100, sortedMatches(store, parseCrossFilter(store, new URLSearchParams('sort=-cost_usd'))).key)}`))],
  ['cross-session ledger, text search', () => crossLedger(changed(), new URLSearchParams('limit=100&q=migration'))],
  ['review queue (hindsight: every event it fired in)', () => reviewQueue(store, new URLSearchParams('plugin=hindsight'))],
  ['audit log, first page', () => auditLog(store, new URLSearchParams('limit=100'))],
  ['audit log, no-ops newest first', () => auditLog(store, new URLSearchParams('limit=100&sort=-at&type=compaction.noop'))],
  ['project stats (payments-api)', () => projectStats(store, 'payments-api')],
  ['sessions list (2,413 rows)', () => sessionSummaries(store)],
];

function median(fn: () => unknown, runs: number): [number, number] {
  fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const start = performance.now();
    fn();
    wall.push(performance.now() - start);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const mid = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)] as number;
  return [mid(wall), mid(cpu)];
}

const rows = QUERIES.map(([name, fn]) => {
  const [wall, cpu] = median(fn, 7);
  return `  ${name.padEnd(50)} ${wall.toFixed(1).padStart(8)} ms ${cpu.toFixed(1).padStart(8)} ms CPU`;
});
console.log(
  `simulator at MOCK_SCALE=large: ${events.toLocaleString('en-US')} history events, ${(store.history?.silent.length ?? 0).toLocaleString('en-US')} no-ops and failures without a record, ${(store.history?.sessions.length ?? 0) + store.sessions.size} sessions\n` +
    `  seed normal scale ${normalMs.toFixed(0)} ms (${normal.history?.facts.length} history events); large scale ${largeMs.toFixed(0)} ms; rss ${(memory.rss / 1e6).toFixed(0)} MB, array buffers ${(memory.arrayBuffers / 1e6).toFixed(0)} MB\n` +
    `  persistence after a seed: diff ${saveMs.toFixed(0)} ms, ${(bytes / 1e6).toFixed(1)} MB written (the history is regenerated, not written); restart from it ${restoreMs.toFixed(0)} ms\n` +
    `aggregate queries (median of 7 runs):\n${rows.join('\n')}`,
);

describe('simulator aggregates at 1,000,000 events', () => {
  for (const [name, fn] of QUERIES) {
    bench(name, () => {
      fn();
    }, { iterations: 5, warmupIterations: 1, time: 0 });
  }
});
