/**
 * The simulated daemon's transcript import endpoints (simulator only, not the kaged API): their
 * shapes and a validator the import UI uses to tell "this daemon can import" (a valid
 * ImportCapability) from "it cannot" (404, or anything else), and to read job progress safely.
 * The JSON schema (simulator-imports.schema.json) is the one definition; the simulator's own
 * tests validate its answers against it over HTTP.
 */
import { importShapes } from './validators/imports.gen';

export type ImportFormatId = 'claude-code' | 'openai-chat' | 'codex-rollout' | 'gemini-cli';

export interface ImportCapability {
  available: true;
  formats: { id: ImportFormatId; label: string; extensions: string[] }[];
  expected: string;
  max_file_bytes: number;
  jobs: ImportJob[];
  follow?: 'command-line' | 'browser-folder';
}

export interface ImportProgress {
  phase: 'reading' | 'parsing' | 'seeding' | 'done';
  fraction: number;
  bytes_done: number;
  bytes_total: number;
  files_done: number;
  files_total: number;
}

export interface ImportTokenFigures {
  base_tokens: number;
  calls: number;
  median_error: number;
  p90_error: number;
  content_median_error: number;
  content_p90_error: number;
}

export interface ImportFileReport {
  file: string;
  bytes: number;
  sha256: string;
  format: ImportFormatId | null;
  role: 'session' | 'subagent' | 'compaction_agent' | 'not_a_transcript';
  outcome: 'imported' | 'joined' | 'imported_standalone' | 'already_imported' | 'rejected';
  session_id: string | null;
  agent_path: string | null;
  message: string;
  counts: {
    sessions: number;
    agents: number;
    messages: number;
    tool_exchanges: number;
    tool_calls: number;
    parallel_calls: number;
    recorded_compactions: number;
    recorded_calls: number;
  };
  skipped: { reason: string; count: number }[];
  malformed: { line: number | null; where: string | null; reason: string }[];
  malformed_total: number;
  warnings: string[];
  tokens: ImportTokenFigures | null;
}

export interface ImportJob {
  id: string;
  state: 'running' | 'done' | 'failed';
  created_at: string;
  finished_at: string | null;
  progress: ImportProgress;
  files: ImportFileReport[];
  sessions: string[];
  error: string | null;
}

export interface ImportJobEnvelope {
  job: ImportJob;
}

export { IMPORTS_PATH } from './simulator-imports-path';

type Definition = 'ImportCapability' | 'ImportJobEnvelope' | 'ImportJob' | 'ImportFileReport';

/** null when `value` matches the named shape, else the first problem ("/jobs/0/state must be equal to one of the allowed values"). */
export function importShapeProblem(name: Definition, value: unknown): string | null {
  // Compiled at build time (npm run gen:api): the browser's CSP forbids compiling a schema at run time.
  const v = importShapes[name];
  if (v === undefined) throw new Error(`no compiled validator for ${name}`);
  if (v(value)) return null;
  const e = v.errors?.[0];
  return e ? `${e.instancePath || '(root)'} ${e.message ?? 'does not match'}` : 'does not match';
}

export function isImportCapability(value: unknown): value is ImportCapability {
  return importShapeProblem('ImportCapability', value) === null;
}

export function isImportJobEnvelope(value: unknown): value is ImportJobEnvelope {
  return importShapeProblem('ImportJobEnvelope', value) === null;
}
