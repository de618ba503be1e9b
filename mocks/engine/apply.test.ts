import { describe, expect, it } from 'vitest';
import { activeMessages, applyCompaction } from './apply';
import { runCompaction } from './pipeline';
import { deepFreeze, input, parallelSession } from './test-support/build';

describe('applyCompaction', () => {
  it('marks superseded messages and inserts the summary where the window was', () => {
    const messages = deepFreeze(parallelSession(30));
    const out = runCompaction(input(messages, { strategy: 'summarize' }));
    if (out.kind !== 'compacted') throw new Error(out.kind);
    const all = applyCompaction(messages, out);
    expect(all).toHaveLength(messages.length + 1);
    expect(activeMessages(all).map((m) => m.id)).toEqual(out.messages.map((m) => m.id));
    const firstGone = all.findIndex((m) => m.superseded);
    expect(all[firstGone - 1]?.id).toBe('msg_summary_1');
    for (const m of all.filter((x) => x.superseded)) expect(m.superseded_by).toBe('cmp_1');
    expect(all.filter((m) => m.superseded).map((m) => m.id)).toEqual(out.superseded_ids);
  });

  it('adds no message for a drop', () => {
    const messages = parallelSession(30);
    const out = runCompaction(input(messages, { summarize: { enabled: false } }));
    if (out.kind !== 'compacted') throw new Error(out.kind);
    const all = applyCompaction(messages, out);
    expect(all).toHaveLength(messages.length);
    expect(activeMessages(all).map((m) => m.id)).toEqual(out.messages.map((m) => m.id));
  });
});

describe('applyCompaction is idempotent', () => {
  it('applying twice gives the same store', () => {
    const messages = parallelSession(30);
    const out = runCompaction(input(messages, { strategy: 'summarize' }));
    if (out.kind !== 'compacted') throw new Error(out.kind);
    const once = applyCompaction(messages, out);
    expect(applyCompaction(once, out)).toEqual(once);
  });
});
