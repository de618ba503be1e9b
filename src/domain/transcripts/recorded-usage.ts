// Figures every format derives the same way from the usage its calls record: a call's context
// (input + cache read + cache creation), the last call before a point and the first after it.

import type { ImportedCompaction, ImportedMessage, ImportedUsage } from './types';

/** The context a call was sent, as recorded: input + cache read + cache creation tokens. */
export function recordedInput(usage: ImportedUsage): number {
  return usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens;
}

/** The recorded input of the last call before messages[index], or null when no earlier call records usage. */
export function lastRecordedInputBefore(messages: readonly ImportedMessage[], index: number): number | null {
  for (let i = Math.min(index, messages.length) - 1; i >= 0; i--) {
    const usage = messages[i]?.usage;
    if (usage) return recordedInput(usage);
  }
  return null;
}

/**
 * Sets each compaction's post_tokens: the recorded input of the first call at or after its
 * boundary and before the next compaction's boundary (null when there is none).
 */
export function fillPostTokens(messages: readonly ImportedMessage[], compactions: readonly ImportedCompaction[]): void {
  compactions.forEach((c, k) => {
    const end = compactions[k + 1]?.boundary_index ?? messages.length;
    c.post_tokens = null;
    for (let i = c.boundary_index; i < end; i++) {
      const usage = messages[i]?.usage;
      if (usage) {
        c.post_tokens = recordedInput(usage);
        return;
      }
    }
  });
}
