// Deterministic simulated durations. The engine never reads a clock: a record's duration_ms
// is the sum of plugin durations and these strategy times.

/** Dropping is bookkeeping: 1 ms plus 1 ms per 25 units considered. */
export function dropDurationMs(unitsConsidered: number): number {
  return 1 + Math.ceil(unitsConsidered / 25);
}

/** A summarizer call: 250 ms latency, 1 ms per 250 prompt tokens, 1 ms per 2 output tokens (≈500 tok/s). */
export function summarizerDurationMs(inputTokens: number, outputTokens: number): number {
  return 250 + Math.ceil(inputTokens / 250) + Math.ceil(outputTokens / 2);
}

/** A summarizer call that errors: latency until the provider's error response. */
export const SUMMARIZER_ERROR_MS = 400;

/** Harness-side validation of a CompactorResult. */
export const VALIDATION_MS = 1;
