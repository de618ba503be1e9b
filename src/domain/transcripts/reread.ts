// What a compaction cost afterwards: the read-like calls an agent made in the turns after a
// recorded compaction that repeat a call it had made before it, in the same context (same tool,
// same key argument: tool-access.ts), and the tokens of their results. Two kinds are left out of
// the adjusted figure, and counted: a file written since its last read (reading it again was
// needed anyway), and a read made right before an edit of the same file (Claude Code refuses to
// edit a file not read in the current context). The same measure at points with no compaction is
// the baseline the figure compares with.
//
// "Turns" are assistant responses. The context before a point runs from the previous recorded
// compaction (or the start); the window after it is `window` turns, cut at the next compaction.
// Result tokens are the sizes the caller gives per message (the token profile's, calibrated on the
// recorded usage), so every screen shows the same figure.

import { samePath, toolAccess, within, type ToolAccess } from './tool-access';
import type { ImportedTranscript } from './types';

export interface ToolCallAccess {
  message_index: number;
  /** Index in messages[] of the tool message answering it; null when nothing answers it. */
  result_index: number | null;
  /** Assistant turn (0-based) of the call. */
  turn: number;
  call_id: string;
  tool: string;
  access: ToolAccess;
  /** Tokens of its result in the context. */
  tokens: number;
}

export type RereadExclusion = 'written_since_read' | 'read_before_edit';

export interface RereadCall {
  message_index: number;
  result_index: number | null;
  call_id: string;
  tool: string;
  key: string;
  file: string | null;
  tokens: number;
  /** Why it is left out of the adjusted figure; null when it counts. */
  excluded: RereadExclusion | null;
  /** Whether the compaction's summary names the file; null without a readable summary or a file. */
  in_summary: boolean | null;
}

export interface RereadFigures {
  raw: { calls: number; tokens: number };
  adjusted: { calls: number; tokens: number; files: number };
  excluded: Record<RereadExclusion, number>;
  /** Read-like calls in the two windows whose arguments could not be read (redacted, not JSON). */
  not_understood: number;
  /** Turns the window after the point really had (fewer than asked at a session's end or a next compaction). */
  window_turns: number;
  calls: RereadCall[];
}

export interface CompactionReread extends RereadFigures {
  compaction_index: number;
  boundary_index: number;
  /** Adjusted re-reads of files the readable summary does not name; null when the summary is not readable. */
  not_in_summary: { files: number; tokens: number } | null;
}

export interface RereadBaseline {
  /** Points measured: turns with a full window after them and no compaction in it. */
  points: number;
  /** Mean per point. */
  raw: { calls: number; tokens: number };
  adjusted: { calls: number; tokens: number };
}

/** Turns of the window after a point unless asked otherwise. */
export const REREAD_WINDOW_TURNS = 20;
/** A read this many turns or fewer before an edit of the same file (nothing else touching it between) is the edit's read. */
const READ_BEFORE_EDIT_TURNS = 2;

/** Every tool call of a transcript with what it accesses and its result's size (sizes: per message, e.g. the token profile's). */
export function toolCallAccesses(t: ImportedTranscript, sizes: readonly number[]): ToolCallAccess[] {
  const answers = new Map<string, number>();
  t.messages.forEach((m, i) => {
    if (m.role === 'tool' && m.tool_call_id !== null && !answers.has(m.tool_call_id)) answers.set(m.tool_call_id, i);
  });
  const out: ToolCallAccess[] = [];
  let turn = -1;
  t.messages.forEach((m, i) => {
    if (m.role !== 'assistant') return;
    turn++;
    for (const c of m.tool_calls) {
      const result = answers.get(c.id) ?? null;
      out.push({ message_index: i, result_index: result, turn, call_id: c.id, tool: c.name, access: toolAccess(c.name, c.arguments), tokens: result === null ? 0 : (sizes[result] ?? 0) });
    }
  });
  return out;
}

/** The assistant turn of each message index: the number of assistant messages before it. */
function turnAt(t: ImportedTranscript, index: number): number {
  let n = 0;
  for (let i = 0; i < Math.min(index, t.messages.length); i++) if (t.messages[i]?.role === 'assistant') n++;
  return n;
}

/** Same tool and same key argument; file reads match by path (samePath). */
function repeats(a: ToolCallAccess, b: ToolCallAccess): boolean {
  if (a.tool !== b.tool || !b.access.readLike) return false;
  if (a.access.file !== null && b.access.file !== null) return samePath(a.access.file, b.access.file);
  return a.access.key === b.access.key;
}

/** Whether writes change what a look at `paths` sees (no paths: the whole workspace). */
const changes = (writes: readonly string[], paths: readonly string[]): boolean => writes.some((w) => paths.length === 0 || paths.some((p) => within(w, p)));

/** Whether a summary names a file: its path or its file name. */
export function summaryNames(summary: string, file: string): boolean {
  const base = file.split('/').pop() ?? file;
  return summary.includes(file) || (base !== '' && summary.includes(base));
}

