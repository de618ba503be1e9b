// Audit event drafts (agent.md § Audit events). The caller persists them (or, for a dry
// run, may show them as "would emit"); every draft carries dry_run.

import type { AuditDraft } from './engine-types';
import type { CompactionRecord, FallbackStep, PluginFired, Strategy, Trigger } from './types';

export interface AuditScope {
  session_id: string;
  run_id: string;
  agent_path: string;
  compaction_id: string;
  dry_run: boolean;
}

export function triggeredEvent(scope: AuditScope, trigger: Trigger, thresholdEstimate: number, strategy: Strategy): AuditDraft {
  return { type: 'compaction.triggered', data: { ...scope, trigger, threshold_estimate: thresholdEstimate, strategy } };
}

export function completedEvent(scope: AuditScope, record: CompactionRecord, plugins: PluginFired[]): AuditDraft {
  return {
    type: 'compaction.completed',
    data: {
      ...scope,
      after_estimate: record.after_estimate,
      superseded_count: record.superseded_message_ids.length,
      summary_message_id: record.summary_message_id,
      plugins_fired: plugins,
      duration_ms: record.duration_ms,
    },
  };
}

export function noopEvent(scope: AuditScope, reason: string, strategy: Strategy): AuditDraft {
  return { type: 'compaction.noop', data: { ...scope, reason, strategy } };
}

/** One event for the whole failure chain. fallback_strategy is null when nothing could run after the failure. */
export function failedEvent(
  scope: AuditScope,
  attempted: Strategy,
  fallback: 'drop' | null,
  reason: string,
  chain: FallbackStep[],
): AuditDraft {
  return {
    type: 'compaction.failed',
    data: { ...scope, attempted_strategy: attempted, fallback_strategy: fallback, reason, fallback_chain: chain },
  };
}
