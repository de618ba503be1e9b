import { describe, expect, it } from 'vitest';
import type { Agent } from './contract/types';
import { agentRows } from './agent-tree';

const agent = (agent_path: string, parent_path: string | null) => ({ agent_path, parent_path }) as Agent;

describe('agentRows', () => {
  it('puts children under their parents, indented', () => {
    const rows = agentRows([
      agent('primary', null),
      agent('primary/explore', 'primary'),
      agent('primary/review', 'primary'),
      agent('primary/explore/grep', 'primary/explore'),
    ]);
    expect(rows.map((r) => [r.agent.agent_path, r.depth])).toEqual([
      ['primary', 0],
      ['primary/explore', 1],
      ['primary/explore/grep', 2],
      ['primary/review', 1],
    ]);
  });

  it('keeps an agent whose parent is missing, at the top level', () => {
    const rows = agentRows([agent('primary', null), agent('ghost/child', 'ghost')]);
    expect(rows.map((r) => [r.agent.agent_path, r.depth])).toEqual([
      ['primary', 0],
      ['ghost/child', 0],
    ]);
  });
});
