// Node adapter: reads the fixture transcripts from disk (mock server, tests, scripts).

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSeededFixture, loadFixtureTranscripts } from './load-fixtures';
import type { ImportedTranscript } from '../../src/domain/transcripts/types';

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/transcripts/', import.meta.url));

/** Every file under `dir`, relative to it, with "/" separators, sorted. */
export function listFixtureFiles(dir: string = FIXTURES_DIR): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

export function loadFixturesFromDisk(
  dir: string = FIXTURES_DIR,
  onWarning?: (warning: string) => void,
): ImportedTranscript[] {
  return loadFixtureTranscripts((rel) => readFileSync(join(dir, rel), 'utf8'), listFixtureFiles(dir).filter(isSeededFixture), onWarning);
}
