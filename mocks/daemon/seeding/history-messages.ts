/**
 * A generated history agent's messages, rebuilt when its session is viewed (the history keeps
 * only its columns): the walk of history-walk.ts run again on the events' figures, so every
 * record's superseded ids, summary message and token counts are the messages'.
 */
import type { ImportedMessage } from '../../../src/domain/transcripts/types';
import { historyId, summaryParts, summaryText, type History, type HistoryAgent } from '../../store/history';
import { KEPT_MESSAGES as KEPT, messageId, summaryId } from '../../store/history-steps';
import type { Message } from '../../store/types';
import { AgentWalk, historyPool, openingMessages, type Appended, type WalkStep } from './history-walk';

const SECOND = 1_000;

/** The walk's seed for an agent (seeding and hydration must agree). */
export function walkSeed(messageSeed: number, agentPath: string): number {
  let h = messageSeed >>> 0;
  for (let i = 0; i < agentPath.length; i++) h = Math.imul(h ^ agentPath.charCodeAt(i), 16777619) >>> 0;
  return h;
}

interface Event {
  row: number;
  at: number;
  step: WalkStep;
  summaryTokens: number;
}

function baseMessage(sessionId: string, agentPath: string, id: string, im: Pick<ImportedMessage, 'role' | 'content' | 'tool_calls' | 'tool_call_id' | 'tool_name'>, at: number, tokens: number): Message {
  return {
    id,
    session_id: sessionId,
    agent_path: agentPath,
    index: 0,
    role: im.role,
    content: im.content,
    tool_calls: im.tool_calls,
    tool_call_id: im.tool_call_id,
    tool_name: im.tool_name,
    created_at: new Date(at).toISOString(),
    superseded: false,
    superseded_by: null,
    pin: null,
    metadata: { token_estimate: tokens, kind: null, always_keep: false, always_keep_source: null, compaction_id: null, compactor_cost: null },
  };
}

/** The pool message of an appended one, its tool call ids made the agent's own. */
function pooledMessage(a: Appended): Pick<ImportedMessage, 'role' | 'content' | 'tool_calls' | 'tool_call_id' | 'tool_name'> {
  const m = (historyPool()[a.turn] as ImportedMessage[])[a.pos] as ImportedMessage;
  const own = (id: string) => `u${a.use}_${id}`;
  return { role: m.role, content: m.content, tool_calls: m.tool_calls.map((c) => ({ ...c, id: own(c.id) })), tool_call_id: m.tool_call_id === null ? null : own(m.tool_call_id), tool_name: m.tool_name };
}

/** Every message of a history agent, superseded ones and summaries included, in history order. */
export function historyAgentMessages(history: History, sessionIndex: number, agent: HistoryAgent): Message[] {
  const f = history.facts;
  const session = history.sessions[sessionIndex];
  if (!session || !agent.walk) return [];
  const agentCode = f.agents.indexOf(agent.path);
  const log: Appended[] = [];
  const opening = openingMessages(session.title, agent.path);
  const walk = new AgentWalk(agent.walk.seed, agent.walk.scale, opening, log);
  const events: Event[] = [];
  for (let k = history.factStart[sessionIndex] as number; k < (history.factStart[sessionIndex + 1] as number); k++) {
    const row = history.factsBySession[k] as number;
    if (f.agent[row] !== agentCode) continue;
    walk.reach(f.before[row] as number);
    const summaryTokens = f.summaryTokens[row] as number;
    events.push({ row, at: f.at[row] as number, step: walk.compact(f.after[row] as number, summaryTokens), summaryTokens });
  }
  // Times: each event's new messages up to it, 20 s apart at most; the opening just before them.
  const times: number[] = [];
  let start = (events[0]?.at ?? session.updated_at) - 5 * 60 * SECOND;
  for (const e of events) {
    const n = e.step.end - KEPT - times.length;
    const gap = Math.min(20 * SECOND, (e.at - start) / (n + 1));
    for (let j = 0; j < n; j++) times.push(Math.round(e.at - (n - j) * gap));
    start = e.at;
  }
  const firstAt = (times[0] ?? start) - 10 * SECOND;
  const own: Message[] = opening.map((m, i) => baseMessage(session.id, agent.path, messageId(session.id, agent.path, i), { ...m, tool_calls: [], tool_call_id: null, tool_name: null }, firstAt, walk.sizeOf(i)));
  log.forEach((a, i) => own.push(baseMessage(session.id, agent.path, messageId(session.id, agent.path, KEPT + i), pooledMessage(a), times[i] ?? start, walk.sizeOf(KEPT + i))));
  // Supersede, and place each summary before the first message it replaced.
  const summariesAt = new Map<number, Message[]>();
  let previous: Message | null = null;
  for (const e of events) {
    const id = historyId(e.row);
    for (let m = e.step.from; m < e.step.to; m++) {
      const msg = own[m] as Message;
      own[m] = { ...msg, superseded: true, superseded_by: id };
    }
    if (e.step.prevSummary && previous) {
      previous.superseded = true;
      previous.superseded_by = id;
    }
    previous = null;
    if (e.summaryTokens >= 0 && (e.step.prevSummary || e.step.to > e.step.from)) {
      const [t, a, b] = summaryParts(history.spec.seed, e.row);
      const summary = baseMessage(session.id, agent.path, summaryId(session.id, agent.path, e.step.seq), { role: 'system', content: summaryText(t, a, b), tool_calls: [], tool_call_id: null, tool_name: null }, e.at, e.summaryTokens);
      summary.metadata = { ...summary.metadata, kind: 'compaction_summary', compaction_id: id };
      summariesAt.set(e.step.from, [...(summariesAt.get(e.step.from) ?? []), summary]);
      previous = summary;
    }
  }
  const out: Message[] = [];
  own.forEach((m, i) => {
    for (const s of summariesAt.get(i) ?? []) out.push(s);
    out.push(m);
  });
  for (const s of summariesAt.get(own.length) ?? []) out.push(s);
  out.forEach((m, i) => (m.index = i));
  return out;
}
