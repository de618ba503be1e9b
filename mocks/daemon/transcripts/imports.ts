// Transcript imports (simulator only): an async job per request with progress and a report per
// file; each transcript becomes a session of the simulated daemon, exactly as the fixtures are
// seeded. Identity is content: a session's id is derived from the SHA-256 of the file that names
// it, so two runs of the same task never collide, and the same bytes imported again change
// nothing (the report says so). Jobs and the registry of imported files live in the Store as
// plain data.

import type { ImportFileReport, ImportJob } from '../../../src/domain/contract/simulator-imports';
import { baseName } from '../../../src/domain/transcripts/common';
import { EXPECTED_FORMATS } from '../../../src/domain/transcripts/formats';
import type { PreparedFile } from '../../importers/reports';
import type { PreparedUnit } from '../../importers/units';
import { prepareUpload, type ImportUpload, type PreparedUpload, type RawFile } from '../../importers/upload';
import type { Store } from '../../store/store';
import type { SessionState } from '../../store/types';
import { addTranscriptAgentSteps, drain, seedTranscriptSessionSteps } from './transcript-session';
import { toSummary } from '../read-models/views';

export { MAX_FILE_BYTES, type ImportUpload, type RawFile } from '../../importers/upload';

/** Reads, parses, imports and counts an upload (progress 0…1). Swappable: a Web Worker in the browser. */
export type ImportPreparer = (upload: ImportUpload, onProgress: (fraction: number) => void) => Promise<PreparedUpload>;

export const IMPORTED_PROJECT = { id: 'imported', name: 'Imported transcripts' };
const MAX_MALFORMED_LISTED = 50;
const JOBS_LISTED = 20;

/** Yields to the event loop (a macrotask), so the thread can paint and answer requests in between. */
export function macrotask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** In-thread preparation, a slice at a time (Node: the loopback server and the CLI; tests). */
export const prepareInThread: ImportPreparer = (upload, onProgress) => prepareUpload(upload, macrotask, onProgress);

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

function newJob(store: Store, bytes: number, files: number): ImportJob {
  const job: ImportJob = {
    id: store.nextId('imp'),
    state: 'running',
    created_at: new Date().toISOString(),
    finished_at: null,
    progress: { phase: 'reading', fraction: 0, bytes_done: 0, bytes_total: bytes, files_done: 0, files_total: files },
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
function* applyUnit(store: Store, unit: PreparedUnit, job: ImportJob, seenInJob: Set<string>): Generator<void, ImportFileReport[]> {
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
    session = yield* seedTranscriptSessionSteps(store, { ...unit.transcript, subagents: [] }, { id: importedSessionId(unit.sha256), project_id: IMPORTED_PROJECT.id });
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
    const agent = yield* addTranscriptAgentSteps(store, session, window);
    remember(store, f, session.id, agent.agent_path, job.id);
    out.push(report(f, 'joined', session.id, agent.agent_path, `Subagent window of ${session.id} (agent ${agent.agent_path}): ${plural(f.counts.messages, 'message')}.`));
  }
  return out;
}

function rejectedReport(f: PreparedFile): ImportFileReport {
  return report(f, 'rejected', null, null, f.error ?? `${f.file}: not imported. Expected ${EXPECTED_FORMATS}.`);
}

/** The reports in the order the files were given. */
function inGivenOrder(given: readonly { name: string }[], reports: ImportFileReport[]): ImportFileReport[] {
  const order = new Map(given.map((f, i) => [f.name, i]));
  return [...reports].sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0));
}

/**
 * Adds what was prepared to the store, a slice of messages per step (a job pauses between steps;
 * a startup import drains them). The daemon's clock follows each transcript while it is replayed:
 * the driver hands the wall clock back between steps.
 */
