// A large Claude Code transcript for benchmarks: the largest fixture repeated, each copy with fresh
// response and tool ids (so the copies are distinct calls), `tag` making the bytes of one run
// differ from another's (an import of the same bytes again is a no-op by design).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from './node-fixtures';

export const LARGEST_FIXTURE = 'claude-code/4d5611e5-241a-462a-8d15-5122611a9569.jsonl';

export function largeClaudeTranscript(copies: number, tag = ''): Uint8Array<ArrayBuffer> {
  const base = readFileSync(join(FIXTURES_DIR, LARGEST_FIXTURE), 'utf8').split('\n').filter((l) => l.trim() !== '');
  const lines: string[] = [];
  for (let k = 0; k < copies; k++) lines.push(...base.map((l) => l.replace(/"(toolu_|msg_)([A-Za-z0-9]+)"/g, `"$1${tag}${k}_$2"`)));
  return new TextEncoder().encode(lines.join('\n'));
}
