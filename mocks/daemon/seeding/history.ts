import { emptySilent, permuteFacts, permuteSilent } from '../../store/facts';
import { csr, iota, orderBy } from '../../store/row-order';
import { applyEdit } from '../../store/store';
import type { Store } from '../../store/store';
import { createRng, hashSeed } from '../../store/prng';
import { orderSteps } from '../../store/history-steps';
import { historyRow, type History, type HistoryScale, type HistorySpec } from '../../store/history';
import { NOOP_REASON } from '../../engine/pipeline';
import { historyPartials } from '../read-models/aggregates/health-partials';
import { breakdownCells } from '../read-models/aggregates/breakdown';
import { DIMENSIONS } from '../read-models/aggregates/breakdown-groups';
import { historyLayout } from '../read-models/aggregates/agent-rows';
import { topSessionCells } from '../read-models/aggregates/top-sessions';
import { historyAgentMessages } from './history-messages';
import { Builder, FAILURE_REASONS, FALLBACK_KINDS, generateAgent, type Burst } from './history-events';
import { DAY, eventCounts, HISTORY_PLUGINS, HISTORY_SHAPES, HOUR, MINUTE, planSession, SPIRAL_KINDS, uniform, type SessionPlan, type SpiralKind } from './history-plan';

/**
 * The generated history behind the aggregated views: archived sessions whose compaction events
 * follow realistic skew. Most sessions compact every few minutes to hours; a few spiral (bursts
 * of compactions that achieve nothing, no-op loops, reactive retries that still overflow); the
 * hindsight compactor fails in bursts and improves between its two versions; flags sit on a
 * minority. Deterministic for a spec (seed, scale, anchor). What it is made of and each session's plan:
 * history-plan.ts; one agent's events: history-events.ts.
 */

export function generateHistory(spec: HistorySpec): History {
  const shape = HISTORY_SHAPES[spec.scale];
  const rng = createRng(hashSeed(`${spec.seed}:history`));
  const oldest = spec.anchor - shape.days * DAY;
  const bursts: Burst[] = Array.from({ length: shape.bursts }, () => {
    const from = spec.anchor - uniform(rng, 0.5, shape.days - 1) * DAY;
    return { from, to: from + uniform(rng, 2, 6) * HOUR };
  });
  const spiralEvents = spec.scale === 'large' ? 600 : 240;
  const spiralTotal = shape.spirals * spiralEvents;
  const counts = eventCounts(rng, shape.sessions - shape.spirals, shape.events - spiralTotal);
  // Spirals are spread through the list, so every project may hold one.
  const spiralAt = new Set(Array.from({ length: shape.spirals }, (_, i) => Math.floor(((i + 0.5) * shape.sessions) / shape.spirals)));
  const plans: SessionPlan[] = [];
  let regular = 0;
  for (let i = 0; i < shape.sessions; i++) {
    const spiral = spiralAt.has(i) ? (SPIRAL_KINDS[plans.filter((p) => p.spiral).length % SPIRAL_KINDS.length] as SpiralKind) : null;
    const events = spiral ? spiralEvents : (counts[regular++] as number);
    plans.push(planSession(spec.seed, shape, i, events, spiral, spec.anchor));
  }
  const b = new Builder(shape.events);
  plans.forEach((plan, sIdx) => {
    const srng = createRng(hashSeed(`${spec.seed}:history:${sIdx}:events`));
    let first = plan.end;
    let last = Number.NEGATIVE_INFINITY;
    for (const ap of plan.agents) {
      const span = generateAgent(b, plan, sIdx, ap, srng, bursts, spec.anchor, oldest);
      first = Math.min(first, span.first);
      last = Math.max(last, span.last);
    }
    plan.session.created_at = Math.round(first - uniform(srng, 5, 60) * MINUTE);
    plan.session.updated_at = Math.round(Math.min(spec.anchor, last + uniform(srng, 1, 30) * MINUTE));
  });
  return assemble(spec, plans, b);
}

/** Sorts rows by time, indexes them per session and totals what session lists show. */
function assemble(spec: HistorySpec, plans: SessionPlan[], b: Builder): History {
  const rows = b.row;
  const raw = b.facts;
  raw.length = rows;
  raw.sessions = plans.map((p) => p.session.id);
  raw.agents = b.agents.values;
  raw.summarizers = b.summarizers.values;
  raw.fallbackKinds = FALLBACK_KINDS;
  raw.versions = b.versions.values;
  const byTime = orderBy(iota(rows), (r) => raw.at[r] as number, false);
  const facts = permuteFacts(raw, byTime);
  const s = b.silent;
  const silentRaw = emptySilent(s.at.length);
  silentRaw.at.set(s.at);
  silentRaw.session.set(s.session);
  silentRaw.agent.set(s.agent);
  silentRaw.kind.set(s.kind);
  silentRaw.strategy.set(s.strategy);
  silentRaw.trigger.set(s.trigger);
  silentRaw.reason.set(s.reason);
  silentRaw.plugin.set(s.plugin);
  silentRaw.version.set(s.version);
  silentRaw.before.set(s.before);
  silentRaw.sessions = raw.sessions;
  silentRaw.agents = raw.agents;
  silentRaw.reasons = [...FAILURE_REASONS, NOOP_REASON];
  silentRaw.plugins = [...HISTORY_PLUGINS];
  silentRaw.versions = raw.versions;
  const silent = permuteSilent(silentRaw, orderBy(iota(silentRaw.length), (r) => silentRaw.at[r] as number, false));
  const sessions = plans.map((p) => p.session);
  const [factStart, factsBySession] = csr(sessions.length, facts.length, (r) => facts.session[r] as number);
  const [silentStart, silentBySession] = csr(sessions.length, silent.length, (r) => silent.session[r] as number);
  const sessionCompactorUsd = new Float64Array(sessions.length);
  for (let r = 0; r < facts.length; r++) {
    const sIdx = facts.session[r] as number;
    sessionCompactorUsd[sIdx] = (sessionCompactorUsd[sIdx] as number) + (facts.cost[r] as number);
  }
  const steps = orderSteps(b.steps, byTime);
  const history: History = { spec, sessions, sessionIndex: new Map(sessions.map((x, i) => [x.id, i])), facts, silent, factStart, factsBySession, silentStart, silentBySession, sessionCompactorUsd, steps, messagesOf: (s, agent) => historyAgentMessages(history, s, agent) };
  return history;
}

/** Gives the store its history: the columns from its spec, with the operator edits it kept. */
export function attachHistory(store: Store): void {
  if (!store.historySpec) {
    store.history = null;
    return;
  }
  const history = generateHistory(store.historySpec);
  for (const [id, edit] of store.historyEdits) {
    const row = historyRow(history, id);
    if (row >= 0) applyEdit(history, row, edit);
  }
  // What the aggregated views precompute from the history, once here rather than on the first request.
  historyPartials(history);
  historyLayout(history);
  for (const dim of DIMENSIONS) breakdownCells(history, dim);
  topSessionCells(history);
  store.history = history;
  store.revision += 1;
}

export function historyProjects(scale: HistoryScale): { id: string; name: string }[] {
  return HISTORY_SHAPES[scale].projects;
}
