import { describe, expect, it } from 'vitest';
import { compareCodeUnits } from './compare';

describe('compareCodeUnits', () => {
  it('orders identifiers by code unit, the same whatever the locale', () => {
    expect(['summarize-v2', 'Drop', 'compactor_b', 'compactor-a', 'compactor', 'ß'].sort(compareCodeUnits)).toEqual(['Drop', 'compactor', 'compactor-a', 'compactor_b', 'summarize-v2', 'ß']);
  });

  it('says equal for equal strings', () => {
    expect(compareCodeUnits('llm-summary', 'llm-summary')).toBe(0);
  });
});