/** Why a repeated read at calls[ai] (its last earlier read at calls[bi]) does not count; null when it does. */
function exclusion(calls: readonly ToolCallAccess[], bi: number, ai: number): RereadExclusion | null {
  const a = calls[ai]!;
  for (let j = bi + 1; j < ai; j++) if (changes(calls[j]!.access.writes, a.access.paths)) return 'written_since_read';
  const file = a.access.file;
  if (file === null) return null;
  for (let j = ai + 1; j < calls.length && calls[j]!.turn - a.turn <= READ_BEFORE_EDIT_TURNS; j++) {
    const c = calls[j]!.access;
    if (c.writes.some((w) => samePath(w, file))) return 'read_before_edit';
    if (c.paths.some((p) => samePath(p, file))) return null;
  }
  return null;
}

/** The measure at the point before turn `from`, with the context starting at turn `contextStart`, the window ending before turn `until`. */
function measureAt(calls: readonly ToolCallAccess[], contextStart: number, from: number, until: number, summary: string | null): RereadFigures {
  const out: RereadFigures = { raw: { calls: 0, tokens: 0 }, adjusted: { calls: 0, tokens: 0, files: 0 }, excluded: { written_since_read: 0, read_before_edit: 0 }, not_understood: 0, window_turns: until - from, calls: [] };
  const first = calls.findIndex((c) => c.turn >= contextStart);
  if (first < 0) return out;
  const files = new Set<string>();
  for (let ai = first; ai < calls.length && calls[ai]!.turn < until; ai++) {
    const a = calls[ai]!;
    if (!a.access.understood) out.not_understood++;
    if (a.turn < from || !a.access.readLike || a.access.key === null) continue;
    let bi = -1;
    for (let j = ai - 1; j >= first; j--) {
      if (calls[j]!.turn < from && repeats(a, calls[j]!)) {
        bi = j;
        break;
      }
    }
    if (bi < 0) continue;
    const excluded = exclusion(calls, bi, ai);
    const inSummary = summary !== null && a.access.file !== null ? summaryNames(summary, a.access.file) : null;
    out.calls.push({ message_index: a.message_index, result_index: a.result_index, call_id: a.call_id, tool: a.tool, key: a.access.key, file: a.access.file, tokens: a.tokens, excluded, in_summary: inSummary });
    out.raw.calls++;
    out.raw.tokens += a.tokens;
    if (excluded) out.excluded[excluded]++;
    else {
      out.adjusted.calls++;
      out.adjusted.tokens += a.tokens;
      if (a.access.file !== null) files.add(a.access.file);
    }
  }
  out.adjusted.files = files.size;
  return out;
}

/** The context segments of a transcript: turns from each compaction (or the start) to the next. */
function segments(t: ImportedTranscript): { start: number; end: number }[] {
  const total = turnAt(t, t.messages.length);
  const cuts = t.compactions.map((c) => turnAt(t, c.boundary_index));
  return [0, ...cuts].map((start, k) => ({ start, end: cuts[k] ?? total }));
}

/** The re-read measure after each recorded compaction of a transcript (one agent window). */
export function rereadAfterCompactions(t: ImportedTranscript, sizes: readonly number[], window = REREAD_WINDOW_TURNS): CompactionReread[] {
  const calls = toolCallAccesses(t, sizes);
  const segs = segments(t);
  return t.compactions.map((c, k) => {
    const from = segs[k + 1]!.start;
    const until = Math.min(from + window, segs[k + 1]!.end);
    const summary = c.summary_status === 'recorded' ? c.summary : null;
    const figures = measureAt(calls, segs[k]!.start, from, until, summary);
    const missing = figures.calls.filter((r) => r.excluded === null && r.in_summary === false);
    return {
      compaction_index: k,
      boundary_index: c.boundary_index,
      ...figures,
      not_in_summary: summary === null ? null : { files: new Set(missing.map((r) => r.file)).size, tokens: missing.reduce((n, r) => n + r.tokens, 0) },
    };
  });
}

/** The same measure at every turn with no compaction in the window after it (and at least one turn before it in its context). */
export function rereadBaseline(t: ImportedTranscript, sizes: readonly number[], window = REREAD_WINDOW_TURNS): RereadBaseline {
  const calls = toolCallAccesses(t, sizes);
  const sums = { points: 0, rawCalls: 0, rawTokens: 0, calls: 0, tokens: 0 };
  for (const seg of segments(t)) {
    for (let from = seg.start + 1; from + window <= seg.end; from++) {
      const f = measureAt(calls, seg.start, from, from + window, null);
      sums.points++;
      sums.rawCalls += f.raw.calls;
      sums.rawTokens += f.raw.tokens;
      sums.calls += f.adjusted.calls;
      sums.tokens += f.adjusted.tokens;
    }
  }
  const mean = (n: number): number => (sums.points === 0 ? 0 : n / sums.points);
  return { points: sums.points, raw: { calls: mean(sums.rawCalls), tokens: mean(sums.rawTokens) }, adjusted: { calls: mean(sums.calls), tokens: mean(sums.tokens) } };
}
