import { describe, expect, it } from 'vitest';
import type { CompactorResult } from './engine-types';
import { computePins } from './pins';
import { call, msg, parallelSession, result } from './test-support/build';
import type { Message } from './types';
import { validateCompactorResult } from './validate-compactor-result';

// m0 system, m1 task, m2 call(t0a,t0b,t0c), m3-m5 results, m6 remark, m7..m11 turn 1, m12 user
const before = computePins(parallelSession(2), []).messages;
const byId = (id: string) => before.find((m) => m.id === id) as Message;
const summary = msg(100, 'system', '[simulated summary] …', {
  id: 'sum',
  metadata: { ...msg(0, 'system', '').metadata, kind: 'compaction_summary' },
});

/** Supersede `ids`, put the summary where the first of them was. */
function compact(ids: string[], extra: Partial<CompactorResult> = {}): CompactorResult {
  const gone = new Set(ids);
  const messages: Message[] = [];
  for (const m of before) {
    if (m.id === ids[0]) messages.push(summary);
    if (!gone.has(m.id)) messages.push(m);
  }
  return { messages, superseded: ids, ...extra };
}

const codeOf = (r: ReturnType<typeof validateCompactorResult>) => (r.ok ? 'ok' : r.code);

describe('validateCompactorResult', () => {
  it('accepts a result that supersedes whole units and keeps the always-keep set', () => {
    expect(validateCompactorResult(before, compact(['m2', 'm3', 'm4', 'm5', 'm6']))).toEqual({ ok: true });
    expect(validateCompactorResult(before, { messages: before, superseded: [] })).toEqual({ ok: true });
  });

  it('detects a call kept without its results', () => {
    const r = compact(['m3', 'm4', 'm5']);
    expect(codeOf(validateCompactorResult(before, r))).toBe('compactor_split_tool_pair');
  });

  it('detects a parallel exchange kept with only some of its results', () => {
    expect(codeOf(validateCompactorResult(before, compact(['m4'])))).toBe('compactor_split_tool_pair');
  });

  it('detects results kept without their call', () => {
    expect(codeOf(validateCompactorResult(before, compact(['m2'])))).toBe('compactor_split_tool_pair');
  });

  it('detects a new message whose call has no results', () => {
    const invented = msg(101, 'assistant', '', { id: 'new', tool_calls: [call('zz')] });
    const r = { messages: [...before, invented], superseded: [] };
    expect(codeOf(validateCompactorResult(before, r))).toBe('compactor_split_tool_pair');
  });

  it('allows keeping the in-flight call that had no result to begin with', () => {
    const inFlight = [...before, msg(13, 'assistant', '', { tool_calls: [call('pending')] })];
    expect(validateCompactorResult(inFlight, { messages: inFlight, superseded: [] })).toEqual({ ok: true });
  });

  it('detects a dropped always-keep message (pinned or retained)', () => {
    const r = compact(['m1']);
    const v = validateCompactorResult(before, r);
    expect(codeOf(v)).toBe('compactor_dropped_always_keep');
    expect(v.ok ? '' : v.detail).toContain('first_operator_message');
    expect(codeOf(validateCompactorResult(before, compact(['m6']), new Set(['m6'])))).toBe('compactor_dropped_always_keep');
  });

  it('detects unknown, lost and contradictory ids', () => {
    expect(codeOf(validateCompactorResult(before, { messages: before, superseded: ['nope'] }))).toBe('compactor_unknown_message');
    expect(codeOf(validateCompactorResult(before, { messages: before.filter((m) => m.id !== 'm6'), superseded: [] }))).toBe(
      'compactor_lost_message',
    );
    expect(codeOf(validateCompactorResult(before, { messages: before, superseded: ['m6'] }))).toBe('compactor_inconsistent_result');
  });

  it('checks pairs on the real content, not on a mode flag', () => {
    // the same superseded set is valid or not depending on which messages are tool results
    const flat = [msg(0, 'system', 's'), msg(1, 'user', 't'), msg(2, 'assistant', 'a'), msg(3, 'assistant', 'b'), msg(4, 'user', 'u')];
    const paired = [flat[0]!, flat[1]!, msg(2, 'assistant', '', { tool_calls: [call('k')] }), result(3, 'k', 'r'), flat[4]!];
    const cut = (list: Message[]) => ({ messages: list.filter((m) => m.id !== 'm3'), superseded: ['m3'] });
    expect(validateCompactorResult(computePins(flat, []).messages, cut(flat)).ok).toBe(true);
    expect(validateCompactorResult(computePins(paired, []).messages, cut(paired)).ok).toBe(false);
    expect(byId('m1').pin?.reason).toBe('first_operator_message');
  });
});
