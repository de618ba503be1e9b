import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by';

describe('groupBy', () => {
  it('groups by key, keeping the order within each group and of first appearance', () => {
    const groups = groupBy(['b1', 'a1', 'b2', 'c1', 'a2'], (s) => s[0]);
    expect([...groups.keys()]).toEqual(['b', 'a', 'c']);
    expect(groups.get('a')).toEqual(['a1', 'a2']);
    expect(groups.get('b')).toEqual(['b1', 'b2']);
  });

  it('answers an empty map for no items', () => {
    expect(groupBy([], String).size).toBe(0);
  });
});
