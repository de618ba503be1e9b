import { describe, expect, it } from 'vitest';
import { contextTotal, RESERVED_OUTPUT_TOKENS } from '../../../src/domain/accounting/context';
import { costTotal } from '../../../src/domain/accounting/cost';
import { historyId, materialize, type History } from '../../store/history';
import { hydrateSession } from '../../store/history-sessions';
import { Store } from '../../store/store';
import type { CompactionRecord, Message } from '../../store/types';
import { attachHistory, generateHistory } from './history';
import { replaySession } from '../threshold-lab/replay';
import { sessionSummaries } from '../read-models/session-list';
import { toDetail } from '../read-models/views';

const ANCHOR = Date.UTC(2026, 10, 22, 12);
const history = generateHistory({ seed: 24, scale: 'normal', anchor: ANCHOR });

function records(h: History, s: number): CompactionRecord[] {
  const out: CompactionRecord[] = [];
  for (let k = h.factStart[s] as number; k < (h.factStart[s + 1] as number); k++) out.push(materialize(h, h.factsBySession[k] as number, undefined));
  return out;
}

const tokens = (ms: Iterable<Message>) => [...ms].reduce((n, m) => n + m.metadata.token_estimate, 0);

describe("the generated history's messages", () => {
  it("are every record's: its messages and tokens before and after, its superseded ids and its summary", () => {
    let checked = 0;
    history.sessions.forEach((session, s) => {
      const hydrated = hydrateSession(history, s, new Map());
      const all = records(history, s);
      for (const agent of hydrated.agents) {
        const byId = new Map(agent.messages.map((m) => [m.id, m]));
        const own = agent.messages.filter((m) => m.metadata.kind !== 'compaction_summary');
        const active = new Map<string, Message>();
        let next = 0;
        for (const r of all.filter((x) => x.agent_path === agent.agent_path)) {
          while (next < own.length && (own[next] as Message).created_at < r.created_at) {
            const m = own[next++] as Message;
            active.set(m.id, m);
          }
          expect(RESERVED_OUTPUT_TOKENS + tokens(active.values()), r.id).toBe(r.threshold_estimate);
          expect(active.size).toBe(r.messages_before);
          expect(contextTotal(r.before_parts as NonNullable<CompactionRecord['before_parts']>)).toBe(r.threshold_estimate);
          expect(r.superseded_message_ids.length).toBeGreaterThan(0);
          for (const id of r.superseded_message_ids) {
            expect(active.has(id), id).toBe(true);
            expect(byId.get(id)?.superseded_by).toBe(r.id);
            active.delete(id);
          }
          if (r.summary_message_id) {
            const summary = byId.get(r.summary_message_id) as Message;
            expect(summary.metadata.kind).toBe('compaction_summary');
            expect(summary.metadata.token_estimate).toBe(r.summary_tokens);
            expect(summary.content).toBe(r.summary);
            active.set(summary.id, summary);
          }
          expect(RESERVED_OUTPUT_TOKENS + tokens(active.values())).toBe(r.after_estimate);
          expect(r.after_estimate).toBeLessThan(r.threshold_estimate);
          expect(active.size).toBe(r.messages_after);
          checked += 1;
        }
        expect(next).toBe(own.length);
        expect(new Set(agent.messages.filter((m) => !m.superseded).map((m) => m.id))).toEqual(new Set(active.keys()));
        expect(tokens(active.values())).toBe(session.agents.find((a) => a.path === agent.agent_path)?.walk?.tokens);
      }
    });
    expect(checked).toBe(history.facts.length);
  });

  it('price each agent its calls, and each row the calls since the agent before it', () => {
    for (const session of history.sessions) {
      for (const agent of session.agents) {
        let rows = 0;
        const code = history.facts.agents.indexOf(agent.path);
        const s = history.sessionIndex.get(session.id) as number;
        for (let k = history.factStart[s] as number; k < (history.factStart[s + 1] as number); k++) {
          const row = history.factsBySession[k] as number;
          if (history.facts.agent[row] === code) rows += history.facts.primaryUsd[row] as number;
        }
        expect(costTotal(agent.primary_cost)).toBeCloseTo(rows, 4);
      }
    }
    expect(historyId(0)).toMatch(/^cmp_h/);
  });

  it('show the same context in the sessions list and the session, and the lab replays a spiral session', () => {
    const store = new Store();
    store.historySpec = { seed: 24, scale: 'normal', anchor: ANCHOR };
    attachHistory(store);
    const list = sessionSummaries(store);
    const spirals = list.filter((x) => /^(Compaction loop|No-op loop|Stuck)/.test(x.title));
    expect(spirals).toHaveLength(3);
    for (const row of list) {
      const detail = toDetail(store, store.session(row.id) as NonNullable<ReturnType<Store['session']>>);
      expect(row.primary_context.estimate_tokens).toBe(detail.primary_context.estimate_tokens);
      expect(detail.agents[0]?.message_count).toBeGreaterThan(2);
      expect(row.cost.primary_usd).toBe(detail.cost.primary_usd);
    }
    const lab = replaySession(store, spirals[0]?.id as string, { agent_path: 'primary', settings: [{ set: {} }] });
    expect(lab.turns.length).toBeGreaterThan(100);
    expect(lab.runs[0]?.totals.compactions).toBeGreaterThan(0);
  });
});
