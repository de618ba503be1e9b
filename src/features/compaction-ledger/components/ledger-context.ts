import { createContext, useContext } from 'react';
import type { Schemas } from '../../../domain/contract/types';

export interface LedgerActions {
  /** The title of a session the ledger's records belong to, when known (the cross-session ledger's session column). */
  sessionTitle: (sessionId: string) => string | undefined;
  /** Sets (or clears) the flag of a record, optimistically. */
  flag: (compactionId: string, flag: Schemas['Flag'] | null) => void;
  /** The view (session + filters) the rows belong to: the selection's key. */
  view: string;
  /** Ticks or unticks an event for a bulk edit; with `range`, every loaded event from the last one ticked. */
  select: (compactionId: string, sessionId: string, on: boolean, range: boolean) => void;
  /** Ticks or unticks every loaded event of the view. */
  selectAll: (on: boolean) => void;
  /** How many events of the view are loaded. */
  loaded: number;
}

export const LedgerActionsContext = createContext<LedgerActions | null>(null);

export function useLedgerActions(): LedgerActions {
  const actions = useContext(LedgerActionsContext);
  if (!actions) throw new Error('useLedgerActions outside the ledger');
  return actions;
}
