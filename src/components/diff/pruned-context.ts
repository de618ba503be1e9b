import { createContext, useContext } from 'react';
import type { PrunedSize } from '../../domain/diff/proposal-figures';

/** The messages a dry run's pruning pre-pass shortened (by id), for marking their rows. */
export const PrunedContext = createContext<ReadonlyMap<string, PrunedSize>>(new Map());

export function usePruned(id: string): PrunedSize | undefined {
  return useContext(PrunedContext).get(id);
}