export function* applyPreparedSteps(store: Store, upload: PreparedUpload, job: ImportJob): Generator<void, void> {
  const { prepared, given } = upload;
  const seen = new Set<string>();
  const reports: ImportFileReport[] = [];
  const total = Math.max(1, prepared.units.length);
  for (const [k, unit] of prepared.units.entries()) {
    reports.push(...(yield* applyUnit(store, unit, job, seen)));
    job.progress.files_done = Math.min(job.progress.files_total, reports.length);
    job.progress.fraction = 0.8 + (0.2 * (k + 1)) / total;
  }
  reports.push(...prepared.rejected.map(rejectedReport));
  job.files = inGivenOrder(given, reports);
  job.sessions = [...new Set(reports.flatMap((r) => (r.session_id ? [r.session_id] : [])))];
  for (const id of job.sessions) {
    const session = store.session(id);
    if (session) store.publish('session.updated', id, { session: toSummary(store, session) });
  }
}

function finish(job: ImportJob): void {
  job.state = 'done';
  job.finished_at = new Date().toISOString();
  job.progress = { ...job.progress, phase: 'done', fraction: 1, bytes_done: job.progress.bytes_total, files_done: job.progress.files_total };
}

/** Runs steps with the wall clock restored and the thread yielded between them. */
async function runSteps(store: Store, steps: Generator<void, void>): Promise<void> {
  const wall = store.clock;
  try {
    for (;;) {
      const next = steps.next();
      store.clock = wall;
      if (next.done) return;
      await macrotask();
    }
  } finally {
    store.clock = wall;
  }
}

function uploadBytes(upload: ImportUpload): { bytes: number; files: number } {
  if ('files' in upload) return { bytes: upload.files.reduce((n, f) => n + f.bytes.byteLength, 0), files: upload.files.length };
  return { bytes: upload.multipart.byteLength, files: 0 };
}

/**
 * Starts an import job and answers at once with it; the job runs on (read, parse and count, seed)
 * and its progress and reports are read with importJob(). `currentStore` tells whether the
 * simulator was reset meanwhile (the job then fails instead of writing into a store nobody reads).
 */
export function startImport(store: Store, upload: ImportUpload, prepare: ImportPreparer, currentStore: () => Store = () => store): ImportJob {
  const size = uploadBytes(upload);
  const job = newJob(store, size.bytes, size.files);
  void (async () => {
    try {
      job.progress.phase = 'parsing';
      const prepared = await prepare(upload, (fraction) => {
        job.progress.fraction = Math.min(0.8, fraction * 0.8);
        job.progress.bytes_done = Math.round(fraction * job.progress.bytes_total);
      });
      if (currentStore() !== store) throw new Error('the simulator was reset during the import; import the files again');
      job.progress.phase = 'seeding';
      job.progress.files_total = prepared.given.length;
      job.progress.fraction = 0.8;
      await runSteps(store, applyPreparedSteps(store, prepared, job));
      finish(job);
    } catch (err) {
      job.state = 'failed';
      job.finished_at = new Date().toISOString();
      job.error = `The import failed: ${err instanceof Error ? err.message : String(err)}`;
    }
  })();
  return job;
}

/** Runs an import to the end (tests, benchmarks): the finished job. */
export async function importFiles(store: Store, files: RawFile[], prepare: ImportPreparer = prepareInThread): Promise<ImportJob> {
  const job = startImport(store, { files }, prepare);
  while (job.state === 'running') await macrotask();
  return job;
}

export function importJob(store: Store, id: string): ImportJob | undefined {
  return store.imports.jobs.find((j) => j.id === id);
}

export function recentJobs(store: Store): ImportJob[] {
  return store.imports.jobs.slice(-JOBS_LISTED).reverse();
}

/** A startup import (CLI folder), prepared once and applied to every freshly seeded store, synchronously. */
export type StartupImport = PreparedUpload;

export function applyStartupImport(store: Store, startup: StartupImport): ImportJob {
  const job = newJob(store, startup.given.reduce((n, f) => n + f.bytes, 0), startup.given.length);
  const wall = store.clock;
  try {
    drain(applyPreparedSteps(store, startup, job));
  } finally {
    store.clock = wall;
  }
  finish(job);
  return job;
}
