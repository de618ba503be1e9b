import { describe, expect, it } from 'vitest';
import { isContextLengthError, runReactive, type DispatchState, type ReactiveInput } from './reactive';
import { deepFreeze, input, parallelSession } from './test-support/build';
import { loadOpenAiChat } from './test-support/load-transcripts';

const overflow = { status: 400, message: "This model's maximum context length is 32000 tokens. However, your messages resulted in 41234 tokens." };

function reactiveInput(messages = loadOpenAiChat('django__django-11133.traj.json').messages): ReactiveInput {
  const { trigger: _t, dryRun: _d, ...rest } = input(messages);
  return rest;
}

describe('isContextLengthError', () => {
  it.each([
    overflow,
    { message: 'Error code: 400 - context_length_exceeded' },
    { message: 'prompt is too long: 212345 tokens > 200000 maximum' },
    { message: 'The input token count (1048577) exceeds the maximum number of tokens allowed (1048576).' },
    { message: 'Please reduce the length of the messages or completion.' },
    { status: 413, message: 'Request Entity Too Large' },
    'maximum context length exceeded',
  ])('recognises %j', (e) => expect(isContextLengthError(e)).toBe(true));

  it.each([{ status: 429, message: 'Rate limit reached' }, { status: 500, message: 'internal error' }, null, 42])('rejects %j', (e) =>
    expect(isContextLengthError(e)).toBe(false),
  );
});

describe('runReactive', () => {
  it('compacts with trigger provider_overflow_retry and retries once', () => {
    const state: DispatchState = deepFreeze({ reactiveRetryAttempted: false });
    const res = runReactive(reactiveInput(), state, overflow);
    expect(res.action).toBe('retry');
    if (res.action !== 'retry') return;
    expect(res.state).toEqual({ reactiveRetryAttempted: true });
    expect(state.reactiveRetryAttempted).toBe(false);
    expect(res.outcome.record.trigger).toBe('provider_overflow_retry');
    expect(res.outcome.audit[0]?.data.trigger).toBe('provider_overflow_retry');
    expect(res).toMatchObject({ retry: 'ok', run_status: 'continues', session_state: 'active' });
    expect(res.messages).toBe(res.outcome.messages);
  });

  it('enforces the single-retry cap: a second overflow in the same cycle propagates', () => {
    const first = runReactive(reactiveInput(), { reactiveRetryAttempted: false }, overflow);
    const second = runReactive(reactiveInput(), first.state, overflow);
    expect(second).toEqual({ action: 'propagate', reason: 'retry_already_attempted', error: overflow, state: { reactiveRetryAttempted: true }, outcome: null });
  });

  it('propagates the original error without retrying when compaction is a no-op (and still uses up the retry)', () => {
    const res = runReactive(reactiveInput(parallelSession(3)), { reactiveRetryAttempted: false }, overflow);
    expect(res.action).toBe('propagate');
    if (res.action !== 'propagate') return;
    expect(res.reason).toBe('noop');
    expect(res.error).toBe(overflow);
    expect(res.state.reactiveRetryAttempted).toBe(true);
    expect(res.outcome?.kind).toBe('noop');
  });

  it('marks context_overflow when the retried list still exceeds what the provider accepts', () => {
    const res = runReactive({ ...reactiveInput(), providerLimit: 15_000 }, { reactiveRetryAttempted: false }, overflow);
    expect(res).toMatchObject({ action: 'retry', retry: 'context_overflow', run_status: 'failed', session_state: 'context_overflow' });
  });

  it('leaves other errors alone', () => {
    const err = { status: 429, message: 'Rate limit reached' };
    expect(runReactive(reactiveInput(), { reactiveRetryAttempted: false }, err)).toEqual({
      action: 'propagate',
      reason: 'not_context_length_error',
      error: err,
      state: { reactiveRetryAttempted: false },
      outcome: null,
    });
  });

  it('a checkpoint strategy pauses for approval instead of retrying', () => {
    const base = reactiveInput();
    const res = runReactive({ ...base, config: { ...base.config, strategy: 'checkpoint' } }, { reactiveRetryAttempted: false }, overflow);
    expect(res.action).toBe('await_approval');
  });
});
