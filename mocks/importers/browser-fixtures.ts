// Browser adapter (Vite): the fixture files as raw text, each in its own lazily loaded chunk,
// fetched only when loadFixturesInBrowser() is first called.

import { loadFixtureTranscripts } from './load-fixtures';
import type { ImportedTranscript } from '../../src/domain/transcripts/types';

const PREFIX = '../fixtures/transcripts/';
// The seeded folders only (load-fixtures.ts isSeededFixture): the others never reach the bundle.
const files = import.meta.glob<string>('../fixtures/transcripts/{claude-code,openai-chat}/*', { query: '?raw', import: 'default' });

export async function loadFixturesInBrowser(onWarning?: (warning: string) => void): Promise<ImportedTranscript[]> {
  const texts = new Map(
    await Promise.all(Object.entries(files).map(async ([path, load]) => [path.slice(PREFIX.length), await load()] as const)),
  );
  const read = (rel: string): string => {
    const text = texts.get(rel);
    if (text === undefined) throw new Error(`fixture ${rel} is not bundled`);
    return text;
  };
  return loadFixtureTranscripts(read, [...texts.keys()], onWarning);
}
