import { describe, expect, it } from 'vitest';
import { extractReferences, messageReferences } from './references';

describe('extractReferences', () => {
  it('finds file paths, UUIDs and hex ids, once each', () => {
    const text = 'Edited src/parse/index.ts and ./lib/util.py; commit 3f9c2ab1 fixed it (see 3f9c2ab1). Session 4d5611e5-241a-462a-8d15-5122611a9569.';
    expect(extractReferences(text).sort()).toEqual(['3f9c2ab1', '4d5611e5-241a-462a-8d15-5122611a9569', 'lib/util.py', 'src/parse/index.ts'].sort());
  });

  it('passes over words that only look like hex, and numbers', () => {
    expect(extractReferences('deadbeef is a word here, 12345678 a number, facade too')).toEqual([]);
  });

  it('reads tool call arguments too', () => {
    expect(messageReferences({ content: 'Reading.', tool_calls: [{ id: 'c', name: 'Read', arguments: '{"file_path":"/w/app/models/user.rb"}' }] })).toEqual(['/w/app/models/user.rb']);
  });
});
