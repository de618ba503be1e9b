// Small helpers shared by the importers: narrowing parsed JSON (which is `unknown`) without
// casts, timestamps, the derived title, and the result of a one-file session.

import type { ImportedMessage, ImportedTranscript, ImportResult, MalformedEntry, SkipCounts } from './types';

export type JsonObject = Record<string, unknown>;

/** A message of the neutral model with nothing but its role, text and time set; `fields` sets the rest. */
export function newMessage(role: ImportedMessage['role'], content: string, createdAt: string, fields: Partial<ImportedMessage> = {}): ImportedMessage {
  return { role, content, tool_calls: [], tool_call_id: null, tool_name: null, created_at: createdAt, is_error: false, usage: null, external_id: null, ...fields };
}

/** Adds one (or `n`) to a reason's count. */
export function tally(counts: Record<string, number>, reason: string, n = 1): void {
  counts[reason] = (counts[reason] ?? 0) + n;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectOrNull(value: unknown): JsonObject | null {
  return isObject(value) ? value : null;
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** ISO 8601 for a timestamp string or epoch milliseconds; null when it does not parse. */
export function toIso(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const TITLE_MAX_CHARS = 80;

/** A line that is only markup, e.g. "<pr_description>": no use as a title. */
const LONE_TAG = /^<\/?[A-Za-z][\w:-]*[^>]*>$/;

/**
 * The first user message's first line, at most 80 characters (cut with "…").
 * Blank lines and lines that are a lone tag (mini-swe-agent prompts start with
 * "<pr_description>") are passed over so that the title says something.
 */
export function deriveTitle(messages: readonly ImportedMessage[], fallback: string): string {
  const first = messages.find((m) => m.role === 'user' && m.content.trim() !== '');
  if (!first) return fallback;
  const line =
    first.content
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .find((l) => l !== '' && !LONE_TAG.test(l)) ?? '';
  if (line === '') return fallback;
  const chars = Array.from(line); // by code point: never cut a surrogate pair in half
  return chars.length <= TITLE_MAX_CHARS ? line : `${chars.slice(0, TITLE_MAX_CHARS - 1).join('')}…`;
}

/** The basename of a path written with either separator. */
export function baseName(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut < 0 ? path : path.slice(cut + 1);
}

/** The result of a session read from one file, with no subagent files and no recorded cost (Codex, Gemini CLI). */
export function oneFileResult(transcript: Omit<ImportedTranscript, 'subagents' | 'cost_usd'>, warnings: string[], skipped: SkipCounts, malformed: MalformedEntry[]): ImportResult {
  return { transcript: { ...transcript, subagents: [], cost_usd: null }, warnings, skipped, malformed };
}
