import { readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { formatImportReport } from '../daemon/transcripts/import-report';
import { prepareInThread, type RawFile, type StartupImport } from '../daemon/transcripts/imports';
import { fileURLToPath } from 'node:url';
import type { FaultRule } from '../handlers/faults';
import type { Scale } from '../daemon/seeding/seed';
import { Follower, VIEWED_MS } from '../follow/follower';
import { NodeFolderSource } from '../follow/node-folder-source';
import { seedCacheFromEnv } from './seed-cache';
import { startSimulator } from './server';

/**
 * `PORT=n npm run mock:api`: the simulated kaged daemon on http://127.0.0.1:n/api/v1.
 *   MOCK_SEED=24          deterministic data seed
 *   MOCK_SCALE=bench      adds a 10,000-message session and 100,000 compaction records
 *   MOCK_SCALE=large      a generated history of 1,000,000 compaction events in 2,400 sessions
 *   MOCK_LIVE=0           no live activity timer (tests drive activity through /__mock)
 *   MOCK_FAULTS='[{"path":"^/sessions$","fault":"status:503"}]'   faults from the start
 *   MOCK_TOKEN=secret     require Authorization: Bearer secret
 *   MOCK_IMPORT=~/.claude/projects/<project>   (or --import <folder-or-file>) transcripts imported at
 *                         startup, kept across /__mock/reset; the report is printed
 *   MOCK_FOLLOW=~/.claude/projects   (or --follow <folder>) follow a folder of transcripts live: new files become
 *                         sessions, appended lines arrive as they are written (MOCK_FOLLOW_IDLE_MS: idle after, default 60000)
 *   MOCK_DATA_DIR=path    where the data is kept across restarts (default node_modules/.cache/kaged-simulator)
 *   MOCK_PERSIST=0        keep nothing: every start seeds afresh
 *   MOCK_RESET=1          discard what was kept and start from the seed
 *   MOCK_SEED_CACHE=0     seed afresh even when the same code seeded the same seed and scale before (seed-cache.ts)
 */
function faultsFromEnv(): FaultRule[] {
  const raw = process.env.MOCK_FAULTS;
  if (!raw) return [];
  const parsed: unknown = JSON.parse(raw);
  if (!Array.isArray(parsed)) throw new Error('MOCK_FAULTS must be a JSON list of {method?, path, fault, times?}');
  return parsed as FaultRule[];
}

/** Every file under a folder (or the file itself), with names relative to the folder as a browser gives them. */
function readTranscriptFiles(target: string): RawFile[] {
  const root = resolve(target.replace(/^~(?=$|[/\\])/, homedir()));
  if (statSync(root).isFile()) return [{ name: root.split(sep).pop() ?? root, bytes: new Uint8Array(readFileSync(root)) }];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(jsonl|json|traj)$/i.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort()
    .map((path) => ({ name: relative(root, path).split(sep).join('/'), bytes: new Uint8Array(readFileSync(path)) }));
}

/** A folder named by a command-line flag (`--import <folder>`) or else its variable. */
function folderOption(flag: string, variable: string): string | null {
  const at = process.argv.indexOf(flag);
  if (at >= 0) return process.argv[at + 1] ?? null;
  return process.env[variable] || null;
}

async function startupImport(): Promise<StartupImport | null> {
  const target = folderOption('--import', 'MOCK_IMPORT');
  if (!target) return null;
  const began = Date.now();
  const files = readTranscriptFiles(target);
  const prepared = await prepareInThread({ files }, () => {});
  console.log(`importing ${files.length} file(s) from ${target} (read and counted in ${Date.now() - began} ms)`);
  return prepared;
}

const imported = await startupImport();
function scaleFromEnv(): Scale {
  const raw = process.env.MOCK_SCALE ?? 'normal';
  if (raw === 'normal' || raw === 'bench' || raw === 'large') return raw;
  throw new Error(`MOCK_SCALE must be normal, bench or large (not "${raw}")`);
}

const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../node_modules/.cache/kaged-simulator', import.meta.url));

const started = Date.now();
const simulator = await startSimulator({
  port: Number(process.env.PORT ?? 4010),
  host: process.env.HOST ?? '127.0.0.1',
  faults: faultsFromEnv(),
  daemon: {
    seed: Number(process.env.MOCK_SEED ?? 24),
    scale: scaleFromEnv(),
    live: process.env.MOCK_LIVE !== '0',
    liveIntervalMs: Number(process.env.MOCK_LIVE_INTERVAL_MS ?? 6_000),
    requireToken: process.env.MOCK_TOKEN ?? null,
    startupImport: imported,
    seedCache: seedCacheFromEnv(),
  },
  persistence: process.env.MOCK_PERSIST === '0' ? null : { dir: process.env.MOCK_DATA_DIR ?? DEFAULT_DATA_DIR, fresh: process.env.MOCK_RESET === '1' },
});
const { daemon } = simulator;
const { store } = daemon;
const records = [...store.sessions.values()].reduce((n, s) => n + s.compactions.length, 0) + (store.history?.facts.length ?? 0);
const sessions = store.sessions.size + (store.history?.sessions.length ?? 0);
const kept = process.env.MOCK_PERSIST === '0' ? 'not kept' : `kept in ${process.env.MOCK_DATA_DIR ?? DEFAULT_DATA_DIR}`;
console.log(
  `simulated kaged daemon on ${simulator.url} (${sessions.toLocaleString('en-US')} sessions, ${records.toLocaleString('en-US')} compactions, ` +
    `${daemon.origin} in ${Date.now() - started} ms; data ${kept})`,
);
const startupJob = store.imports.jobs[0];
if (imported && startupJob) console.log(formatImportReport(startupJob));

const followed = folderOption('--follow', 'MOCK_FOLLOW');
const source = followed ? new NodeFolderSource(followed) : null;
const follower = source ? new Follower(daemon, source, { idleMs: Number(process.env.MOCK_FOLLOW_IDLE_MS ?? 60_000), viewedMs: Number(process.env.MOCK_FOLLOW_VIEWED_MS ?? VIEWED_MS), log: (line) => console.log(line) }) : null;
if (follower) {
  daemon.followProgress = follower.progress;
  daemon.resident = (sessionId) => follower.resident(sessionId);
  await follower.start();
  console.log(`following ${followed} (${source?.root ?? ''}): ${follower.progress.groups_total.toLocaleString('en-US')} transcripts to read, newest first`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void Promise.all([follower?.close(), simulator.close()]).then(() => process.exit(0));
  });
}
