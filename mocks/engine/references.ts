// References a message makes that a later turn may need again: file paths and ids. Used by the
// threshold lab's harm proxy (content taken out of the context, then mentioned again).

import { extractFilePaths } from './summarizer';
import type { Message } from './types';

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** Commit hashes and similar hex ids: 7–40 hex digits holding both a digit and a letter. */
const HEX_ID = /\b[0-9a-f]{7,40}\b/gi;
const PATHS_PER_TEXT = 200;

/** The file paths (with a directory and an extension) and ids (UUIDs, hex hashes) in a text, deduplicated. */
export function extractReferences(text: string): string[] {
  const out = new Set(extractFilePaths(text, PATHS_PER_TEXT));
  for (const m of text.matchAll(UUID)) out.add(m[0].toLowerCase());
  const withoutUuids = text.replace(UUID, ' ');
  for (const m of withoutUuids.matchAll(HEX_ID)) {
    const id = m[0].toLowerCase();
    if (/[0-9]/.test(id) && /[a-f]/.test(id)) out.add(id);
  }
  return [...out];
}

/** What a message refers to: its text and its tool calls' arguments. */
export function messageReferences(m: Pick<Message, 'content' | 'tool_calls'>): string[] {
  return extractReferences([m.content, ...m.tool_calls.map((c) => c.arguments)].join('\n'));
}
