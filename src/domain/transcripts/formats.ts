// The transcript formats the importers read, how a file's content says which one it is in, and the
// sentence that names them for a person (the import dialog, refusals).

import { isObject } from './common';
import type { ImportedFormat } from './types';

export type TranscriptFormat = ImportedFormat;

export const EXPECTED_FORMATS =
  'Claude Code session JSONL (one record per line, e.g. ~/.claude/projects/<project>/<session>.jsonl, with its ' +
  '<session>/subagents/agent-*.jsonl files) or an OpenAI-chat trajectory JSON (mini-swe-agent / SWE-agent .traj.json, ' +
  'or a plain array of {role, content} messages)';

/** The format a file's content is in, or null. Looks only at the start (and the first line). */
export function detectFormat(text: string): TranscriptFormat | null {
  const head = text.trimStart();
  if (head.startsWith('[')) return 'openai-chat';
  if (!head.startsWith('{')) return null;
  const firstLine = head.slice(0, head.indexOf('\n') < 0 ? head.length : head.indexOf('\n'));
  try {
    const record: unknown = JSON.parse(firstLine);
    if (isObject(record) && typeof record.type === 'string' && ('sessionId' in record || 'message' in record || 'snapshot' in record || 'uuid' in record || 'leafUuid' in record)) return 'claude-code';
  } catch {
    // Not one record per line: a JSON document (or nothing we know).
  }
  return 'openai-chat';
}
