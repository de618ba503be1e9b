import { lowerBound } from '../../../store/row-order';
import type { Schemas } from '../../../store/types';
import { flagMix, round6, statCounts } from './counts';
import { historyPartials } from './health-partials';
import { COMPACTOR, FAILURES, FALLBACKS, HealthSums, nS, NOOPS, PRIMARY, SIMULATED, TAKE_ALL, TOKENS, USD_UNITS, WIDTH } from './health-sums';
import { rangeEcho, type PartScope, type Scope } from './scope';
import { histPercentiles, intValue, RATIO_STEPS, ratioValue } from './sketch';
import { bucketOf } from './time';
import { STRATEGIES, TRIGGERS } from '../../../../src/domain/contract/enums.gen';

type Health = Schemas['CompactionHealth'];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Ratio bins answered: 0.05 wide over [0, 1), then one for 1 and above (compaction that grew the list). */
const RATIO_DISPLAY_BINS = 20;
const PER_DISPLAY_BIN = RATIO_STEPS / RATIO_DISPLAY_BINS;

const NICE = [10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000];

/** Ratio distribution: the 0.05-wide bins are whole runs of the sketch's 1/1000 bins, so they are exact. */
function ratioDistribution(sums: HealthSums): Schemas['Distribution'] {
  const counts = new Array<number>(RATIO_DISPLAY_BINS + 1).fill(0);
  sums.ratio.forEach((n, q) => {
    if (n === 0) return;
    const bin = Math.min(RATIO_DISPLAY_BINS, Math.floor(q / PER_DISPLAY_BIN));
    counts[bin] = (counts[bin] as number) + n;
  });
  const [p50, p95] = histPercentiles(sums.ratio, sums.ratioCount, [50, 95], ratioValue);
  return {
    count: sums.ratioCount,
    p50: p50 as number,
    p95: p95 as number,
    bins: counts.map((count, i) => ({ from: i / RATIO_DISPLAY_BINS, to: i === RATIO_DISPLAY_BINS ? null : (i + 1) / RATIO_DISPLAY_BINS, count })),
  };
}

/** Equal-width bins from 0 with a round width, at most 20 of them (exact below the sketch's INT_EXACT). */
function tokenDistribution(sums: HealthSums): Schemas['Distribution'] {
  const n = sums.summaryCount;
  const max = sums.summaryMax;
  const width = NICE.find((w) => Math.ceil((max + 1) / w) <= 20) ?? Math.ceil((max + 1) / 20);
  const bins = Math.max(1, Math.ceil((max + 1) / width));
  const counts = new Array<number>(bins).fill(0);
  sums.summary.forEach((c, sb) => {
    if (c === 0) return;
    const bin = Math.min(bins - 1, Math.floor(Math.min(intValue(sb), max) / width));
    counts[bin] = (counts[bin] as number) + c;
  });
  const [p50, p95] = histPercentiles(sums.summary, n, [50, 95], intValue);
  return { count: n, p50: p50 as number, p95: p95 as number, bins: n === 0 ? [] : counts.map((count, i) => ({ from: i * width, to: (i + 1) * width, count })) };
}

/**
 * Fills sums with one part's events in scope. The generated history, over a project or all of
 * them, is merged from its per-hour series and per-day sums (health-partials.ts) where a whole
 * hour lies in one bucket and a whole day in the range; only the rows of partly covered hours
 * and days are read. A session or agent scope, and the live part, are read row by row.
 */
function addPart(sums: HealthSums, scope: Scope, ps: PartScope): void {
  sums.addSilent(ps);
  const history = ps.part.history;
  if (!history || scope.sessionId !== null || scope.agentPath !== null) {
    sums.addRecords(ps.part.facts, ps.sessions, ps.agent, ps.lo, ps.hi, TAKE_ALL, ps.simulated);
    return;
  }
  const partials = historyPartials(history);
  const projects = scope.projectId === null ? [partials.all] : [partials.projects.indexOf(scope.projectId)].filter((p) => p >= 0);
  if (projects.length === 0) return;
  const { from, to, edges } = scope.range;
  const at = ps.part.facts.at;
  const firstHour = Math.max(Math.floor(from / HOUR), partials.firstDay * 24);
  const endHour = Math.min(Math.ceil(to / HOUR), partials.endDay * 24);
  for (let h = firstHour; h < endHour; h++) {
    const start = h * HOUR;
    const a = Math.max(start, from);
    const z = Math.min(start + HOUR, to);
    const day = Math.floor(h / 24);
    const wholeHour = a === start && z === start + HOUR && bucketOf(edges, start) === bucketOf(edges, z - 1);
    const wholeDay = day * DAY >= from && (day + 1) * DAY <= to;
    if (wholeHour) {
      const bucket = bucketOf(edges, start);
      for (const p of projects) sums.addBucket(partials.day(day, p), h - day * 24, bucket);
    }
    if (!wholeHour || !wholeDay) sums.addRecords(ps.part.facts, ps.sessions, ps.agent, lowerBound(at, a), lowerBound(at, z), { series: !wholeHour, wide: !wholeDay });
  }
  for (let day = Math.ceil(from / DAY); (day + 1) * DAY <= to; day++) {
    if (day < partials.firstDay || day >= partials.endDay) continue;
    for (const p of projects) sums.addWide(partials.day(day, p));
  }
}

