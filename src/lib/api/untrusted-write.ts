import { isOutcomeUnknown } from './api-error';

/**
 * What reading again showed after a write whose answer could not be trusted (see isOutcomeUnknown):
 * the daemon holds the write ('applied'), it does not ('not-applied'), or it could not be read
 * ('unknown', current null).
 */
export type Reread<R> = { verdict: 'applied' | 'not-applied'; current: R } | { verdict: 'unknown'; current: null };

/** What the daemon holds is the truth: read it again and judge by it whether the write was applied. */
export async function readAgain<R>(read: () => Promise<R>, applied: (current: R) => boolean): Promise<Reread<R>> {
  let current: R;
  try {
    current = await read();
  } catch {
    return { verdict: 'unknown', current: null };
  }
  return { verdict: applied(current) ? 'applied' : 'not-applied', current };
}

/** A write's answer, or (when that answer could not be trusted) the error and what reading again showed. */
export type WriteOutcome<W, R> = { answered: true; result: W } | ({ answered: false; error: unknown } & Reread<R>);

/**
 * Sends a write once ("read again, then decide"): its answer when it can be trusted; when it leaves
 * the outcome unknown (a 2xx body breaking the contract, no answer in time), the daemon may have
 * applied it all the same, so it is read again and `applied` judges. Never sent twice by this code;
 * any other error is thrown as it came, but for a refusal as stale (409) whose current state
 * (`refusedWith`: the state it carries, checked, or null) `applied` accepts: that is the write's
 * answer. The network resent a request the daemon had applied (a browser resends one whose reused
 * connection closed under it), or the same values were saved elsewhere: nothing differs to choose.
 */
export async function writeOrReread<W, R>(
  write: () => Promise<W>,
  read: () => Promise<R>,
  applied: (current: R) => boolean,
  refusedWith?: (error: unknown) => (W & R) | null,
): Promise<WriteOutcome<W, R>> {
  try {
    return { answered: true, result: await write() };
  } catch (error) {
    if (!isOutcomeUnknown(error)) {
      const current = refusedWith?.(error) ?? null;
      if (current !== null && applied(current)) return { answered: true, result: current };
      throw error;
    }
    return { answered: false, error, ...(await readAgain(read, applied)) };
  }
}
