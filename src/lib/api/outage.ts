import { isApiError } from './api-error';

/**
 * Whether a failure looks like the daemon as a whole not answering (rather than one endpoint
 * failing): the network failed, nothing answered in time, or a gateway in front of it answered
 * 502/503/504 (a stopped daemon behind a proxy). Only a suspicion: a health probe confirms it.
 */
export function suggestsOutage(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  if (error.kind === 'http' || error.kind === 'malformed') return error.status === 502 || error.status === 503 || error.status === 504;
  return false;
}

/** Seconds between health probes while the daemon is not answering. */
export const PROBE_INTERVAL_S = 5;

export type Reachability = 'up' | 'probing' | 'down';

export interface ReachabilityState {
  reachability: Reachability;
  /** When the next probe runs (ms since epoch), while down. */
  nextProbeAt: number | null;
  /** Counts the daemon's returns: a change tells every failed panel to try again. */
  recoveries: number;
}

export type ReachabilityEvent =
  | { type: 'suspect' }
  | { type: 'probe-failed'; now: number }
  | { type: 'answered' };

/** The pure state machine behind the page-level outage message. */
export function nextReachability(state: ReachabilityState, event: ReachabilityEvent): ReachabilityState {
  switch (event.type) {
    case 'suspect':
      // Already down: the scheduled probe will tell; up: check once.
      return state.reachability === 'up' ? { ...state, reachability: 'probing' } : state;
    case 'probe-failed':
      return { ...state, reachability: 'down', nextProbeAt: event.now + PROBE_INTERVAL_S * 1000 };
    case 'answered':
      if (state.reachability === 'up') return state;
      return {
        reachability: 'up',
        nextProbeAt: null,
        recoveries: state.reachability === 'down' ? state.recoveries + 1 : state.recoveries,
      };
  }
}

export const INITIAL_REACHABILITY: ReachabilityState = { reachability: 'up', nextProbeAt: null, recoveries: 0 };
