import { create } from 'zustand';
import { api } from '../../config/settings-store';
import { unwrap } from './client';
import { INITIAL_REACHABILITY, nextReachability, suggestsOutage, type ReachabilityEvent, type ReachabilityState } from './outage';

/**
 * Whether the daemon answers at all, for the one page-level outage message. A failure that
 * suggests an outage (network, timeout, a gateway's 502/503/504) starts a health probe; only a
 * failed probe says "down" (so one endpoint's 503 stays that panel's problem). While down, the
 * probe repeats every few seconds; the first answer (probe or any request) ends the outage and
 * counts a recovery, on which every failed query and panel tries again by itself.
 */
export const useReachability = create<ReachabilityState>()(() => INITIAL_REACHABILITY);

let timer: ReturnType<typeof setTimeout> | null = null;
let inFlight = false;

function dispatch(event: ReachabilityEvent): void {
  useReachability.setState((state) => nextReachability(state, event));
}

/** Asks GET /health now (the operator's "Retry now", or the scheduled probe). */
export async function probeDaemon(): Promise<void> {
  if (inFlight) return;
  inFlight = true;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  try {
    unwrap(await api().GET('/health', { signal: AbortSignal.timeout(5_000) }));
    reportAnswer();
  } catch (error) {
    if (suggestsOutage(error)) {
      const now = Date.now();
      dispatch({ type: 'probe-failed', now });
      const { nextProbeAt } = useReachability.getState();
      timer = setTimeout(() => void probeDaemon(), Math.max(0, (nextProbeAt ?? now) - now));
    } else {
      // It answered (even with an error of its own): not an outage.
      reportAnswer();
    }
  } finally {
    inFlight = false;
  }
}

/** Something suggests the daemon is gone (the live stream cannot reconnect): check. */
export function suspectOutage(): void {
  const before = useReachability.getState().reachability;
  dispatch({ type: 'suspect' });
  if (before === 'up') void probeDaemon();
}

/** A request failed: when it looks like an outage, check. */
export function reportFailure(error: unknown): void {
  if (suggestsOutage(error)) suspectOutage();
}

/** A request was answered: any outage is over. */
export function reportAnswer(): void {
  if (useReachability.getState().reachability === 'up') return;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  dispatch({ type: 'answered' });
}

/** Whether this failure is part of an outage being handled page-wide (panels then wait quietly). */
export function useIsOutageFailure(error: unknown): boolean {
  const reachability = useReachability((s) => s.reachability);
  return reachability !== 'up' && suggestsOutage(error);
}
