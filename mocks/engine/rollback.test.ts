import { describe, expect, it } from 'vitest';
import { activeMessages, applyCompaction } from './apply';
import type { CompactedOutcome, CompactionOutcome } from './engine-types';
import { runCompaction } from './pipeline';
import { applyRollback, computeRollback } from './rollback';
import { input, msg } from './test-support/build';
import { loadOpenAiChat } from './test-support/load-transcripts';
import type { Message } from './types';

function compacted(out: CompactionOutcome): CompactedOutcome {
  if (out.kind !== 'compacted') throw new Error(`expected compacted, got ${out.kind}`);
  return out;
}

/** Two summarize compactions of a real session with more work in between. */
function history() {
  const { messages } = loadOpenAiChat('django__django-11910.traj.json');
  const firstPart = messages.slice(0, 150);
  const c1 = compacted(runCompaction(input(firstPart, { strategy: 'summarize' }, { window: { tokens: 24_000, source: 'override' } })));
  let all = applyCompaction(firstPart, c1);
  const cursor = 149; // checkpoint taken after the first compaction
  all = [...all, ...messages.slice(150)];
  const c2 = compacted(
    runCompaction(
      input(activeMessages(all), { strategy: 'summarize' }, {
        ids: { compactionId: 'cmp_2', runId: 'run_2', summaryMessageId: 'msg_summary_2', now: '2026-06-07T11:00:00.000Z' },
      }),
    ),
  );
  all = applyCompaction(all, c2);
  return { messages, c1, c2, cursor, all };
}

describe('computeRollback', () => {
  it('undoes compactions after the checkpoint and supersedes what came after the cursor', () => {
    const { c1, c2, cursor, all } = history();
    // the second compaction folded the first summary into its window
    expect(c2.superseded_ids).toContain('msg_summary_1');
    const plan = computeRollback(all, [c2.record], cursor);
    expect(plan.rolled_back_record_ids).toEqual(['cmp_2']);
    expect(plan.supersede_ids).toContain('msg_summary_2');
    expect(plan.restore_ids.every((id) => c2.superseded_ids.includes(id))).toBe(true);
    const after = applyRollback(all, plan, 'chk_1');
    // back to exactly the state at the checkpoint: the list after the first compaction
    const expected = activeMessages(all.filter((m) => m.index <= cursor && m.id !== 'msg_summary_2').map(un));
    expect(expected.map((m) => m.id)).toEqual(c1.messages.map((m) => m.id));
    expect(activeMessages(after).map((m) => m.id)).toEqual(expected.map((m) => m.id));
    expect(after.find((m) => m.id === 'msg_summary_2')).toMatchObject({ superseded: true, superseded_by: 'chk_1' });
  });

  it('rolling back both compactions restores the original list up to the cursor', () => {
    const { messages, c1, c2, all } = history();
    const plan = computeRollback(all, [c1.record, c2.record], 149);
    expect(plan.supersede_ids).toContain('msg_summary_2');
    // the first summary is already superseded (by cmp_2): it is neither restored nor superseded again
    expect(plan.restore_ids).not.toContain('msg_summary_1');
    expect(plan.supersede_ids).not.toContain('msg_summary_1');
    const after = activeMessages(applyRollback(all, plan, 'chk_0'));
    expect(after.map((m) => m.id)).toEqual(messages.slice(0, 150).map((m) => m.id));
  });

  it('ignores dry runs and records already rolled back, and only restores currently superseded messages', () => {
    const { c2, all } = history();
    const none = computeRollback(all, [{ ...c2.record, dry_run: true }, { ...c2.record, rolled_back: true }], 10_000);
    expect(none).toEqual({ restore_ids: [], supersede_ids: [], rolled_back_record_ids: [] });
  });

  it('is pure', () => {
    const ms: Message[] = [msg(0, 'user', 'a'), { ...msg(1, 'assistant', 'b'), superseded: true, superseded_by: 'cmp_x' }];
    const frozen = Object.freeze(ms.map((m) => Object.freeze(m)));
    const record = { ...history().c1.record, id: 'cmp_x', superseded_message_ids: ['m1'], summary_message_id: null };
    const plan = computeRollback(frozen, [record], 5);
    expect(plan.restore_ids).toEqual(['m1']);
    expect(applyRollback(frozen, plan, 'chk')[1]).toMatchObject({ superseded: false, superseded_by: null });
  });
});

/** Un-supersede (used to rebuild the expected pre-second-compaction state). */
function un(m: Message): Message {
  return m.superseded && m.superseded_by === 'cmp_2' ? { ...m, superseded: false, superseded_by: null } : m;
}
