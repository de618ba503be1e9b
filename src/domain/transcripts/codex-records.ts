// Codex rollout records, read the way Codex itself writes them (openai/codex, codex-rs):
//
// - Current format (RolloutLine): every line is {timestamp, type, payload} with type one of
//   session_meta, response_item, event_msg, turn_context, compacted. The session_meta payload is
//   SessionMetaLine {id, timestamp, cwd, originator, cli_version, instructions | base_instructions,
//   source, model_provider, git?}.
// - Older format (codex-rs/core/src/rollout.rs before RolloutLine): the first line is a bare
//   SessionMeta {id, timestamp, instructions?} (later also git), every other line a bare
//   ResponseItem ({type: "message" | "function_call" | …}, no timestamp, no wrapper), and
//   {record_type: "state"} lines carry the session's state snapshot. Reasoning was not written.
//
// Usage (event_msg token_count): TokenCountEvent {info: {total_token_usage, last_token_usage,
// model_context_window} | null, rate_limits}; a TokenUsage's input_tokens includes its
// cached_input_tokens and its output_tokens includes reasoning_output_tokens (total = input + output).

import { isObject, numberOr, objectOrNull, stringOrNull, type JsonObject } from './common';
import type { ImportedUsage, SummaryStatus } from './types';
import { SUMMARY_ENCRYPTED, SUMMARY_NOT_RECORDED } from './types';

export type CodexKind = 'session_meta' | 'response_item' | 'event_msg' | 'turn_context' | 'compacted' | 'state';

export interface CodexRecord {
  kind: CodexKind;
  payload: JsonObject;
  /** ISO timestamp of the line (current format), else null. */
  timestamp: string | null;
}

const WRAPPED_KINDS = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);
/** ResponseItem types, as the older format writes them bare. */
const RESPONSE_ITEM_TYPES = new Set([
  'message',
  'reasoning',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'local_shell_call',
  'web_search_call',
]);

/** Whether a record is a bare older-format first line: a SessionMeta ({id, timestamp}, no type). */
export function isBareSessionMeta(record: JsonObject): boolean {
  return typeof record.id === 'string' && typeof record.timestamp === 'string' && record.type === undefined && record.payload === undefined;
}

/** One line as a Codex record (either format), or null when it is none of Codex's records. */
export function codexRecord(record: JsonObject, isFirst: boolean): CodexRecord | null {
  const type = stringOrNull(record.type);
  const payload = objectOrNull(record.payload);
  if (type !== null && WRAPPED_KINDS.has(type) && payload) return { kind: type as CodexKind, payload, timestamp: stringOrNull(record.timestamp) };
  if (record.record_type === 'state') return { kind: 'state', payload: record, timestamp: null };
  if (isFirst && isBareSessionMeta(record)) return { kind: 'session_meta', payload: record, timestamp: stringOrNull(record.timestamp) };
  if (type !== null && RESPONSE_ITEM_TYPES.has(type) && payload === null) return { kind: 'response_item', payload: record, timestamp: stringOrNull(record.timestamp) };
  return null;
}

/** Whether a first line starts a Codex rollout (either format). */
export function looksLikeCodexFirstLine(record: unknown): boolean {
  if (!isObject(record)) return false;
  if (record.type === 'session_meta' && isObject(record.payload)) return true;
  if (typeof record.type === 'string' && WRAPPED_KINDS.has(record.type) && isObject(record.payload) && typeof record.timestamp === 'string') return true;
  return isBareSessionMeta(record) && !('sessionId' in record) && !('projectHash' in record);
}

/** Text of a ResponseItem content array (input_text / output_text / text parts; images as "[image]"). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const part of content) {
    if (!isObject(part)) continue;
    const text = stringOrNull(part.text);
    if (text !== null) parts.push(text);
    else if (part.type === 'input_image' || part.type === 'image') parts.push('[image]');
    else if (typeof part.type === 'string') parts.push(`[${part.type}]`);
  }
  return parts.join('\n');
}

/**
 * A function call output's text. Codex writes it as a string (older shell outputs: a JSON string
 * {"output", "metadata"} kept as written), as an array of content items, or as {content | output}.
 */
export function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return contentText(output);
  const o = objectOrNull(output);
  if (o) return stringOrNull(o.content) ?? stringOrNull(o.output) ?? contentText(o.content);
  return '';
}

/** Whether an output says its call failed (FunctionCallOutputPayload success: false). */
export function outputFailed(output: unknown): boolean {
  return objectOrNull(output)?.success === false;
}

/** A TokenUsage mapped onto the Anthropic-style fields every format uses; null when it records no call. */
export function codexUsage(value: unknown): ImportedUsage | null {
  const u = objectOrNull(value);
  if (!u) return null;
  const input = numberOr(u.input_tokens, 0);
  if (input <= 0) return null;
  const cached = Math.min(input, numberOr(u.cached_input_tokens, 0));
  return { input_tokens: input - cached, output_tokens: numberOr(u.output_tokens, 0), cache_read_input_tokens: cached, cache_creation_input_tokens: 0 };
}

export interface TokenCount {
  /** The call's usage (last_token_usage; the payload itself in versions that wrote a bare TokenUsage). */
  usage: ImportedUsage | null;
  /** total_token_usage as text: a repeated event repeats it. */
  totals: string;
  window: number | null;
}

/** A token_count event's figures; null when it carries none (info: null, rate limits only). */
export function readTokenCount(payload: JsonObject): TokenCount | null {
  const info = objectOrNull(payload.info);
  if (info) {
    const window = numberOr(info.model_context_window, Number.NaN);
    return { usage: codexUsage(info.last_token_usage), totals: JSON.stringify(info.total_token_usage ?? null), window: Number.isNaN(window) ? null : window };
  }
  if (typeof payload.input_tokens === 'number') return { usage: codexUsage(payload), totals: JSON.stringify(payload), window: null };
  return null;
}

/** The first line of codex-rs/core/templates/compact/summary_prefix.md: local compaction's summary starts with it. */
const SUMMARY_PREFIX_START = 'Another language model started to solve this problem and produced a summary';

/**
 * A `compacted` record's summary. Remote compaction (OpenAI models) leaves `message` empty and puts
 * a {type: "compaction", encrypted_content} item in replacement_history: not readable. Local
 * compaction writes the summary (SUMMARY_PREFIX + the model's text) in `message` and as the last
 * user message of replacement_history. Older versions wrote {message} alone.
 */
export function compactedSummary(payload: JsonObject): { summary: string; status: SummaryStatus } {
  const history = Array.isArray(payload.replacement_history) ? payload.replacement_history.filter(isObject) : [];
  if (history.some((item) => item.type === 'compaction' || item.type === 'compaction_summary')) return { summary: SUMMARY_ENCRYPTED, status: 'encrypted' };
  const message = stringOrNull(payload.message) ?? '';
  if (message.trim() !== '') return { summary: message, status: 'recorded' };
  const summaryItem = [...history].reverse().find((item) => item.type === 'message' && item.role === 'user' && contentText(item.content).startsWith(SUMMARY_PREFIX_START));
  if (summaryItem) return { summary: contentText(summaryItem.content), status: 'recorded' };
  return { summary: SUMMARY_NOT_RECORDED, status: 'not_recorded' };
}
