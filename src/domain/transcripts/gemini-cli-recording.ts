// Gemini CLI chat recordings (~/.gemini/tmp/<project hash>/chats/session-*.json[l]), replayed the
// way google-gemini/gemini-cli's own loader reads them (packages/core/src/services/
// chatRecordingService.ts, loadConversationRecord), with one difference: what a compression
// replaced is kept, because the transcript shows what happened.
//
// - The JSON recording (until April 2026): one ConversationRecord {sessionId, projectHash,
//   startTime, lastUpdated, messages[], summary?}, rewritten whole on every change.
// - The JSONL recording (f744913584, April 2026 on): a metadata line {sessionId, projectHash,
//   startTime, lastUpdated, kind?, directories?}, then one line per change: a message record
//   (string `id`) appended again whole whenever it changes (tool calls, token counts added: the
//   last copy wins, in the place of the first); {$set: {...}} metadata updates; {$rewindTo: id},
//   which drops that message and everything after it (an unknown id drops everything).
// - From 055e0f6452 (May 2026) {$set: {messages: [...]}} replaces the conversation with the CLI's
//   current history: on start, after a tool output is masked, after a cancelled request is rolled
//   back, and after a chat compression (a <state_snapshot> summary as a new user message, the
//   model's fixed acknowledgement, then the turns it kept). A replacement that drops messages of
//   the conversation and brings a new user message is read as a recorded compaction; one that
//   only drops (a rollback) or only changes content (masking) is applied as the CLI applies it.

import { isObject, stringOrNull, tally, type JsonObject } from './common';
import type { ParsedLine } from './jsonl';
import type { SkipCounts } from './types';

export interface RecordingEntry {
  id: string;
  record: JsonObject;
  /** The line that first wrote it (1 for the JSON recording). */
  line: number;
  removed: boolean;
}

export interface RecordedCompression {
  /** Index in entries of the first entry written after it. */
  before_entry: number;
  summary: string;
  /** When the CLI wrote it (the summary message's time), when recorded. */
  at: string | null;
  line: number;
}

export interface ReplayedRecording {
  metadata: JsonObject;
  entries: RecordingEntry[];
  compressions: RecordedCompression[];
}

const isMessage = (r: unknown): r is JsonObject & { id: string } => isObject(r) && typeof r.id === 'string';

/** Replays a recording's lines (the JSON recording is one line holding its whole record). */
export function replayRecording(lines: readonly ParsedLine[], fileName: string, warnings: string[], skipped: SkipCounts): ReplayedRecording {
  let metadata: JsonObject = {};
  const entries: RecordingEntry[] = [];
  const byId = new Map<string, RecordingEntry>();
  /** Messages the CLI made for a compression (the summary, its acknowledgement): in no conversation. */
  const synthetic = new Set<string>();
  const compressions: RecordedCompression[] = [];
  let live: RecordingEntry[] = [];
  const unknown = new Set<string>();

  const add = (record: JsonObject & { id: string }, line: number): RecordingEntry => {
    const existing = byId.get(record.id);
    if (existing) {
      existing.record = record;
      return existing;
    }
    const entry: RecordingEntry = { id: record.id, record, line, removed: false };
    entries.push(entry);
    byId.set(record.id, entry);
    return entry;
  };
  const remove = (gone: readonly RecordingEntry[], reason: string): void => {
    for (const e of gone) {
      e.removed = true;
      byId.delete(e.id);
    }
    if (gone.length > 0) tally(skipped, reason, gone.length);
  };
  const replaceMessages = (list: unknown[], line: number): void => {
    const incoming = list.filter(isMessage).filter((r) => !synthetic.has(r.id));
    const ids = new Set(incoming.map((r) => r.id));
    const dropped = live.filter((e) => !ids.has(e.id));
    const fresh = incoming.filter((r) => !byId.has(r.id));
    const summary = fresh.find((r) => r.type === 'user');
    if (dropped.length > 0 && summary) {
      // A compression: everything so far stays in the transcript, the summary is the compaction's.
      compressions.push({ before_entry: entries.length, summary: messageText(summary.content), at: stringOrNull(summary.timestamp), line });
      synthetic.add(summary.id);
      let at = incoming.indexOf(summary) + 1;
      for (; incoming[at] && fresh.includes(incoming[at]!) && incoming[at]!.type === 'gemini'; at++) {
        synthetic.add(incoming[at]!.id);
        tally(skipped, "the model's acknowledgement of a compression summary (written by the CLI)");
      }
      live = incoming.filter((r) => !synthetic.has(r.id)).map((r) => byId.get(r.id) ?? add(r, line));
      return;
    }
    remove(dropped, 'messages removed when the CLI rewrote its history ($set messages: a rollback)');
    live = incoming.map((r) => add(r, line));
  };

  for (const { line, record } of lines) {
    if (typeof record.$rewindTo === 'string') {
      const at = live.findIndex((e) => e.id === record.$rewindTo);
      const gone = at < 0 ? live : live.slice(at);
      remove(gone, 'messages removed by a rewind ($rewindTo)');
      live = live.slice(0, Math.max(0, at));
    } else if (isMessage(record)) {
      // A message written again replaces its earlier copy in place; a new one joins the conversation.
      const isNew = !byId.has(record.id);
      const entry = add(record, line);
      if (isNew) live.push(entry);
    } else if (isObject(record.$set)) {
      const { messages, ...rest } = record.$set;
      metadata = { ...metadata, ...rest };
      if (Array.isArray(messages)) replaceMessages(messages, line);
    } else if (typeof record.sessionId === 'string' && typeof record.projectHash === 'string') {
      const { messages, ...rest } = record;
      metadata = { ...metadata, ...rest };
      if (Array.isArray(messages)) {
        messages.forEach((m, i) => {
          if (isMessage(m)) live.push(add(m, line));
          else warnings.push(`${fileName}: messages[${i}] is not a message record; skipped`);
        });
      }
    } else {
      const kind = Object.keys(record).slice(0, 3).join(', ') || '(empty)';
      tally(skipped, 'lines that are not Gemini CLI records');
      if (!unknown.has(kind)) warnings.push(`${fileName}:${line}: a line with {${kind}} is not a Gemini CLI record; such lines are skipped`);
      unknown.add(kind);
    }
  }
  return { metadata, entries, compressions };
}

/** The parts of a message's content (a string, one Part, or a Part list). */
export function contentParts(content: unknown): JsonObject[] {
  if (typeof content === 'string') return [{ text: content }];
  if (Array.isArray(content)) return content.map((p) => (typeof p === 'string' ? { text: p } : p)).filter(isObject);
  return isObject(content) ? [content] : [];
}

/** Text of a Part list: text parts that are not thoughts; inline data as "[image]" or "[mime/type]". */
export function partsText(parts: readonly JsonObject[]): string {
  const out: string[] = [];
  for (const p of parts) {
    const text = stringOrNull(p.text);
    if (text !== null && p.thought !== true) out.push(text);
    else if (isObject(p.inlineData)) {
      const mime = stringOrNull(p.inlineData.mimeType) ?? '';
      out.push(mime.startsWith('image/') ? '[image]' : `[${mime || 'inline data'}]`);
    }
  }
  return out.join('\n');
}

export function messageText(content: unknown): string {
  return partsText(contentParts(content));
}

/** A functionResponse's text: its output, else its error, else the response as JSON. */
export function responseText(response: unknown): string {
  if (!isObject(response)) return typeof response === 'string' ? response : '';
  return stringOrNull(response.output) ?? stringOrNull(response.error) ?? JSON.stringify(response);
}
