/**
 * What the peer borrows from the app, in one place: the ledger's own column definitions (the
 * same cells, formatters and flag buttons), the context its cells read, and the app's styles.
 * If the app's files move, only these lines change.
 */
export { ledgerCellProps, ledgerColumns, ledgerFeatures, SESSION_COLUMN } from '../../../src/features/compaction-ledger/components/ledger-columns';
export { LedgerActionsContext, LedgerLoadedContext } from '../../../src/features/compaction-ledger/components/ledger-context';
export type { CompactionRecord } from '../../../src/domain/contract/types';
import '../../../src/styles/tokens.css';
import '../../../src/styles/base.css';
import '../../../src/features/compaction-ledger/components/ledger.css';
