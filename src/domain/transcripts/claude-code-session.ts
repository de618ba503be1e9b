// A Claude Code session with its subagent files: `A__subagents__B.jsonl` files join session A;
// `agent-acompact-*` files are the compaction agent's own call and give the model and usage of
// ImportedCompaction.summarizer (matched by time to the nearest boundary).

import { importClaudeCodeFile } from './claude-code';
import { anthropicModel, claudeUsage, realModel } from './claude-code-records';
import { baseName, objectOrNull, stringOrNull, tally } from './common';
import { malformedWarnings, parseJsonl, type ParsedJsonl } from './jsonl';
import type { ImportResult, ImportedCompaction, ImportedUsage, SkipCounts } from './types';

export interface SubagentFile {
  name: string;
  text: string;
}

const SUBAGENT_MARK = '__subagents__';

interface SummarizerCall {
  file: string;
  model: string;
  usage: ImportedUsage | null;
  endedAt: number;
}

/** Reads an acompact file: the model and usage of its last assistant record. */
function readSummarizerCall(file: ParsedJsonl, warnings: string[]): SummarizerCall | null {
  malformedWarnings(file, warnings);
  let model: string | null = null;
  let usage: ImportedUsage | null = null;
  let endedAt = Number.NaN;
  for (const { record } of file.lines) {
    if (record.type !== 'assistant') continue;
    const msg = objectOrNull(record.message);
    if (!msg) continue;
    model = realModel(msg.model) ?? model;
    usage = claudeUsage(msg.usage) ?? usage;
    const time = Date.parse(stringOrNull(record.timestamp) ?? '');
    if (!Number.isNaN(time)) endedAt = time;
  }
  if (model === null || Number.isNaN(endedAt)) {
    warnings.push(`${file.name}: compaction agent file without an assistant response; ignored`);
    return null;
  }
  return { file: file.name, model: anthropicModel(model), usage, endedAt };
}

export function isSubagentFileName(name: string): boolean {
  return baseName(name).includes(SUBAGENT_MARK);
}

/** "A__subagents__B.jsonl" -> "A.jsonl" (the session file it belongs to), else null. */
export function sessionFileOfSubagent(name: string): string | null {
  const base = baseName(name);
  const cut = base.indexOf(SUBAGENT_MARK);
  return cut < 0 ? null : `${base.slice(0, cut)}.jsonl`;
}

/** The compaction agent's own call: `A__subagents__agent-acompact-….jsonl`, or `agent-acompact-….jsonl` in a subagents/ folder. */
export function isCompactionAgentFileName(name: string): boolean {
  return /(^|__subagents__)agent-acompact[-_.]/.test(baseName(name));
}

/**
 * Imports a Claude Code session and its subagent files (`A__subagents__B.jsonl` of session A).
 * Compaction-agent files (`agent-acompact-*`) fill compactions[].summarizer; the others
 * become subagents[] (sorted by file name). Throws only if the main file has no conversation.
 */
export function importClaudeCode(mainJsonl: string, fileName: string, subagentFiles: SubagentFile[] = []): ImportResult {
  return importClaudeCodeParsed(
    parseJsonl(mainJsonl, fileName),
    subagentFiles.map((f) => parseJsonl(f.text, f.name)),
  );
}

/** importClaudeCode over files already read (parseJsonl / parseJsonlIncrementally). */
export function importClaudeCodeParsed(main: ParsedJsonl, subagentFiles: readonly ParsedJsonl[] = []): ImportResult {
  const warnings: string[] = [];
  const skippedByFile: Record<string, SkipCounts> = { [main.name]: {} };
  const { transcript, sessionId } = importClaudeCodeFile(main, warnings, skippedByFile[main.name] ?? {});

  const summarizerCalls: SummarizerCall[] = [];
  const sorted = [...subagentFiles].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const file of sorted) {
    const skipped: SkipCounts = {};
    skippedByFile[file.name] = skipped;
    if (isCompactionAgentFileName(file.name)) {
      const call = readSummarizerCall(file, warnings);
      if (call) summarizerCalls.push(call);
      continue;
    }
    try {
      const sub = importClaudeCodeFile(file, warnings, skipped);
      if (sessionId && sub.sessionId && sub.sessionId !== sessionId) {
        warnings.push(`${file.name}: sessionId ${sub.sessionId} differs from the session's ${sessionId}`);
      }
      transcript.subagents.push(sub.transcript);
    } catch (err) {
      warnings.push(`${file.name}: subagent skipped: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  // Each summarizer call finishes just before Claude Code writes its boundary: give it to
  // the unclaimed compaction whose boundary is nearest after the call's end.
  for (const call of summarizerCalls.sort((a, b) => a.endedAt - b.endedAt)) {
    let best: ImportedCompaction | null = null;
    let bestGap = Number.POSITIVE_INFINITY;
    for (const c of transcript.compactions) {
      if (c.summarizer) continue;
      const gap = Date.parse(c.created_at) - call.endedAt;
      if (gap >= -1000 && gap < bestGap) {
        best = c;
        bestGap = gap;
      }
    }
    if (best) best.summarizer = { model: call.model, usage: call.usage };
    else warnings.push(`${call.file}: no compaction boundary after this compaction call; ignored`);
  }

  const malformed = [main, ...subagentFiles].flatMap((f) => f.malformed);
  const skipped: SkipCounts = {};
  for (const counts of Object.values(skippedByFile)) for (const [reason, n] of Object.entries(counts)) tally(skipped, reason, n);
  return { transcript, warnings, skipped, skippedByFile, malformed };
}

/**
 * A subagent file imported without its session (the session file was not given): the subagent's
 * own window becomes the transcript, with a warning that says so. Returns the session id its
 * records name, so the caller can tell the operator which file was missing.
 */
export function importClaudeCodeSubagentAlone(file: ParsedJsonl): ImportResult & { parentSessionId: string | null } {
  const warnings: string[] = [];
  const skipped: SkipCounts = {};
  const { transcript, sessionId } = importClaudeCodeFile(file, warnings, skipped);
  warnings.unshift(
    `${file.name}: subagent file imported on its own: its session ${sessionId ? `(${sessionId}.jsonl) ` : ''}was not among the imported files`,
  );
  return { transcript, warnings, skipped, malformed: file.malformed, parentSessionId: sessionId };
}

/** Whether a parsed Claude Code file is a subagent's own window (its records carry agentId / isSidechain). */
export function isSubagentWindow(file: ParsedJsonl): boolean {
  const first = file.lines.find(({ record }) => record.type === 'user' || record.type === 'assistant');
  return first !== undefined && (typeof first.record.agentId === 'string' || first.record.isSidechain === true);
}
