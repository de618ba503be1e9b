import { describe, expect, it } from 'vitest';
import type { Schemas } from '../contract/types';
import { beforeOfProposal, diffTotals } from './align';
import { headerTotals, isPartial, proposalFigures, repeatedIds, wholeFigures, withRest } from './proposal-figures';
import type { DiffTotals } from './diff-model';

type Message = Schemas['Message'];

const msg = (id: string, tokens: number, superseded = false): Message =>
  ({ id, superseded, metadata: { token_estimate: tokens } }) as unknown as Message;

describe('proposalFigures', () => {
  it('starts from the context as the session shows it (pruned) and counts pruned superseded messages at their pruned size', () => {
    // The list as it stands: a 100, b 5,000 (pruned to 20), c 3,000 (pruned to 20), d 200; fixed 1,000.
    // After pruning: 100 + 20 + 20 + 200 + 1,000 = 1,340; b and c superseded (40), summary 50: after 1,350.
    const result = {
      before_estimate: 1_340,
      record: { summary_message_id: 's', after_estimate: 1_340 - 20 - 20 + 50 },
      messages: [msg('a', 100), msg('b', 5_000, true), msg('c', 3_000, true), msg('s', 50), msg('d', 200)],
      pruned: [
        { message_id: 'b', tokens_before: 5_000, tokens_after: 20 },
        { message_id: 'c', tokens_before: 3_000, tokens_after: 20 },
      ],
    } as unknown as Schemas['DryRunResult'];
    const f = proposalFigures(result);
    expect(f).toMatchObject({ before: 1_340, pruned: 7_960, prunedCount: 2, superseded: 40, supersededCount: 2, summary: 50, after: 1_350 });
    expect(f.before - f.superseded + f.summary).toBe(f.after);
    expect(f.balanced).toBe(true);
  });
  it('without pruning, before is the daemon’s estimate', () => {
    const result = {
      before_estimate: 1_000,
      record: { summary_message_id: null, after_estimate: 700 },
      messages: [msg('a', 300, true), msg('b', 200)],
    } as unknown as Schemas['DryRunResult'];
    expect(proposalFigures(result)).toMatchObject({ before: 1_000, pruned: 0, superseded: 300, summary: 0, after: 700, balanced: true });
  });
});

describe('an answer holding only the first messages (first)', () => {
  const figures = { pruned_count: 2, pruned_tokens: 1_500, superseded_count: 3, superseded_tokens: 900, summary_tokens: 50, pinned: 2, tool_exchanges: 4, parallel_exchanges: 1, split_exchanges: 0 };
  // The lists about messages hold the first messages' entries only: a's (b and d are pruned too, in the rest).
  const part = {
    before_estimate: 2_000,
    record: { summary_message_id: 's', after_estimate: 1_150, superseded_message_ids: ['a'] },
    messages: [msg('a', 300, true)],
    pruned: [{ message_id: 'a', tokens_before: 1_300, tokens_after: 300 }],
    messages_total: 5,
    messages_next_cursor: 'c1',
    figures,
  } as unknown as Schemas['DryRunResult'];
  const modelTotals = { pinned: 0, groups: 0, parallelGroups: 0, splitGroups: [] } as unknown as DiffTotals;

  it('counts the whole proposal from the daemon’s figures until the rest is read', () => {
    expect(isPartial(part)).toBe(true);
    expect(proposalFigures(part)).toMatchObject({ pruned: 1_500, prunedCount: 2, superseded: 900, supersededCount: 3, summary: 50, balanced: true });
    expect(headerTotals(part, modelTotals)).toEqual({ pinned: 2, groups: 4, parallelGroups: 1, split: 0 });
  });

  it('with the rest appended (its pruned entries and superseded ids with it), counts its own lists again', () => {
    const whole = withRest(part, {
      messages: [msg('b', 300, true), msg('c', 300, true), msg('s', 50), msg('d', 100)],
      pruned: [{ message_id: 'd', tokens_before: 600, tokens_after: 100 }],
    });
    expect(isPartial(whole)).toBe(false);
    expect(whole.messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 's', 'd']);
    expect(whole.record.superseded_message_ids).toEqual(['a', 'b', 'c']);
    expect(whole.pruned?.map((p) => p.message_id)).toEqual(['a', 'd']);
    expect(whole.messages_next_cursor).toBeNull();
    expect(proposalFigures(whole)).toMatchObject({ pruned: 1_500, prunedCount: 2, superseded: 900, supersededCount: 3, summary: 50 });
    expect(headerTotals(whole, modelTotals)).toEqual({ pinned: 0, groups: 0, parallelGroups: 0, split: 0 });
  });

  it('an answer without messages_total (a daemon that ignores first) is whole', () => {
    const { messages_total: _t, messages_next_cursor: _c, ...plain } = part;
    expect(isPartial(plain)).toBe(false);
    expect(proposalFigures(plain)).toMatchObject({ superseded: 300, supersededCount: 1 });
  });
});

