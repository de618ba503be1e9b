import { describe, expect, it } from 'vitest';
import { commitGate, makePreview, nothingToCompact } from './compact-preview';
import { requestHash } from './compact-form';
import { makeDryRunResult as result } from '../../test-support/test-records';

let n = 0;
const ids = () => `id${++n}`;

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

  it('refuses to commit a proposal that supersedes nothing, saying why in figures', () => {
    const below = result(8_192, 3, 0);
    const noop = { ...below, before_estimate: 8_192, record: { ...below.record, superseded_message_ids: [] } };
    const preview = makePreview('s', request, noop, ids, 10);
    const gate = commitGate({ preview, currentHash: requestHash('s', request), valid: true, pending: false, staleBefore: 0, committed: false });
    expect(gate).toEqual({ ok: false, reason: 'Nothing to compact: already below the lower target, 8.2k of 120k tokens.' });
    // Above the target with nothing the strategy may supersede: still nothing to commit, and not called "below".
    const stuck = { ...noop, before_estimate: 150_000 };
    expect(nothingToCompact(stuck)).toMatch(/^Nothing to compact: the strategy supersedes no message, .* 150k tokens, above the lower target of 120k/);
    expect(nothingToCompact(result(1, 1, 0))).toBeNull();
  });

  it('counts what an answer in part supersedes from the whole figures, not from its first messages', () => {
    const below = result(8_192, 3, 0);
    // The first 200 messages supersede none; the whole proposal supersedes 40.
    const part = { ...below, before_estimate: 8_192, record: { ...below.record, superseded_message_ids: [] }, messages: [], messages_total: 900, figures: { superseded_count: 40 } };
    expect(nothingToCompact(part as unknown as typeof below)).toBeNull();
  });
});
