/**
 * The threshold lab's compactions (replay.ts): an outcome applied to the active list, a recorded
 * compaction replayed as the seed imports it, and each as the lab lists it (a ReplayEvent).
 */
import { applyCompaction } from '../../engine/apply';
import type { CompactedOutcome } from '../../engine/engine-types';
import { computePins } from '../../engine/pins';
import { groupUnits } from '../../engine/units';
import type { CompactionRecord, Message, RecordedCompaction, Schemas } from '../../store/types';

type Values = Schemas['CompactionConfigValues'];
type ReplayEvent = Schemas['ReplayEvent'];

/** Applies an outcome to the active list; the list after, the messages it took out, and its event. */
export function apply(active: Message[], outcome: CompactedOutcome): { active: Message[]; gone: Message[] } {
  const gone = new Set(outcome.superseded_ids);
  return { active: applyCompaction(active, outcome).filter((m) => !m.superseded), gone: active.filter((m) => gone.has(m.id)) };
}

/** A recorded compaction as the lab lists it: the figures of its record. */
export function recordedEvent(turn: number, r: CompactionRecord): Omit<ReplayEvent, 'message_id' | 'superseded_count' | 'superseded_ids'> {
  return {
    turn,
    trigger: r.trigger,
    strategy: r.strategy,
    tokens_before: r.threshold_estimate,
    tokens_after: r.after_estimate,
    summary_tokens: r.summary_tokens,
    cost_usd: r.cost_usd,
    fallback_reason: r.fallback_reason,
    awaiting_approval: false,
  };
}

export function eventOf(turn: number, m: Message, outcome: CompactedOutcome, awaiting: boolean): ReplayEvent {
  const r = outcome.record;
  return {
    turn,
    message_id: m.id,
    trigger: r.trigger,
    strategy: awaiting ? 'checkpoint' : r.strategy,
    tokens_before: r.threshold_estimate,
    tokens_after: r.after_estimate,
    superseded_count: r.superseded_message_ids.length,
    superseded_ids: r.superseded_message_ids,
    summary_tokens: r.summary_tokens,
    cost_usd: r.cost_usd,
    fallback_reason: r.fallback_reason,
    awaiting_approval: awaiting,
  };
}

/** A compaction the transcript recorded, replayed as the seed imports it: every unit outside the always-keep set goes, the summary takes their place. */
export function recordedCompactionOutcome(active: Message[], values: Values, rc: RecordedCompaction, record: CompactionRecord, at: Message): { active: Message[]; gone: Message[] } {
  const pinned = computePins(active, values.always_keep).messages;
  const gone = groupUnits(pinned).filter((u) => !u.pinned).flatMap((u) => u.messages);
  const goneIds = new Set(gone.map((m) => m.id));
  const summary: Message = {
    ...at,
    id: `recorded:${at.id}`,
    role: 'system',
    content: rc.summary,
    tool_calls: [],
    tool_call_id: null,
    tool_name: null,
    metadata: { token_estimate: record.summary_tokens ?? 0, kind: 'compaction_summary', always_keep: false, always_keep_source: null, compaction_id: null, compactor_cost: null },
  };
  const first = active.findIndex((m) => goneIds.has(m.id));
  const kept = active.filter((m) => !goneIds.has(m.id));
  kept.splice(first < 0 ? 0 : Math.min(first, kept.length), 0, summary);
  return { active: kept, gone: active.filter((m) => goneIds.has(m.id)) };
}
