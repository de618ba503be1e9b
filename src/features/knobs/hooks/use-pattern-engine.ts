import { useSyncExternalStore } from 'react';
import { patternEngineReady, subscribePatternEngine } from '../../../domain/knobs/outside-pattern';

let loading: Promise<boolean> | null = null;

/**
 * Downloads and installs the engine of outside patterns (domain/knobs/outside-pattern.ts: 40 KB the
 * knobs' first data does not need), once; a failed download is tried again by the next call.
 * Answers whether it is installed: a check that cannot wait goes on without it (the daemon checks
 * the patterns of what is saved or previewed, and its refusals land on their knobs).
 */
export function loadPatternEngine(): Promise<boolean> {
  if (patternEngineReady()) return Promise.resolve(true);
  loading ??= import('../../../domain/knobs/outside-pattern-engine').then(
    () => true,
    () => {
      loading = null;
      return false;
    },
  );
  return loading;
}

/** Whether the engine of outside patterns is installed (a render follows its arrival). */
export function usePatternEngineReady(): boolean {
  return useSyncExternalStore(subscribePatternEngine, patternEngineReady, patternEngineReady);
}
