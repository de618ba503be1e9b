// The project's fixture transcripts (mocks/fixtures/transcripts/), read from disk by tests of the
// domain core, which may not import the simulator's own loaders.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const TRANSCRIPT_FIXTURES_DIR = fileURLToPath(new URL('../../mocks/fixtures/transcripts/', import.meta.url));

/** A fixture file's text, by its path under mocks/fixtures/transcripts/ ("codex-rollout/rollout-….jsonl"). */
export function readTranscriptFixture(relPath: string): string {
  return readFileSync(`${TRANSCRIPT_FIXTURES_DIR}${relPath}`, 'utf8');
}
