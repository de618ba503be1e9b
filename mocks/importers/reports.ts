// The import report of each file: what it holds (counts), what was passed over and why, its
// unreadable lines, warnings, and how the simulator's estimate before each recorded call compares
// with the usage the file records.

import { baseName } from '../../src/domain/transcripts/common';
import type { TranscriptFormat } from '../../src/domain/transcripts/formats';
import { countTranscript } from '../../src/domain/transcripts/transcript-checks';
import type { ImportedTranscript, ImportResult } from '../../src/domain/transcripts/types';
import type { ImportFileReport, ImportTokenFigures } from '../../src/domain/contract/simulator-imports';
import { errorFigures } from './token-profile';

export interface SourceFile {
  /** The name as given: a relative path for a folder ("proj/abc/subagents/agent-1.jsonl"), else the file name. */
  name: string;
  text: string;
  bytes: number;
  sha256: string;
}

/** A file's counts, as the import report in the contract names them. */
export type FileCounts = ImportFileReport['counts'];

/**
 * The estimate against the recorded input (the contract's ImportTokenFigures): base_tokens from the
 * first recorded call, calls compared after it, median/p90 relative error, and the tokenizer's alone.
 */
export type TokenFigures = ImportTokenFigures;

export type FileRole = 'session' | 'subagent' | 'compaction_agent' | 'not_a_transcript';

export interface PreparedFile {
  file: string;
  bytes: number;
  sha256: string;
  format: TranscriptFormat | null;
  role: FileRole;
  counts: FileCounts;
  skipped: { reason: string; count: number }[];
  malformed: { line: number | null; where: string | null; reason: string }[];
  warnings: string[];
  tokens: TokenFigures | null;
  /** Set when the file cannot be imported (not a transcript, nothing in it, …). */
  error: string | null;
}

export const EMPTY_COUNTS: FileCounts = { sessions: 0, agents: 0, messages: 0, tool_exchanges: 0, tool_calls: 0, parallel_calls: 0, recorded_compactions: 0, recorded_calls: 0 };

function fileBase(f: SourceFile): Omit<PreparedFile, 'role' | 'format'> {
  return { file: f.name, bytes: f.bytes, sha256: f.sha256, counts: { ...EMPTY_COUNTS }, skipped: [], malformed: [], warnings: [], tokens: null, error: null };
}

export function refused(f: SourceFile, format: TranscriptFormat | null, error: string): PreparedFile {
  return { ...fileBase(f), format, role: 'not_a_transcript', error };
}

function windowCounts(t: ImportedTranscript, sessions: number): FileCounts {
  const c = countTranscript(t);
  return {
    sessions,
    agents: 1,
    messages: c.messages,
    tool_exchanges: c.toolUseMessages,
    tool_calls: c.toolCalls,
    parallel_calls: c.parallelMessages,
    recorded_compactions: c.compactions,
    recorded_calls: t.messages.filter((m) => m.usage !== null).length,
  };
}

function tokenFigures(t: ImportedTranscript): TokenFigures | null {
  const profile = t.token_profile;
  if (!profile || profile.base_source === 'none') return null;
  const later = profile.turns.slice(1);
  const est = errorFigures(later.map((x) => ({ estimate: x.estimate, recorded: x.recorded })));
  const content = errorFigures(later.map((x) => ({ estimate: x.content_estimate, recorded: x.recorded })));
  return { base_tokens: profile.base_tokens, calls: est.count, median_error: est.median, p90_error: est.p90, content_median_error: content.median, content_p90_error: content.p90 };
}

/** The reports of a unit's files, from the import result (skips and malformed lines by the file they came from). */
export function reportsOf(result: ImportResult, main: SourceFile, role: FileRole, joined: SourceFile[], acompact: SourceFile[]): PreparedFile[] {
  const t = result.transcript;
  const skipsOf = (name: string) =>
    Object.entries(result.skippedByFile?.[name] ?? (name === main.name ? result.skipped : {}))
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count);
  const byFile = (name: string) => result.malformed.filter((m) => m.file === baseName(name) || m.file === name).map(({ line, where, reason }) => ({ line, where, reason }));
  const warningsOf = (name: string) => result.warnings.filter((w) => w.startsWith(`${baseName(name)}:`) || w.startsWith(`${name}:`));
  const mainReport: PreparedFile = {
    ...fileBase(main),
    format: t.format,
    role,
    counts: { ...windowCounts(t, 1), agents: 1 + t.subagents.length },
    skipped: skipsOf(main.name),
    malformed: byFile(main.name),
    warnings: result.warnings.filter((w) => !joined.some((j) => warningsOf(j.name).includes(w)) && !acompact.some((a) => warningsOf(a.name).includes(w))),
    tokens: tokenFigures(t),
  };
  const subReports = joined.map((f): PreparedFile => {
    const window = t.subagents.find((s) => s.source_file === baseName(f.name));
    return {
      ...fileBase(f),
      format: t.format,
      role: 'subagent',
      counts: window ? windowCounts(window, 0) : { ...EMPTY_COUNTS },
      skipped: skipsOf(f.name),
      malformed: byFile(f.name),
      warnings: warningsOf(f.name),
      tokens: window ? tokenFigures(window) : null,
      error: window ? null : (warningsOf(f.name)[0] ?? 'no conversation in this subagent file'),
    };
  });
  const compactionReports = acompact.map((f): PreparedFile => ({ ...fileBase(f), format: t.format, role: 'compaction_agent', skipped: skipsOf(f.name), malformed: byFile(f.name), warnings: warningsOf(f.name) }));
  return [mainReport, ...subReports, ...compactionReports];
}
