import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { normalSeed } from '../daemon/seeding/test-support/normal-seed';
import { jsonParts, writeJsonFile } from './json-file';

const text = (value: unknown) => [...jsonParts(value)].join('');

describe('jsonParts', () => {
  it('gives the text JSON.stringify gives, for every kind of plain value', () => {
    const long = Array.from({ length: 1_000 }, (_, i) => ({ id: `r${i}`, n: i, none: undefined, nested: { list: [i, null, 'x'] } }));
    const cases: unknown[] = [
      null,
      0,
      -1.5,
      'tab\t"quote" \u2028 \ud800',
      true,
      [],
      {},
      [undefined, () => 1, 1],
      { a: undefined, b: () => 1, c: Symbol('s'), d: 1 },
      { at: new Date(0), list: long, empty: [], deep: { a: { b: { c: { d: { e: { f: { g: [1, { h: undefined }] } } } } } } } },
      Array.from({ length: 600 }, (_, i) => (i % 3 === 0 ? undefined : i)),
      long,
    ];
    for (const value of cases) expect(text(value)).toBe(JSON.stringify(value));
  });

  it('makes a long list in many parts (no one part holds the whole list)', () => {
    const long = Array.from({ length: 10_000 }, (_, i) => ({ i }));
    const parts = [...jsonParts({ log: long })];
    expect(parts.length).toBeGreaterThan(10_000 / 256);
    expect(Math.max(...parts.map((p) => p.length))).toBeLessThan(JSON.stringify(long).length / 10);
  });
});

describe('writeJsonFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'json-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the text JSON.stringify gives: a seeded snapshot reads back equal', async () => {
    const snapshot = await normalSeed();
    const path = join(dir, 'seed.json');
    await writeJsonFile(path, snapshot);
    expect(readFileSync(path, 'utf8')).toBe(JSON.stringify(snapshot));
  }, 120_000); // the first test file to miss the seed cache seeds (seconds; more on a busy machine)
});
