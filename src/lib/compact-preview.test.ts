import { describe, expect, it } from 'vitest';
import type { DryRunResult } from './compact-preview';
import { commitGate, makePreview } from './compact-preview';
import { requestHash } from './compact-form';
import { compareRows } from '../features/manual-compact/lib/compare';
import { withPinned } from '../features/manual-compact/lib/compare-store';

let n = 0;
const ids = () => `id${++n}`;

function result(after: number, kept: number, cost: number, fallback: string | null = null): DryRunResult {
  return {
    before_estimate: 100_000,
    messages: [],
    record: {
      strategy: 'drop', after_estimate: after, messages_after: kept, messages_before: 300, superseded_message_ids: ['a', 'b'], summary_tokens: null,
      cost_usd: cost, summarizer_model: null, fallback_occurred: fallback !== null, fallback_reason: fallback, window_upper: 0.85, window_lower: 0.6,
      compression_ratio: after / 100_000, context_window: 200_000,
    },
  } as unknown as DryRunResult;
}

const request = { agent_path: 'primary', strategy: 'drop' as const, upper_threshold: 0.85, lower_threshold: 0.6 };

describe('preview and commit gate', () => {
  it('gives each preview its own idempotency key', () => {
    const a = makePreview('s', request, result(1, 1, 0), ids, 10);
    const b = makePreview('s', request, result(1, 1, 0), ids, 11);
    expect(a.hash).toBe(b.hash);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
  });

  it('allows commit only for a current preview, once, and not while pending', () => {
    const preview = makePreview('s', request, result(1, 1, 0), ids, 10);
    const base = { preview, currentHash: requestHash('s', request), valid: true, pending: false, staleBefore: 0, committed: false };
    expect(commitGate(base)).toEqual({ ok: true });
    expect(commitGate({ ...base, preview: null }).ok).toBe(false);
    expect(commitGate({ ...base, currentHash: requestHash('s', { ...request, lower_threshold: 0.5 }) })).toEqual({ ok: false, reason: expect.stringMatching(/changed/) });
    expect(commitGate({ ...base, pending: true })).toEqual({ ok: false, reason: 'Committing…' });
    expect(commitGate({ ...base, committed: true }).ok).toBe(false);
    expect(commitGate({ ...base, staleBefore: 11 }).ok).toBe(false);
    expect(commitGate({ ...base, valid: false }).ok).toBe(false);
  });
});

describe('comparing proposals', () => {
  it('marks the better figure', () => {
    const drop = makePreview('s', request, result(90_000, 200, 0), ids);
    const summarize = makePreview('s', { ...request, strategy: 'summarize' }, result(60_000, 120, 0.02, 'summarizer failed'), ids);
    const rows = compareRows([drop, summarize]);
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r.cells]));
    expect(byLabel['Tokens after']?.map((c) => c.best)).toEqual([false, true]);
    expect(byLabel['Messages kept']?.map((c) => c.best)).toEqual([true, false]);
    expect(byLabel['Estimated cost']?.map((c) => c.best)).toEqual([true, false]);
    expect(byLabel['Fallback']?.[1]).toEqual({ text: 'summarizer failed', tone: 'warn' });
  });

  it('pins at most two, the same settings replacing their older preview', () => {
    const a = makePreview('s', request, result(1, 1, 0), ids);
    const a2 = makePreview('s', request, result(1, 1, 0), ids);
    const b = makePreview('s', { ...request, strategy: 'summarize' }, result(1, 1, 0), ids);
    const c = makePreview('s', { ...request, lower_threshold: 0.4 }, result(1, 1, 0), ids);
    expect(withPinned([a], a2).map((p) => p.id)).toEqual([a2.id]);
    expect(withPinned([a, b], c).map((p) => p.id)).toEqual([b.id, c.id]);
  });
});
