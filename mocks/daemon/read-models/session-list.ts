import { contextParts, contextTotal } from '../../../src/domain/accounting/context';
import { sessionState } from '../../store/history-sessions';
import type { Store } from '../../store/store';
import type { Schemas } from '../../store/types';
import { toSummary } from './views';

const round = (usd: number) => Math.round(usd * 1e6) / 1e6;

/**
 * Every session's list row: the stored sessions, then the history's (from its columns, without
 * materializing records). A history session that became a stored one is listed once, as stored.
 */
export function sessionSummaries(store: Store, filter: { project_id?: string | null; status?: string | null } = {}): Schemas['SessionSummary'][] {
  const wanted = (s: { project_id: string; status: string }) => (!filter.project_id || s.project_id === filter.project_id) && (!filter.status || s.status === filter.status);
  const out = [...store.sessions.values()].filter(wanted).map((s) => toSummary(store, s));
  const history = store.history;
  if (history) {
    history.sessions.forEach((s, i) => {
      if (!wanted(s) || store.sessions.has(s.id)) return;
      const summary = toSummary(store, sessionState(history, i, []));
      const compactor = round(history.sessionCompactorUsd[i] as number);
      summary.compaction_count = (history.factStart[i + 1] as number) - (history.factStart[i] as number);
      summary.cost = { ...summary.cost, compactor_usd: compactor, total_usd: round(summary.cost.primary_usd + compactor), compactor_parts: null };
      // Its primary's context as the walk that makes its messages left it (the session's view counts the same messages).
      const parts = contextParts(s.agents[0]?.walk?.tokens ?? 0, 0);
      summary.primary_context = { ...summary.primary_context, estimate_parts: parts, estimate_tokens: contextTotal(parts) };
      out.push(summary);
    });
  }
  return out.sort((a, b) => b.updated_at.localeCompare(a.updated_at));
}

/** Sessions per project, history included. */
export function sessionCounts(store: Store): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (project: string) => counts.set(project, (counts.get(project) ?? 0) + 1);
  for (const s of store.sessions.values()) add(s.project_id);
  for (const s of store.history?.sessions ?? []) if (!store.sessions.has(s.id)) add(s.project_id);
  return counts;
}

/** GET /projects: every project with its session count, history included. */
export function projectList(store: Store): { items: Schemas['Project'][] } {
  const counts = sessionCounts(store);
  return { items: [...store.projects.values()].map((p) => ({ ...p, session_count: counts.get(p.id) ?? 0 })) };
}
