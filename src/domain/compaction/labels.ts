/** Words for the contract's compaction enums, as operators read them (the ledger's filters and columns, the stats charts). */
import type { Schemas } from '../contract/types';

export const TRIGGER_LABELS: Record<Schemas['Trigger'], string> = {
  threshold_crossed: 'threshold crossed',
  provider_overflow_retry: 'provider overflow retry',
  operator_manual: 'operator manual',
  scheduled: 'scheduled',
  hook_requested: 'hook requested',
};

export const STRATEGY_LABELS: Record<Schemas['Strategy'], string> = {
  drop: 'drop',
  summarize: 'summarize',
  delegate: 'delegate',
  checkpoint: 'checkpoint',
};

export const FLAG_LABELS: Record<Schemas['FlagFilter'], string> = {
  good: 'good',
  bad: 'bad',
  neutral: 'neutral',
  unflagged: 'unflagged',
};
