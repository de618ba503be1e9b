// Transcript imports (simulator only): an async job per request with progress and a report per
// file; each transcript becomes a session of the simulated daemon, exactly as the fixtures are
// seeded. Identity is content: a session's id is derived from the SHA-256 of the file that names
// it, so two runs of the same task never collide, and the same bytes imported again change
// nothing (the report says so). Jobs and the registry of imported files live in the Store as
// plain data.

import type { ImportFileReport, ImportJob } from '../../src/features/imports/lib/simulator-imports';
import { EXPECTED_FORMATS, prepareImport, readSources, type PreparedFile, type PreparedImport, type PreparedUnit } from '../importers/prepare';
import { baseName } from '../importers/common';
import type { Store } from '../store/store';
import type { SessionState } from '../store/types';
import { addTranscriptAgent, seedTranscriptSession } from './seed';
import { toSummary } from './views';

export interface RawFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** Turns raw files into prepared units, reporting progress in bytes of text parsed. Swappable (a Web Worker in the browser). */
export type ImportPreparer = (files: readonly RawFile[], onProgress: (charsDone: number) => void) => Promise<PreparedImport>;

export const MAX_FILE_BYTES = 200 * 1024 * 1024;
export const IMPORTED_PROJECT = { id: 'imported', name: 'Imported transcripts' };
const MAX_MALFORMED_LISTED = 50;
const JOBS_LISTED = 20;

/** Yields to the event loop (a macrotask), so the thread can paint and answer requests in between. */
export function macrotask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** In-thread preparation, a slice at a time (Node: the loopback server and the CLI; tests). */
export const prepareInThread: ImportPreparer = async (files, onProgress) =>
  prepareImport(await readSources(files), { pause: macrotask, onProgress });

