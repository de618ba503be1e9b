import { describe, expect, it } from 'vitest';
import { compactionBlock } from './dsl-block';

describe('DSL compaction block', () => {
  it('nests dotted keys, keeps a plugin knob key whole, quotes what plain YAML would misread', () => {
    const block = compactionBlock(
      {
        upper_threshold: 0.7,
        lower_threshold: 0.45,
        strategy: 'summarize',
        'summarize.window_messages': 30,
        'summarize.model': null,
        'prune.protected_tools': ['read', 'Bash'],
        'plugin_knobs.chunked-summarizer.prune.mode': 'off',
        'plugin_knobs.hindsight.retain_top_k': 8,
        'checkpoint.sub_strategy': 'drop',
        'summarize.prompt': 'config:/prompts/compaction-summary.md',
        'delegate.plugin': 'a plugin: with # signs',
      },
      'threshold lab: tight\nagent primary',
    );
    expect(block).toBe(
      [
        '# threshold lab: tight',
        '# agent primary',
        'compaction:',
        '  checkpoint:',
        '    sub_strategy: drop',
        '  delegate:',
        '    plugin: "a plugin: with # signs"',
        '  lower_threshold: 0.45',
        '  plugin_knobs:',
        '    chunked-summarizer:',
        '      prune.mode: "off"',
        '    hindsight:',
        '      retain_top_k: 8',
        '  prune:',
        '    protected_tools: ["read","Bash"]',
        '  strategy: summarize',
        '  summarize:',
        '    model: null',
        '    prompt: config:/prompts/compaction-summary.md',
        '    window_messages: 30',
        '  upper_threshold: 0.7',
        '',
      ].join('\n'),
    );
  });

  it('an empty setting is an empty block', () => {
    expect(compactionBlock({})).toBe('compaction: {}\n');
  });
});
