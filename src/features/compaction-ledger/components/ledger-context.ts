import { createContext, useContext } from 'react';
import type { Schemas } from '../../../domain/contract/types';

/**
 * What a row's controls do. Stable while the view is the same: every row's tick and flag buttons
 * read it, so a value that changed with each page of records landing would render every row of the
 * window again (a context reaches past the rows' memo); what changes with the pages is in
 * `LedgerLoaded`, read by the few parts that show it.
 */
export interface LedgerActions {
  /** Sets (or clears) the flag of a record, optimistically. */
  flag: (compactionId: string, flag: Schemas['Flag'] | null) => void;
  /** The view (session + filters) the rows belong to: the selection's key. */
  view: string;
  /** Ticks or unticks an event for a bulk edit; with `range`, every loaded event from the last one ticked. */
  select: (compactionId: string, sessionId: string, on: boolean, range: boolean) => void;
  /** Ticks or unticks every loaded event of the view. */
  selectAll: (on: boolean) => void;
}

/** What the loaded pages say, beside the records: it changes as pages land. */
export interface LedgerLoaded {
  /** The title of a session the ledger's records belong to, when known (the cross-session ledger's session column). */
  sessionTitle: (sessionId: string) => string | undefined;
  /** How many events of the view are loaded. */
  loaded: number;
}

export const LedgerActionsContext = createContext<LedgerActions | null>(null);
export const LedgerLoadedContext = createContext<LedgerLoaded | null>(null);

export function useLedgerActions(): LedgerActions {
  const actions = useContext(LedgerActionsContext);
  if (!actions) throw new Error('useLedgerActions outside the ledger');
  return actions;
}

export function useLedgerLoaded(): LedgerLoaded {
  const loaded = useContext(LedgerLoadedContext);
  if (!loaded) throw new Error('useLedgerLoaded outside the ledger');
  return loaded;
}