/** The session id a file's content names. */
export function importedSessionId(sha256: string): string {
  return `ses_${sha256.slice(0, 16)}`;
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${fmt(n)} ${n === 1 ? one : many}`;
}

function report(f: PreparedFile, outcome: ImportFileReport['outcome'], sessionId: string | null, agentPath: string | null, message: string): ImportFileReport {
  return {
    file: f.file,
    bytes: f.bytes,
    sha256: f.sha256,
    format: f.format,
    role: f.role,
    outcome,
    session_id: sessionId,
    agent_path: agentPath,
    message,
    counts: f.counts,
    skipped: f.skipped.filter((s) => s.count > 0),
    malformed: f.malformed.slice(0, MAX_MALFORMED_LISTED),
    malformed_total: f.malformed.length,
    warnings: f.warnings,
    tokens: f.tokens,
  };
}

function importedMessage(f: PreparedFile, session: SessionState): string {
  const c = f.counts;
  const parts = [
    plural(c.agents, 'agent'),
    plural(c.messages, 'message'),
    `${plural(c.tool_exchanges, 'tool exchange')} (${fmt(c.parallel_calls)} with parallel calls)`,
    plural(c.recorded_compactions, 'recorded compaction'),
  ];
  const malformed = f.malformed.length > 0 ? `; ${plural(f.malformed.length, 'unreadable line')} skipped` : '';
  return `Imported as ${session.id} “${session.title}”: ${parts.join(', ')}${malformed}.`;
}

function newJob(store: Store, files: readonly RawFile[]): ImportJob {
  const bytes = files.reduce((n, f) => n + f.bytes.byteLength, 0);
  const job: ImportJob = {
    id: store.nextId('imp'),
    state: 'running',
    created_at: new Date().toISOString(),
    finished_at: null,
    progress: { phase: 'reading', fraction: 0, bytes_done: 0, bytes_total: bytes, files_done: 0, files_total: files.length },
    files: [],
    sessions: [],
    error: null,
  };
  store.imports.jobs.push(job);
  return job;
}

function remember(store: Store, f: PreparedFile, sessionId: string, agentPath: string, jobId: string): void {
  store.imports.files[f.sha256] = { session_id: sessionId, agent_path: agentPath, file: f.file, imported_at: new Date().toISOString(), job_id: jobId };
}

function alreadyImported(store: Store, f: PreparedFile, seenInJob: Set<string>): ImportFileReport | null {
  const known = store.imports.files[f.sha256];
  if (known && store.session(known.session_id)) {
    const again = seenInJob.has(f.sha256) ? 'the same file was given twice' : `same content as ${known.file}, imported ${known.imported_at.slice(0, 16).replace('T', ' ')}`;
    return report(f, 'already_imported', known.session_id, known.agent_path, `Already imported as ${known.session_id} (${again}); nothing changed.`);
  }
  return null;
}

/**
 * Seeds one unit (a session with its subagent files, or a lone file) into the store; its reports.
 * A session file seen before keeps its session; subagent files not seen before join it.
 */
function applyUnit(store: Store, unit: PreparedUnit, job: ImportJob, seenInJob: Set<string>): ImportFileReport[] {
  const [main, ...rest] = unit.files;
  if (!main) return [];
  const out: ImportFileReport[] = [];
  const existing = alreadyImported(store, main, seenInJob);
  seenInJob.add(main.sha256);
  let session: SessionState | undefined;
  if (existing) {
    out.push(existing);
    session = store.session(existing.session_id ?? '');
  } else {
    if (!store.projects.has(IMPORTED_PROJECT.id)) store.projects.set(IMPORTED_PROJECT.id, { ...IMPORTED_PROJECT });
    session = seedTranscriptSession(store, { ...unit.transcript, subagents: [] }, { id: importedSessionId(unit.sha256), project_id: IMPORTED_PROJECT.id });
    remember(store, main, session.id, 'primary', job.id);
    const standalone = main.role === 'subagent';
    const message = standalone
      ? `Imported on its own as ${session.id}: its session was not among the files (see the warning).`
      : importedMessage(main, session);
    out.push(report(main, standalone ? 'imported_standalone' : 'imported', session.id, 'primary', message));
  }
  for (const f of rest) {
    const again = alreadyImported(store, f, seenInJob);
    seenInJob.add(f.sha256);
    if (again) {
      out.push(again);
      continue;
    }
    if (!session) continue;
    if (f.role === 'compaction_agent') {
      remember(store, f, session.id, 'primary', job.id);
      out.push(report(f, 'joined', session.id, 'primary', `The compaction agent's own call of ${session.id}: it gives the recorded compaction its summarizer model and usage.`));
      continue;
    }
    const window = unit.transcript.subagents.find((s) => s.source_file === baseName(f.file));
    if (!window || f.error) {
      out.push(report(f, 'rejected', session.id, null, f.error ?? `${f.file}: no conversation in this subagent file`));
      continue;
    }
    const agent = addTranscriptAgent(store, session, window);
    remember(store, f, session.id, agent.agent_path, job.id);
    out.push(report(f, 'joined', session.id, agent.agent_path, `Subagent window of ${session.id} (agent ${agent.agent_path}): ${plural(f.counts.messages, 'message')}.`));
  }
  return out;
}

function rejectedReport(f: PreparedFile): ImportFileReport {
  return report(f, 'rejected', null, null, f.error ?? `${f.file}: not imported. Expected ${EXPECTED_FORMATS}.`);
}

/** The reports in the order the files were given. */
function inGivenOrder(files: readonly RawFile[], reports: ImportFileReport[]): ImportFileReport[] {
  const order = new Map(files.map((f, i) => [f.name, i]));
  return [...reports].sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0));
}

/** Adds what was prepared to the store, synchronously (startup imports; the last step of a job). */
export function applyPrepared(store: Store, prepared: PreparedImport, job: ImportJob, files: readonly RawFile[]): void {
  const clock = store.clock;
  const seen = new Set<string>();
  const reports: ImportFileReport[] = [];
  try {
    for (const unit of prepared.units) {
      reports.push(...applyUnit(store, unit, job, seen));
      job.progress.files_done = Math.min(job.progress.files_total, reports.length);
    }
  } finally {
    store.clock = clock;
  }
  reports.push(...prepared.rejected.map(rejectedReport));
  job.files = inGivenOrder(files, reports);
  job.sessions = [...new Set(reports.flatMap((r) => (r.session_id ? [r.session_id] : [])))];
  for (const id of job.sessions) {
    const session = store.session(id);
    if (session) store.publish('session.updated', id, { session: toSummary(session) });
  }
}

