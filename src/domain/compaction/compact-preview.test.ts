import { describe, expect, it } from 'vitest';
import { commitGate, makePreview } from './compact-preview';
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
});
