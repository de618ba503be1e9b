/**
 * Data the UI should not believe: figures a broken or hostile daemon can send that pass the
 * contract's types but not arithmetic or common sense. Each check answers specific notices
 * (what is wrong, with the figures) for the screen to show beside a bounded render; none throws.
 */
import type { Agent, CompactionRecord, CompactionStats, CostBreakdown, SessionDetail, SessionSummary } from './contract/types';

export interface Notice {
  /** Which check: stable, for tests and keys. */
  kind: string;
  message: string;
}

import { FUTURE_TOLERANCE_MS } from './format';

const fmt = (n: number) => (Number.isFinite(n) ? String(Number(n.toPrecision(6))) : String(n));

/** A name from the daemon inside a notice: quoted, and cut short (a 1 MB agent path stays out of the message). */
export function clip(text: string, max = 60): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** A money figure that is not a finite number (1e999 parses as Infinity). */
export function checkUsd(label: string, value: number): Notice | null {
  return Number.isFinite(value) ? null : { kind: 'cost-not-finite', message: `${label} is not a finite amount (${Number.isNaN(value) ? 'not a number' : 'infinite'}); shown as unknown.` };
}

/** A cost split whose total is not the sum of its parts (1 cent tolerance), or whose figures are not finite. */
export function checkCost(cost: CostBreakdown): Notice[] {
  const notices = [checkUsd('Primary cost', cost.primary_usd), checkUsd('Compactor cost', cost.compactor_usd), checkUsd('Total cost', cost.total_usd)].filter(
    (n): n is Notice => n !== null,
  );
  if (notices.length === 0 && Math.abs(cost.primary_usd + cost.compactor_usd - cost.total_usd) > 0.01) {
    notices.push({
      kind: 'cost-total-not-sum',
      message: `The total cost $${fmt(cost.total_usd)} is not primary $${fmt(cost.primary_usd)} + compactor $${fmt(cost.compactor_usd)}.`,
    });
  }
  return notices;
}

/** A timestamp later than now (beyond clock skew): never "just now". */
export function checkTimestamp(label: string, iso: string, now: number): Notice | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return { kind: 'date-invalid', message: `${label} is not a date (${iso}).` };
  if (at > now + FUTURE_TOLERANCE_MS) return { kind: 'date-future', message: `${label} is in the future (${iso}); the daemon's clock or data is wrong.` };
  return null;
}

/**
 * Agents whose parent chain never reaches a root (a cycle, or a parent that does not exist):
 * they are listed flat rather than vanishing from the tree.
 */
export function checkAgentTree(agents: readonly Pick<Agent, 'agent_path' | 'parent_path'>[]): { notices: Notice[]; orphans: string[] } {
  const byPath = new Map(agents.map((a) => [a.agent_path, a]));
  const cyclic: string[] = [];
  const missing: string[] = [];
  for (const agent of agents) {
    const seen = new Set<string>();
    let current: Pick<Agent, 'agent_path' | 'parent_path'> | undefined = agent;
    while (current?.parent_path) {
      if (seen.has(current.agent_path)) {
        cyclic.push(agent.agent_path);
        break;
      }
      seen.add(current.agent_path);
      const parent = byPath.get(current.parent_path);
      if (!parent) {
        missing.push(agent.agent_path);
        break;
      }
      current = parent;
    }
  }
  const notices: Notice[] = [];
  if (cyclic.length > 0) notices.push({ kind: 'agent-cycle', message: `${cyclic.length} agent${cyclic.length === 1 ? ' forms' : 's form'} a parent cycle (${cyclic.slice(0, 3).map((p) => clip(p)).join(', ')}${cyclic.length > 3 ? ', …' : ''}); listed at the top level.` });
  if (missing.length > 0) notices.push({ kind: 'agent-parent-missing', message: `${missing.length} agent${missing.length === 1 ? ' names' : 's name'} a parent the session does not have; listed at the top level.` });
  return { notices, orphans: [...cyclic, ...missing] };
}

/** One record's figures that contradict each other. */
export function checkRecord(record: Pick<CompactionRecord, 'threshold_estimate' | 'after_estimate' | 'window_upper' | 'window_lower' | 'messages_before' | 'messages_after' | 'cost_usd' | 'dry_run'>): Notice[] {
  const notices: Notice[] = [];
  if (record.after_estimate > record.threshold_estimate) {
    notices.push({ kind: 'after-above-before', message: `The estimate after (${fmt(record.after_estimate)} tokens) is above the estimate before (${fmt(record.threshold_estimate)}).` });
  }
  const window = checkThresholds('The', record.window_lower, record.window_upper);
  if (window) notices.push(window);
  if (record.messages_after > record.messages_before) {
    notices.push({ kind: 'messages-grew', message: `Messages after (${record.messages_after}) outnumber messages before (${record.messages_before}).` });
  }
  const cost = checkUsd('The cost', record.cost_usd);
  if (cost) notices.push(cost);
  return notices;
}

