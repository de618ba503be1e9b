/**
 * Implausible answers for the implausible-data tests (fault `implausible:<case>`): the real answer
 * with figures that pass the contract's types but not arithmetic or common sense, as a broken or
 * hostile daemon would send them. Each case rewrites every object of the shape it knows, wherever
 * it sits in the body; the answer is JSON text, so a cost can be the literal 1e999 (JSON.stringify
 * cannot write Infinity).
 */

type Json = Record<string, unknown>;

/** A placeholder number written where 1e999 goes. */
const INFINITE = 9.87654321e299;
const FUTURE = '2099-06-01T12:00:00Z';
const HUGE_LIST = 50_000;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRecord = (o: Json) => typeof o.id === 'string' && typeof o.session_id === 'string' && typeof o.threshold_estimate === 'number';
const isStats = (o: Json) => typeof o.events_total === 'number' && Array.isArray(o.by_trigger);

/** Each case: what it does to one object of the answer (in place). `top` is the body itself. */
const CASES: Record<string, (o: Json, top: boolean) => void> = {
  'cost-infinite': (o) => {
    if (typeof o.total_usd === 'number') o.total_usd = INFINITE;
    if (isRecord(o)) o.cost_usd = INFINITE;
  },
  'date-future': (o) => {
    for (const key of ['created_at', 'updated_at']) if (typeof o[key] === 'string') o[key] = FUTURE;
  },
  // The first agent's parent is the last one: a cycle through the root, so every agent is in it or below it.
  'agent-cycle': (o) => {
    const agents = o.agents;
    if (!Array.isArray(agents) || agents.length === 0) return;
    const first = agents[0] as Json;
    first.parent_path = (agents[agents.length - 1] as Json).agent_path;
  },
  'agent-parent-missing': (o) => {
    const agents = o.agents;
    if (Array.isArray(agents) && agents.length > 1) (agents[agents.length - 1] as Json).parent_path = 'no/such/agent';
  },
  // Every record of a page twice (17 rows become "34 events").
  'duplicate-records': (o) => {
    const items = o.items;
    if (!Array.isArray(items) || !items.every((i) => isObject(i) && isRecord(i))) return;
    o.items = [...items, ...items];
    if (typeof o.total === 'number') o.total += items.length;
  },
  // A record of another session: the body itself when it is one record, else a page's first record.
  'foreign-record': (o, top) => {
    if (top && isRecord(o)) o.session_id = 'ses_elsewhere';
    const first = Array.isArray(o.items) ? (o.items[0] as unknown) : undefined;
    if (isObject(first) && isRecord(first)) first.session_id = 'ses_elsewhere';
  },
  'after-above-before': (o) => {
    if (isRecord(o)) o.after_estimate = (o.threshold_estimate as number) * 2 + 1;
  },
  'lower-above-upper': (o) => {
    if (isRecord(o)) [o.window_lower, o.window_upper] = [o.window_upper, o.window_lower];
    if (typeof o.lower_threshold === 'number' && typeof o.upper_threshold === 'number') [o.lower_threshold, o.upper_threshold] = [o.upper_threshold, o.lower_threshold];
  },
  'messages-grew': (o) => {
    if (isRecord(o)) o.messages_after = (o.messages_before as number) + 5;
  },
  'p50-above-max': (o) => {
    if (!isStats(o)) return;
    const timings = o.hook_timings as Json[];
    if (timings.length === 0) timings.push({ plugin: 'odd-timer', hook: 'pre_compact', count: 3, p50_ms: 0, p95_ms: 0, max_ms: 0, result_kinds: [] });
    for (const t of timings) [t.p50_ms, t.p95_ms, t.max_ms] = [900, 40, 12];
  },
  // Parts that do not add up to the totals beside them.
  'totals-not-sums': (o) => {
    if (isStats(o)) o.events_total = (o.events_total as number) + 7;
    if (typeof o.total_usd === 'number' && typeof o.primary_usd === 'number') o.total_usd = (o.primary_usd as number) + (o.compactor_usd as number) + 5;
  },
  'unknown-trigger': (o) => {
    if (!isStats(o)) return;
    (o.by_trigger as Json[]).push({ key: 'solar_flare', count: 3 });
    o.events_total = (o.events_total as number) + 3;
    const strategies = o.by_strategy as Json[];
    if (strategies[0]) strategies[0].count = (strategies[0].count as number) + 3;
  },
  // One record with 50,000 plugin hook calls (the detail page once froze for ~27 s on it).
  'plugins-fired-huge': (o, top) => {
    if (!top || !isRecord(o)) return;
    const fired = o.plugins_fired as Json[];
    const one = fired[0] ?? { name: 'loud-observer', role: 'observer', hook: 'pre_compact', duration_ms: 1.5, result_kind: 'null' };
    o.plugins_fired = Array.from({ length: HUGE_LIST }, (_, i) => ({ ...one, duration_ms: (i % 97) / 10 }));
  },
};

export const IMPLAUSIBLE_CASES = Object.keys(CASES);

export function isImplausibleCase(name: string): boolean {
  return Object.hasOwn(CASES, name);
}

/** The answer's JSON text with the case applied to every object in it. */
export function implausibleBody(name: string, body: unknown): string {
  const apply = CASES[name];
  if (!apply) throw new Error(`unknown implausible case "${name}" (${IMPLAUSIBLE_CASES.join(', ')})`);
  const copy = structuredClone(body);
  const walk = (node: unknown, top: boolean) => {
    if (Array.isArray(node)) for (const item of node) walk(item, false);
    else if (isObject(node)) {
      apply(node, top);
      for (const value of Object.values(node)) walk(value, false);
    }
  };
  walk(copy, true);
  return JSON.stringify(copy).replaceAll(JSON.stringify(INFINITE), '1e999');
}
