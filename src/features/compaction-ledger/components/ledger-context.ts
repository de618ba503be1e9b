import { createContext, useContext } from 'react';
import type { Schemas } from '../../../lib/api/types';

export interface LedgerActions {
  sessionId: string;
  /** Sets (or clears) the flag of a record, optimistically. */
  flag: (compactionId: string, flag: Schemas['Flag'] | null) => void;
}

export const LedgerActionsContext = createContext<LedgerActions | null>(null);

export function useLedgerActions(): LedgerActions {
  const actions = useContext(LedgerActionsContext);
  if (!actions) throw new Error('useLedgerActions outside the ledger');
  return actions;
}
