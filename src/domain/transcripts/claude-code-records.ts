// Claude Code record helpers: usage, model names, content flattening, local-command markers.

import { isObject, newMessage, numberOr, objectOrNull, stringOrNull, type JsonObject } from './common';
import type { ParsedLine } from './jsonl';
import type { ImportedMessage, ImportedUsage } from './types';

export const EPOCH_ISO = '1970-01-01T00:00:00.000Z';

export function claudeUsage(value: unknown): ImportedUsage | null {
  const u = objectOrNull(value);
  if (!u) return null;
  return {
    input_tokens: numberOr(u.input_tokens, 0),
    output_tokens: numberOr(u.output_tokens, 0),
    cache_read_input_tokens: numberOr(u.cache_read_input_tokens, 0),
    cache_creation_input_tokens: numberOr(u.cache_creation_input_tokens, 0),
  };
}

export function anthropicModel(model: string): string {
  return model.includes(':') ? model : `anthropic:${model}`;
}

/** A model name that is a real model (Claude Code writes "<synthetic>" on messages it made up). */
export function realModel(value: unknown): string | null {
  const model = stringOrNull(value);
  return model && model !== '<synthetic>' ? model : null;
}

/** Text of a content value that is a string or an array of blocks; images -> "[image]". */
export function flattenContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) {
    if (typeof block === 'string') parts.push(block);
    else if (isObject(block)) {
      if (block.type === 'text') parts.push(stringOrNull(block.text) ?? '');
      else if (block.type === 'image') parts.push('[image]');
      else if (typeof block.type === 'string') parts.push(`[${block.type}]`);
    }
  }
  return parts.join('\n');
}

export const LOCAL_COMMAND_OUTPUT = /^\s*<local-command-(stdout|stderr|caveat)>/;
export const COMMAND_NAME = /<command-name>([\s\S]*?)<\/command-name>/;
export const COMMAND_ARGS = /<command-args>([\s\S]*?)<\/command-args>/;

export function userRecordText(record: JsonObject): string | null {
  const message = objectOrNull(record.message);
  return message ? stringOrNull(message.content) : null;
}

export function userMessage(content: string, createdAt: string, uuid: string | null): ImportedMessage {
  return newMessage('user', content, createdAt, { external_id: uuid });
}

/**
 * Local-command noise needs looking both ways: the uuids of `<local-command-caveat>` records, and
 * the parents that a `<local-command-stdout>` (or stderr) record answers.
 */
export function localCommandMarks(parsed: readonly ParsedLine[]): { caveatUuids: Set<string>; answeredByLocalOutput: Set<string> } {
  const caveatUuids = new Set<string>();
  const answeredByLocalOutput = new Set<string>();
  for (const { record } of parsed) {
    if (record.type !== 'user') continue;
    const content = userRecordText(record);
    if (content === null) continue;
    const uuid = stringOrNull(record.uuid);
    const parent = stringOrNull(record.parentUuid);
    if (/^\s*<local-command-caveat>/.test(content) && uuid) caveatUuids.add(uuid);
    if (/^\s*<local-command-std(out|err)>/.test(content) && parent) answeredByLocalOutput.add(parent);
  }
  return { caveatUuids, answeredByLocalOutput };
}
