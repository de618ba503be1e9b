import { describe, expect, it } from 'vitest';
import { contextTone } from './context-bar';

describe('contextTone', () => {
  it('is calm below the upper threshold, near within 5 points, due at or over it', () => {
    expect(contextTone(0.72, 0.85)).toBe('ok');
    expect(contextTone(0.8, 0.85)).toBe('warn');
    expect(contextTone(0.85, 0.85)).toBe('danger');
    expect(contextTone(1.11, 0.85)).toBe('danger');
  });
});
