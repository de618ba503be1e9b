import { describe, expect, it } from 'vitest';
import type { Schemas } from '../contract/types';
import { proposalFigures } from './proposal-figures';

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
