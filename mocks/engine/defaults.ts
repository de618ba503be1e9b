// Default compaction config: ADR-0024 (0.85 / 0.60 thresholds, drop) with the 2026-06-06
// amendments (summarize block in the no-config fallback, default prompt, pruning defaults).

import type { CompactionConfig } from './types';

export const DEFAULT_SUMMARY_PROMPT = 'config:/prompts/compaction-summary.md';

function freeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) freeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Frozen: take a copy with resolveCompactionConfig() before changing anything. */
export const DEFAULT_COMPACTION_CONFIG: CompactionConfig = freeze({
  strategy: 'drop',
  upper_threshold: 0.85,
  lower_threshold: 0.6,
  summarize: {
    enabled: true,
    model: null,
    prompt: DEFAULT_SUMMARY_PROMPT,
    window_messages: 20,
    preserve_recent: 10,
    max_summary_tokens: 1500,
  },
  delegate: { plugin: null, timeout_ms: 30_000 },
  checkpoint: { sub_strategy: 'drop' },
  always_keep: [],
  prune: { protect_tokens: 40_000, minimum_savings: 20_000, protected_tools: ['read', 'skill'] },
});

/** A partial config as an agent's compaction: block or a manual-compact override may give it. */
export interface CompactionConfigPatch {
  strategy?: CompactionConfig['strategy'];
  upper_threshold?: number;
  lower_threshold?: number;
  summarize?: Partial<CompactionConfig['summarize']>;
  delegate?: Partial<CompactionConfig['delegate']>;
  checkpoint?: Partial<CompactionConfig['checkpoint']>;
  always_keep?: CompactionConfig['always_keep'];
  prune?: Partial<CompactionConfig['prune']>;
}

/** A fresh, complete config: each block of `patch` merged over `base` (defaults when omitted). */
export function resolveCompactionConfig(
  patch: CompactionConfigPatch = {},
  base: CompactionConfig = DEFAULT_COMPACTION_CONFIG,
): CompactionConfig {
  return {
    strategy: patch.strategy ?? base.strategy,
    upper_threshold: patch.upper_threshold ?? base.upper_threshold,
    lower_threshold: patch.lower_threshold ?? base.lower_threshold,
    summarize: { ...base.summarize, ...patch.summarize },
    delegate: { ...base.delegate, ...patch.delegate },
    checkpoint: { ...base.checkpoint, ...patch.checkpoint },
    always_keep: [...(patch.always_keep ?? base.always_keep)],
    prune: {
      ...base.prune,
      ...patch.prune,
      protected_tools: [...(patch.prune?.protected_tools ?? base.prune.protected_tools)],
    },
  };
}
