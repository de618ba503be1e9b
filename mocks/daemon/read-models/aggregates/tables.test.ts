import { describe, expect, it } from 'vitest';
import { agentIndex } from './tables';

describe('agentIndex', () => {
  it('finds an agent path as a URL carries it: a lone surrogate arrives as U+FFFD', () => {
    const agents = ['primary', 'primary/r\uD800x'];
    expect(agentIndex(agents, 'primary')).toBe(0);
    expect(agentIndex(agents, 'primary/r\uD800x')).toBe(1);
    expect(agentIndex(agents, 'primary/r\uFFFDx')).toBe(1);
    expect(agentIndex(agents, 'primary/other')).toBe(-1);
  });
});