/**
 * The aggregated view over a scope: events over time (stacked by strategy and by trigger),
 * tokens saved, compactor against primary spend, distributions, fallback and failure rates,
 * hook timings, and the no-ops and failures that left no record. Percentiles come from the
 * sketches of sketch.ts (exact below 1024 for tokens and milliseconds, within 0.8 % above;
 * within 0.0005 for ratios).
 */
export function compactionHealth(scope: Scope, parts: PartScope[]): Health {
  const sums = new HealthSums(scope.range.edges);
  for (const ps of parts) addPart(sums, scope, ps);
  return healthAnswer(scope, sums);
}

export function healthAnswer(scope: Scope, sums: HealthSums): Health {
  const { edges } = scope.range;
  const nb = edges.length - 1;
  const { series } = sums;
  const total = (field: number) => {
    let n = 0;
    for (let b = 0; b < nb; b++) n += series[b * WIDTH + field] as number;
    return n;
  };
  const events = (b: number) => {
    let n = 0;
    for (let s = 0; s < nS; s++) n += series[b * WIDTH + s] as number;
    return n;
  };
  let totalEvents = 0;
  for (let b = 0; b < nb; b++) totalEvents += events(b);
  const totalNoops = total(NOOPS);
  const totalFailures = total(FAILURES);
  const totalFallbacks = total(FALLBACKS);
  const attempts = totalEvents + totalNoops + totalFailures;
  return {
    scope: { project_id: scope.projectId, session_id: scope.sessionId, agent_path: scope.agentPath, ...rangeEcho(scope.range) },
    totals: {
      events: totalEvents,
      simulated_events: total(SIMULATED),
      sessions: sums.sessionCount(),
      noops: totalNoops,
      failures: totalFailures,
      fallbacks: totalFallbacks,
      tokens_saved: total(TOKENS),
      compactor_usd: round6(total(COMPACTOR) / USD_UNITS),
      primary_usd: round6(total(PRIMARY) / USD_UNITS),
      fallback_rate: totalEvents === 0 ? 0 : totalFallbacks / totalEvents,
      failure_rate: attempts === 0 ? 0 : totalFailures / attempts,
      noop_rate: attempts === 0 ? 0 : totalNoops / attempts,
      flags: flagMix(sums.flags),
    },
    series: Array.from({ length: nb }, (_, i) => {
      const o = i * WIDTH;
      return {
        start: new Date(edges[i] as number).toISOString(),
        end: new Date(edges[i + 1] as number).toISOString(),
        events: events(i),
        by_strategy: Object.fromEntries(STRATEGIES.map((k, j) => [k, series[o + j] as number])) as Schemas['StrategyCounts'],
        by_trigger: Object.fromEntries(TRIGGERS.map((k, j) => [k, series[o + nS + j] as number])) as Schemas['TriggerCounts'],
        tokens_saved: series[o + TOKENS] as number,
        compactor_usd: round6((series[o + COMPACTOR] as number) / USD_UNITS),
        primary_usd: round6((series[o + PRIMARY] as number) / USD_UNITS),
        fallbacks: series[o + FALLBACKS] as number,
        failures: series[o + FAILURES] as number,
        noops: series[o + NOOPS] as number,
      };
    }),
    compression_ratio: ratioDistribution(sums),
    summary_tokens: tokenDistribution(sums),
    hook_timings: [...sums.hooks.values()]
      .filter((h) => h.count > 0)
      .map((h) => {
        const [p50, p95] = histPercentiles(h.hist, h.count, [50, 95], intValue);
        return { plugin: h.plugin, hook: h.hook, count: h.count, p50_ms: Math.min(p50 as number, h.max), p95_ms: Math.min(p95 as number, h.max), max_ms: h.max, errors: h.errors };
      })
      .sort((a, b) => (a.plugin < b.plugin ? -1 : a.plugin > b.plugin ? 1 : a.hook < b.hook ? -1 : a.hook > b.hook ? 1 : 0)),
    noops: { total: totalNoops, by_strategy: statCounts(sums.noopStrategies), by_reason: statCounts(sums.noopReasons) },
    failures: { total: totalFailures, by_strategy: statCounts(sums.failureStrategies), by_reason: statCounts(sums.failureReasons) },
    fallback_reasons: statCounts(sums.fallbackReasons),
  };
}
