import { describe, expect, it } from 'vitest';
import { estimateMessageTokens } from './estimate';
import { call, msg, parallelSession, result } from './test-support/build';
import { loadOpenAiChat } from './test-support/load-transcripts';
import { groupUnits, newestUnit } from './units';

describe('groupUnits', () => {
  it('puts an assistant with parallel calls and all its shuffled results in one unit', () => {
    const ms = parallelSession(2);
    const units = groupUnits(ms);
    // system, task, [call + 3 results], remark, [call + 3 results], remark, user
    expect(units.map((u) => u.messages.length)).toEqual([1, 1, 4, 1, 4, 1, 1]);
    const exchange = units[2]!;
    expect(exchange.kind).toBe('tool_exchange');
    expect(exchange.messages.map((m) => m.tool_call_id)).toEqual([null, 't0c', 't0a', 't0b']);
    expect(exchange.missing_results).toEqual([]);
    expect(exchange.tokens).toBe(exchange.messages.reduce((n, m) => n + estimateMessageTokens(m), 0));
  });

  it('keeps results with their call even when other messages come between', () => {
    const ms = [
      msg(0, 'assistant', '', { tool_calls: [call('a'), call('b')] }),
      result(1, 'a', 'A'),
      msg(2, 'user', 'interjection'),
      result(3, 'b', 'B'),
    ];
    const units = groupUnits(ms);
    expect(units.map((u) => u.positions)).toEqual([[0, 1, 3], [2]]);
    // The last message is the exchange's result: the exchange, not the last unit, is the newest.
    expect(newestUnit(units, ms.length)).toBe(units[0]);
    expect(newestUnit(units.slice(1), ms.length)).toBeNull();
  });

  it('makes an orphan result its own unit, and reports calls still waiting for results', () => {
    const ms = [result(0, 'nobody', 'stray'), msg(1, 'assistant', '', { tool_calls: [call('x'), call('y')] }), result(2, 'x', 'X')];
    const units = groupUnits(ms);
    expect(units.map((u) => u.kind)).toEqual(['orphan_result', 'tool_exchange']);
    expect(units[1]?.missing_results).toEqual(['y']);
  });

  it('binds a reused call id to the closest earlier call', () => {
    const ms = [
      msg(0, 'assistant', '', { tool_calls: [call('dup')] }),
      result(1, 'dup', 'first'),
      msg(2, 'assistant', '', { tool_calls: [call('dup')] }),
      result(3, 'dup', 'second'),
    ];
    expect(groupUnits(ms).map((u) => u.positions)).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('a unit is pinned if any of its messages is pinned', () => {
    const ms = parallelSession(1);
    const units = groupUnits(ms, (m) => m.id === 'm4');
    expect(units.filter((u) => u.pinned).map((u) => u.key)).toEqual(['m2']);
  });

  it('on a real transcript: one unit per exchange; the trailing call without result is the newest unit', () => {
    const { messages } = loadOpenAiChat('astropy__astropy-12907.traj.json');
    const units = groupUnits(messages);
    const exchanges = units.filter((u) => u.kind === 'tool_exchange');
    expect(exchanges).toHaveLength(messages.filter((m) => m.role === 'assistant').length);
    expect(units.filter((u) => u.kind === 'orphan_result')).toHaveLength(0);
    expect(units.reduce((n, u) => n + u.messages.length, 0)).toBe(messages.length);
    const newest = newestUnit(units, messages.length);
    expect(newest?.missing_results).toHaveLength(1);
    expect(exchanges.filter((u) => u.missing_results.length > 0)).toEqual([newest]);
  });
});
