// Public API of the compaction engine (ADR-0024): pure, deterministic code the simulated
// daemon calls. See README.md in this folder.

export type * from './types';
export type * from './engine-types';

export { DEFAULT_COMPACTION_CONFIG, DEFAULT_SUMMARY_PROMPT, resolveCompactionConfig, type CompactionConfigPatch } from './defaults';
export { estimateMessageTokens, estimateTextTokens, estimateTokens, MESSAGE_OVERHEAD_TOKENS } from './estimate';
export { prunedNotice, pruneToolOutputs, type PruneResult } from './prune';
export { compilePredicates, computePins, firstOperatorMessageId, type PinResult, type PredicateError } from './pins';
export { groupUnits, newestUnit, type Unit, type UnitKind } from './units';
export { extractFilePaths, simulateSummary, SIMULATED_SUMMARY_LABEL, type SimulatedSummary } from './summarizer';
export { modelCost, splitModel } from './cost';
export { validateCompactorResult, type CompactorValidation, type CompactorViolation } from './validate-compactor-result';
export { NOOP_REASON, runCompaction, shouldTrigger } from './pipeline';
export {
  CONTEXT_LENGTH_PATTERNS,
  isContextLengthError,
  runReactive,
  type DispatchState,
  type ProviderError,
  type ReactiveInput,
  type ReactiveResult,
} from './reactive';
export { applyRollback, computeRollback, type RollbackPlan } from './rollback';
export { activeMessages, applyCompaction, commitProposal } from './apply';