/** A lower threshold above the upper one: compaction could never stop (`who`: "The", "The primary context's"). */
export function checkThresholds(who: string, lower: number, upper: number): Notice | null {
  return lower > upper ? { kind: 'lower-above-upper', message: `${who} lower threshold (${fmt(lower)}) is above the upper one (${fmt(upper)}).` } : null;
}

/** Stats whose parts do not add up, or percentiles out of order. */
export function checkStats(stats: Pick<CompactionStats, 'events_total' | 'by_trigger' | 'by_strategy' | 'hook_timings' | 'cost'>, knownTriggers: readonly string[]): Notice[] {
  const notices: Notice[] = [...checkCost(stats.cost)];
  for (const [label, counts] of [
    ['trigger', stats.by_trigger],
    ['strategy', stats.by_strategy],
  ] as const) {
    const sum = counts.reduce((s, c) => s + c.count, 0);
    if (counts.length > 0 && sum !== stats.events_total) {
      notices.push({ kind: `${label}-sum`, message: `Events by ${label} add up to ${sum}, not the ${stats.events_total} events reported.` });
    }
  }
  const unknown = stats.by_trigger.filter((c) => !knownTriggers.includes(c.key));
  if (unknown.length > 0) {
    notices.push({ kind: 'trigger-unknown', message: `Unknown trigger${unknown.length === 1 ? '' : 's'} ${unknown.map((c) => `"${clip(c.key)}" (${c.count})`).join(', ')}: shown as ${unknown.length === 1 ? 'its own bar' : 'their own bars'}, not a trigger kaged documents.` });
  }
  for (const t of stats.hook_timings) {
    if (!(t.p50_ms <= t.p95_ms && t.p95_ms <= t.max_ms)) {
      notices.push({ kind: 'percentiles-order', message: `${clip(t.plugin)} ${clip(t.hook)}: p50 ${fmt(t.p50_ms)} ms, p95 ${fmt(t.p95_ms)} ms, max ${fmt(t.max_ms)} ms are out of order.` });
    }
  }
  return notices;
}

/** A record shown at an address of another session: named, never shown as this session's. */
export function checkRecordSession(record: Pick<CompactionRecord, 'id' | 'session_id'>, sessionId: string): Notice | null {
  return record.session_id === sessionId
    ? null
    : { kind: 'record-foreign', message: `Asked for ${clip(record.id)} of this session, the daemon answered with a record of session "${clip(record.session_id)}"; its content is not shown here.` };
}

/** The daemon's count of a view against the records it sent, once every page is loaded. */
export function checkCount(total: number, loaded: number, complete: boolean): Notice | null {
  if (complete ? total === loaded : total >= loaded) return null;
  return { kind: 'count-mismatch', message: `The daemon counts ${total} event${total === 1 ? '' : 's'} but sent ${loaded}.` };
}

/** A session row's figures. */
export function checkSession(session: Pick<SessionSummary, 'cost' | 'updated_at' | 'created_at'>, now: number): Notice[] {
  const notices = checkCost(session.cost);
  for (const date of [checkTimestamp('The start', session.created_at, now), checkTimestamp('The last update', session.updated_at, now)]) if (date) notices.push(date);
  return notices;
}

/** The sessions list: each row's notices, named by the session's title. */
export function checkSessions(sessions: readonly Pick<SessionSummary, 'title' | 'cost' | 'updated_at' | 'created_at'>[], now: number): Notice[] {
  return sessions.flatMap((s) => checkSession(s, now).map((n) => ({ kind: n.kind, message: `Session "${clip(s.title)}": ${n.message}` })));
}

/** A session's page: its row's figures, its primary context and its agents' thresholds. */
export function checkSessionDetail(session: Pick<SessionDetail, 'cost' | 'updated_at' | 'created_at' | 'primary_context' | 'agents'>, now: number): Notice[] {
  const notices = checkSession(session, now);
  const primary = checkThresholds("The primary context's", session.primary_context.lower_threshold, session.primary_context.upper_threshold);
  if (primary) notices.push(primary);
  for (const agent of session.agents) {
    const odd = checkThresholds(`Agent "${clip(agent.agent_path)}":`, agent.lower_threshold, agent.upper_threshold);
    if (odd) notices.push(odd);
  }
  return notices;
}

/** The first `limit` items and how many more there are: a huge list never renders whole. */
export function bounded<T>(items: readonly T[], limit: number): { shown: readonly T[]; hidden: number } {
  return items.length <= limit ? { shown: items, hidden: 0 } : { shown: items.slice(0, limit), hidden: items.length - limit };
}
