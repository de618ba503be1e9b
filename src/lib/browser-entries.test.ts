import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../test-support/memory-storage';
import { loadEntries, readEntry, writeEntry, writeEntryChanges } from './browser-entries';

const P = 'compactor.test:';
const num = (v: unknown) => (typeof v === 'number' ? v : null);

describe('one browser entry per key', () => {
  it('writes only the keys that changed: two tabs writing other keys keep both', () => {
    const store = new MemoryStorage();
    const tabA = { a: 1 };
    writeEntryChanges(P, {}, tabA, store);
    // Tab B never saw a: its write of b leaves a alone (one shared entry would have lost it).
    writeEntryChanges(P, {}, { b: 2 }, store);
    expect(loadEntries(P, num, store)).toEqual({ a: 1, b: 2 });
    writeEntryChanges(P, tabA, {}, store);
    expect(loadEntries(P, num, store)).toEqual({ b: 2 });
  });

  it('removes entries the parser refuses and leaves other prefixes alone', () => {
    const store = new MemoryStorage();
    store.setItem(`${P}bad`, '{not json');
    store.setItem(`${P}wrong`, '"text"');
    store.setItem(`${P}good`, '3');
    store.setItem('compactor.settings', '{}');
    expect(loadEntries(P, num, store)).toEqual({ good: 3 });
    expect(store.length).toBe(2);
  });

  it('reads and writes one entry; a full storage or none is survived', () => {
    const store = new MemoryStorage();
    expect(writeEntry(P, 'k', 5, store)).toBe(true);
    expect(readEntry(P, 'k', num, store)).toBe(5);
    expect(writeEntry(P, 'k', null, store)).toBe(true);
    expect(readEntry(P, 'k', num, store)).toBeNull();
    expect(writeEntry(P, 'k', 'x'.repeat(100), new MemoryStorage(10))).toBe(false);
    expect(loadEntries(P, num, null)).toEqual({});
    expect(() => writeEntryChanges(P, {}, { a: 1 }, null)).not.toThrow();
  });
});
