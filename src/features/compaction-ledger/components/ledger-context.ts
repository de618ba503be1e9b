import { createContext, useContext } from 'react';
import type { Schemas } from '../../../domain/contract/types';

export interface LedgerActions {
  /** The title of a session the ledger's records belong to, when known (the cross-session ledger's session column). */
  sessionTitle: (sessionId: string) => string | undefined;
  /** Sets (or clears) the flag of a record, optimistically. */
  flag: (compactionId: string, flag: Schemas['Flag'] | null) => void;
}

export const LedgerActionsContext = createContext<LedgerActions | null>(null);

export function useLedgerActions(): LedgerActions {
  const actions = useContext(LedgerActionsContext);
  if (!actions) throw new Error('useLedgerActions outside the ledger');
  return actions;
}