function finish(job: ImportJob): void {
  job.state = 'done';
  job.finished_at = new Date().toISOString();
  job.progress = { ...job.progress, phase: 'done', fraction: 1, bytes_done: job.progress.bytes_total, files_done: job.progress.files_total };
}

/** Files too large to import are reported, never read. */
function oversized(files: readonly RawFile[]): { ok: RawFile[]; refused: PreparedFile[] } {
  const ok: RawFile[] = [];
  const refused: PreparedFile[] = [];
  for (const f of files) {
    if (f.bytes.byteLength <= MAX_FILE_BYTES) ok.push(f);
    else
      refused.push({
        file: f.name,
        bytes: f.bytes.byteLength,
        sha256: '0'.repeat(64),
        format: null,
        role: 'not_a_transcript',
        counts: { sessions: 0, agents: 0, messages: 0, tool_exchanges: 0, tool_calls: 0, parallel_calls: 0, recorded_compactions: 0, recorded_calls: 0 },
        skipped: [],
        malformed: [],
        warnings: [],
        tokens: null,
        error: `${f.name}: ${fmt(f.bytes.byteLength)} bytes is more than the simulator imports (${fmt(MAX_FILE_BYTES)} bytes).`,
        standalone: false,
      });
  }
  return { ok, refused };
}

/**
 * Starts an import job and answers at once with it; the job runs on (parse, count, seed) and its
 * progress and reports are read with importJob(). `currentStore` tells whether the simulator was
 * reset meanwhile (the job then fails instead of writing into a store nobody reads).
 */
export function startImport(store: Store, files: readonly RawFile[], prepare: ImportPreparer, currentStore: () => Store = () => store): ImportJob {
  const job = newJob(store, files);
  const { ok, refused } = oversized(files);
  const chars = Math.max(1, ok.reduce((n, f) => n + f.bytes.byteLength, 0));
  void (async () => {
    try {
      job.progress.phase = 'parsing';
      const prepared = await prepare(ok, (done) => {
        job.progress.bytes_done = Math.min(job.progress.bytes_total, Math.round((done / chars) * job.progress.bytes_total));
        job.progress.fraction = Math.min(0.9, (done / chars) * 0.9);
      });
      if (currentStore() !== store) throw new Error('the simulator was reset during the import; import the files again');
      job.progress.phase = 'seeding';
      job.progress.fraction = 0.9;
      await macrotask();
      applyPrepared(store, { units: prepared.units, rejected: [...prepared.rejected, ...refused] }, job, files);
      finish(job);
    } catch (err) {
      job.state = 'failed';
      job.finished_at = new Date().toISOString();
      job.error = `The import failed: ${err instanceof Error ? err.message : String(err)}`;
    }
  })();
  return job;
}

/** Runs an import to the end (startup folder import, tests): the finished job. */
export async function importFiles(store: Store, files: readonly RawFile[], prepare: ImportPreparer = prepareInThread): Promise<ImportJob> {
  const job = startImport(store, files, prepare);
  while (job.state === 'running') await macrotask();
  return job;
}

export function importJob(store: Store, id: string): ImportJob | undefined {
  return store.imports.jobs.find((j) => j.id === id);
}

export function recentJobs(store: Store): ImportJob[] {
  return store.imports.jobs.slice(-JOBS_LISTED).reverse();
}

/** A startup import (CLI folder) prepared once and applied to every freshly seeded store, synchronously. */
export interface StartupImport {
  files: RawFile[];
  prepared: PreparedImport;
}

export function applyStartupImport(store: Store, startup: StartupImport): ImportJob {
  const job = newJob(store, startup.files);
  applyPrepared(store, startup.prepared, job, startup.files);
  finish(job);
  return job;
}
