import { describe, expect, it } from 'vitest';
import { mergePartTables, partBlock } from './guide-table';

describe("the guide's table, one per part", () => {
  const region = ['old text of a single table', partBlock('slow', 'slow, run A'), partBlock('live', 'live, run A'), partBlock('gone', 'a part no longer run')].join('\n\n');

  it("replaces the tables of the parts a run took and keeps the others', in the parts' order", () => {
    const merged = mergePartTables(region, new Map([['live', 'live, run B'], ['nav', 'nav, run B']]), ['slow', 'nav', 'live']);
    expect(merged).toBe([partBlock('slow', 'slow, run A'), partBlock('nav', 'nav, run B'), partBlock('live', 'live, run B'), partBlock('gone', 'a part no longer run')].join('\n\n'));
    expect(merged).not.toContain('old text');
  });

  it('is stable: merging its own output again changes nothing', () => {
    const once = mergePartTables(region, new Map([['live', 'live, run B']]), ['slow', 'live']);
    expect(mergePartTables(once, new Map(), ['slow', 'live'])).toBe(once);
    expect(mergePartTables(once, new Map([['live', 'live, run B']]), ['slow', 'live'])).toBe(once);
  });
});
