import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPACTION_CONFIG, resolveCompactionConfig } from './defaults';

describe('compaction config defaults', () => {
  it('match ADR-0024 and its amendments', () => {
    expect(DEFAULT_COMPACTION_CONFIG).toEqual({
      strategy: 'drop',
      upper_threshold: 0.85,
      lower_threshold: 0.6,
      summarize: { enabled: true, model: null, prompt: 'config:/prompts/compaction-summary.md', window_messages: 20, preserve_recent: 10, max_summary_tokens: 1500 },
      delegate: { plugin: null, timeout_ms: 30_000 },
      checkpoint: { sub_strategy: 'drop' },
      always_keep: [],
      prune: { protect_tokens: 40_000, minimum_savings: 20_000, protected_tools: ['read', 'skill'] },
    });
  });

  it('merge a patch block by block without sharing arrays with the defaults', () => {
    const c = resolveCompactionConfig({ strategy: 'summarize', summarize: { preserve_recent: 4 }, prune: { minimum_savings: 1 } });
    expect(c.summarize).toEqual({ ...DEFAULT_COMPACTION_CONFIG.summarize, preserve_recent: 4 });
    expect(c.prune).toEqual({ ...DEFAULT_COMPACTION_CONFIG.prune, minimum_savings: 1 });
    c.prune.protected_tools.push('bash');
    c.always_keep.push({ id: 'x', description: '' });
    expect(DEFAULT_COMPACTION_CONFIG.prune.protected_tools).toEqual(['read', 'skill']);
    expect(DEFAULT_COMPACTION_CONFIG.always_keep).toEqual([]);
  });
});

it('the defaults object is frozen', () => {
  expect(Object.isFrozen(DEFAULT_COMPACTION_CONFIG.prune.protected_tools)).toBe(true);
  expect(() => DEFAULT_COMPACTION_CONFIG.prune.protected_tools.push('x')).toThrow();
});
