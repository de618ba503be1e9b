import { describe, expect, it } from 'vitest';
import { classifySeq, framesAfter } from './seq';

describe('classifySeq', () => {
  it('accepts the next frame, and any first frame', () => {
    expect(classifySeq(null, 42)).toBe('next');
    expect(classifySeq(41, 42)).toBe('next');
  });

  it('drops repeated or older frames', () => {
    expect(classifySeq(42, 42)).toBe('duplicate');
    expect(classifySeq(42, 7)).toBe('duplicate');
  });

  it('detects a gap', () => {
    expect(classifySeq(42, 44)).toBe('gap');
    expect(classifySeq(0, 2)).toBe('gap');
  });
});

describe('framesAfter', () => {
  it('keeps newer frames once each, in order', () => {
    const frames = [{ seq: 5 }, { seq: 3 }, { seq: 4 }, { seq: 5 }, { seq: 2 }];
    expect(framesAfter(frames, 2).map((f) => f.seq)).toEqual([3, 4, 5]);
    expect(framesAfter(frames, null).map((f) => f.seq)).toEqual([2, 3, 4, 5]);
    expect(framesAfter(frames, 9)).toEqual([]);
  });
});
