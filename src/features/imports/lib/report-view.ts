/**
 * One file's import report as the dialog shows it: an outcome the operator reads at a glance, the
 * figures, what was skipped and why, the malformed lines, the warnings, and where the session is.
 * Every string here comes from the file or the simulator: the components render it as text.
 */
import { formatName } from '../../../domain/transcripts/formats';
import type { ImportFileReport } from '../../../domain/contract/simulator-imports';

export type ReportTone = 'ok' | 'warn' | 'danger' | 'neutral';

export interface ReportView {
  file: string;
  tone: ReportTone;
  /** "Imported", "Added to its session", "Already imported", … */
  outcome: string;
  /** The simulator's own sentence: what happened, or why not (a non-transcript names the formats expected). */
  message: string;
  /** "Claude Code", "Codex CLI", "Gemini CLI", "OpenAI chat", or null when the format was not recognised. */
  format: string | null;
  /** Label → figure, only for a file that was read as a transcript. */
  figures: { label: string; value: number }[];
  skipped: string[];
  malformed: string[];
  warnings: string[];
  sessionId: string | null;
  agentPath: string | null;
}

const OUTCOMES: Record<ImportFileReport['outcome'], { label: string; tone: ReportTone }> = {
  imported: { label: 'Imported', tone: 'ok' },
  joined: { label: 'Added to its session', tone: 'ok' },
  imported_standalone: { label: 'Imported on its own', tone: 'warn' },
  already_imported: { label: 'Already imported', tone: 'neutral' },
  rejected: { label: 'Not imported', tone: 'danger' },
};

function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

export function reportView(r: ImportFileReport): ReportView {
  const outcome = OUTCOMES[r.outcome];
  const read = r.format !== null && r.role !== 'not_a_transcript';
  const c = r.counts;
  const figures = read
    ? [
        { label: 'Sessions', value: c.sessions },
        { label: 'Agents', value: c.agents },
        { label: 'Messages', value: c.messages },
        { label: 'Tool exchanges', value: c.tool_exchanges },
        { label: 'Parallel calls', value: c.parallel_calls },
        { label: 'Recorded compactions', value: c.recorded_compactions },
      ]
    : [];
  const malformed = r.malformed.map((m) => `${m.line !== null ? `Line ${m.line.toLocaleString('en-US')}` : (m.where ?? 'Somewhere')}: ${m.reason}`);
  if (r.malformed_total > r.malformed.length) malformed.push(`… and ${(r.malformed_total - r.malformed.length).toLocaleString('en-US')} more`);
  return {
    file: r.file,
    tone: outcome.tone === 'ok' && (r.malformed_total > 0 || r.warnings.length > 0) ? 'warn' : outcome.tone,
    outcome: outcome.label,
    message: r.message,
    format: r.format ? formatName(r.format) : null,
    figures,
    skipped: r.skipped.map((s) => `${count(s.count, 'record')} skipped: ${s.reason}`),
    malformed,
    warnings: r.warnings,
    sessionId: r.session_id,
    agentPath: r.agent_path,
  };
}

/** One line over the whole job: "2 sessions imported, 1 file already imported, 1 not imported". */
export function jobSummary(reports: readonly ImportFileReport[]): string {
  const by = (o: ImportFileReport['outcome']) => reports.filter((r) => r.outcome === o).length;
  const sessions = by('imported') + by('imported_standalone');
  const parts = [
    sessions > 0 ? `${count(sessions, 'session')} imported` : null,
    by('joined') > 0 ? `${count(by('joined'), 'file')} added to ${by('joined') === 1 ? 'its session' : 'their sessions'}` : null,
    by('already_imported') > 0 ? `${count(by('already_imported'), 'file')} already imported` : null,
    by('rejected') > 0 ? `${count(by('rejected'), 'file')} not imported` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(', ') : 'No files';
}

/** The sessions the job touched, each once, in the order the reports name them. */
export function importedSessions(reports: readonly ImportFileReport[]): string[] {
  return [...new Set(reports.flatMap((r) => (r.session_id ? [r.session_id] : [])))];
}
