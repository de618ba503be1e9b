// Reactive fallback (agent.md § Reactive fallback retry): a provider context-length error
// forces a compaction (trigger provider_overflow_retry) and one retry per dispatch cycle.

import type { CompactedOutcome, CompactionInput, CompactionOutcome, PendingOutcome } from './engine-types';
import { runCompaction } from './pipeline';
import type { Message } from './types';

/** Scoped to one dispatch cycle (dispatchPrimary). */
export interface DispatchState {
  reactiveRetryAttempted: boolean;
}

export interface ProviderError {
  /** HTTP status, when there was one. */
  status?: number;
  message: string;
}

/** OpenAI, Anthropic, Google and Azure context-length error messages. */
export const CONTEXT_LENGTH_PATTERNS: readonly RegExp[] = [
  /maximum context length/i,
  /context_length_exceeded/i,
  /context length exceeded/i,
  /prompt is too long/i,
  /input is too long/i,
  /exceeds the (?:maximum|max) (?:number of )?(?:input )?tokens/i,
  /input token count .* exceeds/i,
  /reduce the length of the messages/i,
  /too many tokens/i,
];

function asProviderError(err: unknown): ProviderError | null {
  if (typeof err === 'string') return { message: err };
  if (typeof err !== 'object' || err === null) return null;
  const message = 'message' in err && typeof err.message === 'string' ? err.message : '';
  const status = 'status' in err && typeof err.status === 'number' ? err.status : undefined;
  return status === undefined ? { message } : { status, message };
}

export function isContextLengthError(err: unknown): boolean {
  const e = asProviderError(err);
  if (!e) return false;
  return e.status === 413 || CONTEXT_LENGTH_PATTERNS.some((p) => p.test(e.message));
}

export type ReactiveInput = Omit<CompactionInput, 'trigger' | 'dryRun'> & {
  /** What the provider really accepts (the estimator may be wrong); default window.tokens. */
  providerLimit?: number;
};

export type ReactiveResult =
  | {
      action: 'propagate';
      /** The original error propagates; nothing is retried. */
      reason: 'not_context_length_error' | 'retry_already_attempted' | 'noop' | 'failed';
      error: unknown;
      state: DispatchState;
      outcome: CompactionOutcome | null;
    }
  | {
      /** checkpoint strategy: the session pauses for approval; no retry now. */
      action: 'await_approval';
      state: DispatchState;
      outcome: PendingOutcome;
    }
  | {
      action: 'retry';
      state: DispatchState;
      outcome: CompactedOutcome;
      /** The list the single retry is made with. */
      messages: Message[];
      /** Simulated retry: it fails again when the compacted estimate still exceeds the provider's limit. */
      retry: 'ok' | 'context_overflow';
      /** On a second overflow the run is failed and the session degrades to context_overflow. */
      run_status: 'continues' | 'failed';
      session_state: 'active' | 'context_overflow';
    };

/**
 * Handles a provider error for one dispatch cycle. Pure: returns the next state rather than
 * mutating `state`. The flag is set before compacting, so a second overflow in the same
 * cycle always propagates, whatever the first attempt's outcome.
 */
export function runReactive(input: ReactiveInput, state: DispatchState, error: unknown): ReactiveResult {
  if (!isContextLengthError(error)) {
    return { action: 'propagate', reason: 'not_context_length_error', error, state, outcome: null };
  }
  if (state.reactiveRetryAttempted) {
    return { action: 'propagate', reason: 'retry_already_attempted', error, state, outcome: null };
  }
  const next: DispatchState = { ...state, reactiveRetryAttempted: true };
  const { providerLimit, ...rest } = input;
  const outcome = runCompaction({ ...rest, trigger: 'provider_overflow_retry', dryRun: false });
  switch (outcome.kind) {
    case 'pending':
      return { action: 'await_approval', state: next, outcome };
    case 'compacted': {
      const limit = providerLimit ?? input.window.tokens;
      const overflow = outcome.record.after_estimate > limit;
      return {
        action: 'retry',
        state: next,
        outcome,
        messages: outcome.messages,
        retry: overflow ? 'context_overflow' : 'ok',
        run_status: overflow ? 'failed' : 'continues',
        session_state: overflow ? 'context_overflow' : 'active',
      };
    }
    case 'noop':
    case 'failed':
      return { action: 'propagate', reason: outcome.kind, error, state: next, outcome };
    case 'not_triggered':
      // A forced trigger is never "not triggered"; treated like a no-op for safety.
      return { action: 'propagate', reason: 'noop', error, state: next, outcome };
  }
}
