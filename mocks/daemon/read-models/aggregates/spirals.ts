import type { Schemas } from '../../../store/types';
import { rangeEcho, type PartScope, type Scope } from './scope';
import { byAgent, groupPart, type AgentRows } from './agent-rows';
import { isoOrNull, PACK, sessionsInScope } from './session-scope';
import { SPIRAL_DEFAULTS, type SpiralParameters } from './spiral-parameters';
import { recordId } from './tables';
import { TRIGGERS } from '../../../../src/domain/contract/enums.gen';

/** Spiral detection: sessions where compaction repeats and achieves little, with the reasons. */

const RETRY = TRIGGERS.indexOf('provider_overflow_retry');
type Reason = Schemas['SpiralReason'];

const idOf = (parts: PartScope[], hit: number) => recordId((parts[Math.floor(hit / PACK)] as PartScope).part, hit % PACK);

/** One agent's spiral reasons under the parameters. */
export function agentReasons(parts: PartScope[], path: string, rows: AgentRows, p: SpiralParameters): Reason[] {
  const reasons: Reason[] = [];
  const span = p.burst_minutes * 60_000;
  const { at } = rows;
  const n = at.length;
  // Most compactions within any window of M minutes (two pointers over the time-ordered records).
  let best = 0;
  let bestFrom = 0;
  for (let i = 0, j = 0; j < n; j++) {
    while ((at[j] as number) - (at[i] as number) > span) i++;
    if (j - i + 1 > best) {
      best = j - i + 1;
      bestFrom = i;
    }
  }
  if (best >= p.burst_count) {
    reasons.push({
      kind: 'burst',
      agent_path: path,
      count: best,
      first_at: isoOrNull(at[bestFrom] as number),
      last_at: isoOrNull(at[bestFrom + best - 1] as number),
      compaction_id: idOf(parts, rows.hit[bestFrom] as number),
      detail: `${best} compactions of ${path} within ${p.burst_minutes} minutes (flagged from ${p.burst_count})`,
    });
  }
  // Ineffective: the longest run of this agent's compactions in a row that each kept at least min_ratio of the tokens.
  let run = 0;
  let ineffective = 0;
  let firstIneffective = -1;
  let retries = 0;
  let firstRetry = -1;
  let retryFrom = Number.POSITIVE_INFINITY;
  let retryTo = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    run = (rows.after[i] as number) >= p.min_ratio * (rows.before[i] as number) ? run + 1 : 0;
    if (run > ineffective) {
      ineffective = run;
      firstIneffective = i - run + 1;
    }
    if (rows.trigger[i] === RETRY && (rows.after[i] as number) > (rows.window[i] as number)) {
      retries++;
      if (firstRetry < 0) firstRetry = i;
      retryFrom = Math.min(retryFrom, at[i] as number);
      retryTo = Math.max(retryTo, at[i] as number);
    }
  }
  if (ineffective >= p.min_ineffective) {
    reasons.push({
      kind: 'ineffective',
      agent_path: path,
      count: ineffective,
      first_at: isoOrNull(at[firstIneffective] as number),
      last_at: isoOrNull(at[firstIneffective + ineffective - 1] as number),
      compaction_id: idOf(parts, rows.hit[firstIneffective] as number),
      detail: `${ineffective} compactions of ${path} in a row left at least ${Math.round(p.min_ratio * 100)}% of the tokens they started with (flagged from ${p.min_ineffective} in a row)`,
    });
  }
  // Repeated no-ops: the longest run of no-ops in a row among the agent's attempts (a recorded
  // compaction or a failure in between ends a run; at one instant, records come first).
  let noopRun = 0;
  let noops = 0;
  let noopFrom = Number.NaN;
  let noopTo = Number.NaN;
  let runFrom = Number.NaN;
  const { silentAt } = rows;
  for (let i = 0, j = 0; j < silentAt.length; j++) {
    const t = silentAt[j] as number;
    for (; i < n && (at[i] as number) <= t; i++) noopRun = 0;
    if (rows.silentNoop[j]) {
      if (noopRun === 0) runFrom = t;
      noopRun++;
      if (noopRun > noops) {
        noops = noopRun;
        noopFrom = runFrom;
        noopTo = t;
      }
    } else {
      noopRun = 0;
    }
    if (rows.silentTrigger[j] === RETRY) {
      retries++;
      retryFrom = Math.min(retryFrom, t);
      retryTo = Math.max(retryTo, t);
    }
  }
  if (noops >= p.min_noops) {
    reasons.push({ kind: 'repeated_noops', agent_path: path, count: noops, first_at: isoOrNull(noopFrom), last_at: isoOrNull(noopTo), compaction_id: null, detail: `${noops} no-ops in a row: the strategy of ${path} found nothing it could compact (flagged from ${p.min_noops} in a row)` });
  }
  if (retries > 0) {
    reasons.push({
      kind: 'retry_overflow',
      agent_path: path,
      count: retries,
      first_at: isoOrNull(retryFrom),
      last_at: isoOrNull(retryTo),
      compaction_id: firstRetry < 0 ? null : idOf(parts, rows.hit[firstRetry] as number),
      detail: `${retries} reactive retries of ${path} still overflowed the context window`,
    });
  }
  return reasons;
}

const KIND_ORDER: Schemas['SpiralReasonKind'][] = ['stuck_overflow', 'burst', 'retry_overflow', 'ineffective', 'repeated_noops'];

/** Sessions where compaction repeats and achieves little, with reasons; most severe first. */
export function spirals(scope: Scope, parts: PartScope[], p: SpiralParameters, limit: number): Schemas['SpiralReport'] {
  const items: (Schemas['SpiralSession'] & { severity: number[] })[] = [];
  const grouped = parts.map((ps, i) => groupPart(scope.range, ps, i));
  for (const { meta, places } of sessionsInScope(parts).values()) {
    const reasons: Reason[] = [];
    if (meta.status === 'context_overflow') {
      reasons.push({ kind: 'stuck_overflow', agent_path: null, count: 1, first_at: null, last_at: null, compaction_id: null, detail: 'stuck in context_overflow: the run failed on context length and waits for an operator' });
    }
    let events = 0;
    let last = Number.NEGATIVE_INFINITY;
    for (const [path, rows] of byAgent(grouped, places)) {
      reasons.push(...agentReasons(parts, path, rows, p));
      events += rows.at.length;
      if (rows.at.length > 0) last = Math.max(last, rows.at[rows.at.length - 1] as number);
      if (rows.silentAt.length > 0) last = Math.max(last, rows.silentAt[rows.silentAt.length - 1] as number);
    }
    if (reasons.length === 0) continue;
    reasons.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || b.count - a.count);
    const kinds = new Set(reasons.map((r) => r.kind)).size;
    const burst = reasons.find((r) => r.kind === 'burst')?.count ?? 0;
    items.push({ ...meta, events, last_at: isoOrNull(last), reasons, severity: [kinds, burst, reasons.reduce((n, r) => n + r.count, 0)] });
  }
  items.sort((a, b) => {
    for (let i = 0; i < a.severity.length; i++) {
      const d = (b.severity[i] as number) - (a.severity[i] as number);
      if (d !== 0) return d;
    }
    return a.session_id < b.session_id ? -1 : a.session_id > b.session_id ? 1 : 0;
  });
  return {
    scope: { project_id: scope.projectId, session_id: scope.sessionId, agent_path: scope.agentPath, ...rangeEcho(scope.range) },
    parameters: p,
    defaults: SPIRAL_DEFAULTS,
    total: items.length,
    items: items.slice(0, limit).map(({ severity: _severity, ...item }) => item),
  };
}
