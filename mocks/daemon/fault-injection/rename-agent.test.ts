import { describe, expect, it } from 'vitest';
import { samePath } from '../../store/store';
import type { SessionState } from '../../store/types';
import { renameAgent } from './rename-agent';

const session = () =>
  ({
    agents: [
      { agent_path: 'primary', parent_path: null },
      { agent_path: 'primary/explore', parent_path: 'primary' },
      { agent_path: 'primary/explore/grep', parent_path: 'primary/explore' },
    ],
    compactions: [{ agent_path: 'primary/explore' }, { agent_path: 'primary' }],
    checkpoints: [{ agent_path: 'primary/explore' }],
  }) as unknown as SessionState;

describe('agent paths no transcript would give', () => {
  it('renames an agent wherever the session names it', () => {
    const s = session();
    const odd = 'primary/<b>\uD800 a+b%20&c#d';
    renameAgent(s, 'primary/explore', odd);
    expect(s.agents.map((a) => [a.agent_path, a.parent_path])).toEqual([
      ['primary', null],
      [odd, 'primary'],
      ['primary/explore/grep', odd],
    ]);
    expect(s.compactions.map((r) => r.agent_path)).toEqual([odd, 'primary']);
    expect(s.checkpoints.map((c) => c.agent_path)).toEqual([odd]);
    expect(() => renameAgent(s, 'nobody', 'x')).toThrow(/not found/);
    expect(() => renameAgent(s, 'primary', odd)).toThrow(/taken/);
  });

  it('matches a path from a URL exactly, or with its lone surrogates as U+FFFD', () => {
    expect(samePath('primary/a\uD800', 'primary/a\uFFFD')).toBe(true);
    expect(samePath('primary/a+b', 'primary/a+b')).toBe(true);
    expect(samePath('primary/a b', 'primary/a+b')).toBe(false);
  });
});
