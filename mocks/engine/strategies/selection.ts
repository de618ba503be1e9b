// Shared selection helpers: which units may be compacted, and taking the oldest of them
// until the estimate reaches the lower target.

import type { Unit } from '../units';
import type { StrategyContext } from './context';

/**
 * Units a strategy may supersede, oldest first: not pinned (or retained), not the turn in
 * flight, and not touching the `preserveRecent` most recent messages.
 */
export function candidateUnits(ctx: StrategyContext, preserveRecent = 0): Unit[] {
  const recentFrom = ctx.messages.length - Math.max(0, preserveRecent);
  return ctx.units.filter(
    (u) => !u.pinned && u !== ctx.newest && u.positions.every((p) => p < recentFrom),
  );
}

export interface Selection {
  taken: Unit[];
  reached: boolean;
}

/**
 * Takes candidates oldest-first until current − removed + reserve ≤ target. `reserve` is
 * what the replacement (a summary message) can cost. Takes nothing when already at target.
 */
export function takeOldestUntil(candidates: readonly Unit[], current: number, target: number, reserve: number): Selection {
  if (current <= target) return { taken: [], reached: true };
  const taken: Unit[] = [];
  let removed = 0;
  for (const u of candidates) {
    taken.push(u);
    removed += u.tokens;
    if (current - removed + reserve <= target) return { taken, reached: true };
  }
  return { taken, reached: false };
}

function messageCount(units: readonly Unit[]): number {
  return units.reduce((n, u) => n + u.messages.length, 0);
}

/** Extends an oldest-first prefix of `candidates` until it holds at least `min` messages (if available). */
export function extendToMinimumMessages(taken: readonly Unit[], candidates: readonly Unit[], min: number): Unit[] {
  const out = [...taken];
  for (const u of candidates.slice(taken.length)) {
    if (messageCount(out) >= min) break;
    out.push(u);
  }
  return out;
}

/** Why the lower target cannot be reached: what stays no matter what. */
export function unreachableReason(ctx: StrategyContext, candidates: readonly Unit[], reserve: number): string {
  const removable = candidates.reduce((n, u) => n + u.tokens, 0);
  const best = ctx.current - removable + reserve;
  const pinned = ctx.units.filter((u) => u.pinned).reduce((n, u) => n + u.tokens, 0);
  const inFlight = ctx.newest && !ctx.newest.pinned ? ctx.newest.tokens : 0;
  return (
    `lower target ${ctx.target} tokens unreachable: at best ${best} tokens remain ` +
    `(${pinned} always-keep, ${inFlight} in the turn in flight, ${ctx.reservedOutput} reserved for output` +
    `${ctx.baseTokens > 0 ? `, ${ctx.baseTokens} of system prompt and tool definitions` : ''})`
  );
}
