// Test helper: invariants every compaction result must satisfy, checked independently of
// the engine's own unit grouping.

import type { CompactedOutcome } from '../engine-types';
import { estimateTokens } from '../estimate';
import type { Message } from '../types';

/** No tool result lacks its call; no call lacks a result that existed before compaction. */
export function pairProblems(before: readonly Message[], after: readonly Message[]): string[] {
  const problems: string[] = [];
  const callsBefore = new Set(before.flatMap((m) => m.tool_calls.map((c) => c.id)));
  const answeredBefore = new Set(before.filter((m) => m.role === 'tool').map((m) => m.tool_call_id));
  const callsAfter = new Set(after.flatMap((m) => m.tool_calls.map((c) => c.id)));
  const answeredAfter = new Set(after.filter((m) => m.role === 'tool').map((m) => m.tool_call_id));
  for (const m of after) {
    if (m.role === 'tool' && m.tool_call_id !== null && callsBefore.has(m.tool_call_id) && !callsAfter.has(m.tool_call_id)) {
      problems.push(`tool result ${m.id} lacks its call ${m.tool_call_id}`);
    }
    for (const c of m.tool_calls) {
      if (answeredBefore.has(c.id) && !answeredAfter.has(c.id)) problems.push(`call ${c.id} in ${m.id} lacks its result`);
    }
  }
  return problems;
}

/** Ids that must survive: system prompts, the first user message, always_keep metadata, extra ids. */
export function mustKeepIds(before: readonly Message[], extra: readonly string[] = []): string[] {
  const firstUser = before.find((m) => m.role === 'user');
  return [
    ...before
      .filter((m) => (m.role === 'system' && m.metadata.kind !== 'compaction_summary') || m === firstUser || m.metadata.always_keep)
      .map((m) => m.id),
    ...extra,
  ];
}

export interface InvariantOptions {
  reservedOutput: number;
  target: number;
  /** Extra ids that must be kept (predicates, retain[]). */
  keep?: readonly string[];
}

/** Every problem found in a compacted outcome (empty when all invariants hold). */
export function compactedProblems(before: readonly Message[], out: CompactedOutcome, opts: InvariantOptions): string[] {
  const problems = pairProblems(before, out.messages);
  const gone = new Set(out.superseded_ids);
  const afterIds = new Set(out.messages.map((m) => m.id));
  for (const id of mustKeepIds(before, opts.keep)) {
    if (gone.has(id) || !afterIds.has(id)) problems.push(`always-keep ${id} superseded`);
  }
  const last = before[before.length - 1];
  if (last && gone.has(last.id)) problems.push(`newest message ${last.id} superseded`);
  const beforeIds = new Set(before.map((m) => m.id));
  for (const id of gone) if (!beforeIds.has(id)) problems.push(`superseded unknown id ${id}`);
  const expected = before.filter((m) => !gone.has(m.id)).map((m) => m.id);
  const actual = out.messages.filter((m) => m.id !== out.summary_message?.id).map((m) => m.id);
  if (expected.join() !== actual.join()) problems.push('result list is not before − superseded (+ summary)');
  const r = out.record;
  if (r.after_estimate !== estimateTokens(out.messages, opts.reservedOutput)) problems.push('after_estimate does not match the result list');
  if (!r.dry_run && r.after_estimate > opts.target) problems.push(`after_estimate ${r.after_estimate} > target ${opts.target}`);
  if (r.fallback_occurred && (r.fallback_reason === null || !r.fallback_chain.some((s) => s.outcome !== 'ok'))) {
    problems.push('fallback_occurred without a recorded chain');
  }
  if (r.superseded_message_ids.join() !== out.superseded_ids.join()) problems.push('record superseded ids differ');
  if (r.messages_before !== before.length || r.messages_after !== out.messages.length) problems.push('message counts wrong');
  if (r.summary_message_id !== (out.summary_message?.id ?? null)) problems.push('summary id mismatch');
  return problems;
}
