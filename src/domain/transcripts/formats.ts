// The transcript formats the importers read, how a file's content says which one it is in, and the
// names that tell a person (the import dialog, its report, refusals).

import { looksLikeCodexFirstLine } from './codex-records';
import { isObject } from './common';
import type { ImportedFormat } from './types';

export type TranscriptFormat = ImportedFormat;

export interface FormatInfo {
  id: TranscriptFormat;
  /** The agent or tool, as a report names it: "Codex CLI". */
  name: string;
  /** What the import dialog offers. */
  label: string;
  extensions: string[];
}

export const TRANSCRIPT_FORMATS: readonly FormatInfo[] = [
  { id: 'claude-code', name: 'Claude Code', label: 'Claude Code session (JSONL, with its subagent files)', extensions: ['.jsonl'] },
  { id: 'codex-rollout', name: 'Codex CLI', label: 'Codex CLI rollout (JSONL, ~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl)', extensions: ['.jsonl'] },
  { id: 'gemini-cli', name: 'Gemini CLI', label: 'Gemini CLI chat recording (JSON or JSONL, ~/.gemini/tmp/<project>/chats/session-*)', extensions: ['.json', '.jsonl'] },
  { id: 'openai-chat', name: 'OpenAI chat', label: 'OpenAI-chat trajectory (mini-swe-agent / SWE-agent .traj.json, messages array)', extensions: ['.json'] },
];

/** "Codex CLI" for codex-rollout; the id itself for a format this build does not know. */
export function formatName(id: string): string {
  return TRANSCRIPT_FORMATS.find((f) => f.id === id)?.name ?? id;
}

export const EXPECTED_FORMATS =
  'Claude Code session JSONL (one record per line, e.g. ~/.claude/projects/<project>/<session>.jsonl, with its ' +
  '<session>/subagents/agent-*.jsonl files), a Codex CLI rollout JSONL (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl), ' +
  'a Gemini CLI chat recording (~/.gemini/tmp/<project>/chats/session-*.json or .jsonl) or an OpenAI-chat trajectory JSON ' +
  '(mini-swe-agent / SWE-agent .traj.json, or a plain array of {role, content} messages)';

/** A Gemini CLI recording's first line: its metadata ({sessionId, projectHash}, no record type). */
function isGeminiHeader(record: Record<string, unknown>): boolean {
  return typeof record.sessionId === 'string' && typeof record.projectHash === 'string' && record.type === undefined;
}

/** How far into a JSON document detection looks for a Gemini CLI recording's first keys. */
const HEAD_CHARS = 2_000;

/**
 * The format a file's content is in, or null. Looks only at the start: the first line of one
 * record per line (Codex, Gemini CLI JSONL, Claude Code), else the first keys of a JSON document
 * (a Gemini CLI JSON recording opens with sessionId and projectHash); any other JSON is read as an
 * OpenAI-chat trajectory, which its importer confirms or refuses.
 */
export function detectFormat(text: string): TranscriptFormat | null {
  const head = text.trimStart();
  if (head.startsWith('[')) return 'openai-chat';
  if (!head.startsWith('{')) return null;
  const firstLine = head.slice(0, head.indexOf('\n') < 0 ? head.length : head.indexOf('\n'));
  try {
    const record: unknown = JSON.parse(firstLine);
    if (isObject(record)) {
      if (looksLikeCodexFirstLine(record)) return 'codex-rollout';
      if (isGeminiHeader(record)) return 'gemini-cli';
      if (typeof record.type === 'string' && ('sessionId' in record || 'message' in record || 'snapshot' in record || 'uuid' in record || 'leafUuid' in record)) return 'claude-code';
    }
  } catch {
    // Not one record per line: a JSON document (or nothing we know).
  }
  const start = head.slice(0, HEAD_CHARS);
  if (/^\{\s*"sessionId"\s*:/.test(start) && /"projectHash"\s*:/.test(start)) return 'gemini-cli';
  return 'openai-chat';
}

/**
 * Gemini CLI's per-project prompt log (~/.gemini/tmp/<project>/logs.json): a JSON array of
 * {sessionId, messageId, type, message, timestamp}, the prompts typed and nothing else.
 */
export function isGeminiPromptLog(doc: unknown): boolean {
  return Array.isArray(doc) && doc.length > 0 && doc.every((e) => isObject(e) && typeof e.sessionId === 'string' && typeof e.messageId === 'number' && typeof e.message === 'string');
}

export const GEMINI_PROMPT_LOG =
  "a Gemini CLI prompt log (logs.json): it holds only the prompts typed, not the conversation. Import the session's recording from the chats/ folder beside it (session-*.json or .jsonl)";