describe('wholeFigures', () => {
  /** A proposed list drawn from `seed`: exchanges (parallel, interleaved, unanswered), orphan results, pins, superseded runs, a summary, and now and then an id twice. */
  function proposal(seed: number): Schemas['DryRunResult'] {
    let x = seed;
    const rand = (n: number): number => {
      x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
      return (x >>> 16) % n;
    };
    const messages: Message[] = [];
    const open: string[] = [];
    for (let k = 0; k < 40; k++) {
      const id = rand(30) === 0 && messages.length > 0 ? (messages[rand(messages.length)] as Message).id : rand(25) === 0 ? `m${k}#after` : `m${k}`;
      const base = { id, superseded: rand(3) === 0, pin: rand(6) === 0 ? { reason: 'rule' } : null, metadata: { token_estimate: 10, kind: 'message' }, tool_calls: [], tool_call_id: null };
      const roll = rand(4);
      if (roll === 0) {
        const calls = Array.from({ length: 1 + rand(3) }, (_, c) => ({ id: `c${k}_${c}`, name: 't', arguments: '{}' }));
        open.push(...calls.map((c) => c.id));
        messages.push({ ...base, role: 'assistant', tool_calls: calls } as unknown as Message);
      } else if (roll === 1) {
        const call = rand(5) === 0 ? `nobody${k}` : open.splice(rand(open.length + 1), 1)[0] ?? null;
        messages.push({ ...base, role: 'tool', tool_call_id: call } as unknown as Message);
      } else messages.push({ ...base, role: rand(2) === 0 ? 'user' : 'assistant' } as unknown as Message);
    }
    const at = rand(messages.length);
    messages.splice(at, 0, { ...msg('sum', 50), role: 'user', pin: rand(2) === 0 ? { reason: 'rule' } : null, tool_calls: [], tool_call_id: null, metadata: { token_estimate: 50, kind: 'compaction_summary' } } as unknown as Message);
    return { before_estimate: 0, record: { summary_message_id: rand(8) === 0 ? null : 'sum', after_estimate: 0, superseded_message_ids: [] }, messages } as unknown as Schemas['DryRunResult'];
  }

  it("counts the pins and tool exchanges of the diff's own model of the list, on 500 drawn lists", () => {
    for (let seed = 1; seed <= 500; seed++) {
      const result = proposal(seed);
      const t = headerTotals(result, diffTotals(beforeOfProposal(result.messages, result.record), result.messages));
      const w = wholeFigures(result);
      expect([w.pinned, w.tool_exchanges, w.parallel_exchanges, w.split_exchanges], `seed ${seed}`).toEqual([t.pinned, t.groups, t.parallelGroups, t.split]);
    }
  });
});

describe('repeatedIds', () => {
  it('counts the messages whose id an earlier one has', () => {
    expect(repeatedIds([])).toBe(0);
    expect(repeatedIds([{ id: 'a' }, { id: 'b' }])).toBe(0);
    expect(repeatedIds([{ id: 'a' }, { id: 'b' }, { id: 'a' }, { id: 'a' }, { id: 'b' }])).toBe(3);
  });
});
