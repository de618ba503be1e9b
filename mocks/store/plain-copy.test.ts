import { describe, expect, it } from 'vitest';
import { copyPlain } from './plain-copy';

describe('copyPlain', () => {
  it('copies plain data deeply, as structuredClone does', () => {
    const data = { a: [1, 'two', null, true, { b: undefined, c: [[3]] }], d: { e: 'f' }, g: 1.5, h: Object.assign(Object.create(null) as object, { i: 2 }) };
    const copied = copyPlain(data);
    expect(copied).toStrictEqual(structuredClone(data));
    expect(copied).not.toBe(data);
    expect(copied.a).not.toBe(data.a);
    expect(copied.a[4]).not.toBe(data.a[4]);
    expect(copied.d).not.toBe(data.d);
    expect(Object.keys(copied.a[4] as object)).toEqual(['b', 'c']);
    // The copy is its own: changing it leaves the original as it was.
    copied.d.e = 'changed';
    (copied.a[4] as { c: number[][] }).c[0]!.push(4);
    expect(data).toEqual({ a: [1, 'two', null, true, { b: undefined, c: [[3]] }], d: { e: 'f' }, g: 1.5, h: Object.assign(Object.create(null) as object, { i: 2 }) });
  });

  it('keeps what is shared shared, and cycles, as structuredClone does', () => {
    const shared = { id: 'x' };
    const data: { one: object; two: object; list: object[]; self?: unknown } = { one: shared, two: shared, list: [shared] };
    data.self = data;
    const copied = copyPlain(data);
    expect(copied.one).not.toBe(shared);
    expect(copied.one).toBe(copied.two);
    expect(copied.list[0]).toBe(copied.one);
    expect(copied.self).toBe(copied);
  });

  it('hands what is not a plain object or array to structuredClone', () => {
    const data = { map: new Map([['k', { v: 1 }]]), at: new Date(0), bytes: new Uint8Array([1, 2]) };
    const copied = copyPlain(data);
    expect(copied).toStrictEqual(structuredClone(data));
    expect(copied.map).not.toBe(data.map);
    expect(copied.map.get('k')).not.toBe(data.map.get('k'));
    expect(copied.bytes).not.toBe(data.bytes);
  });
});
