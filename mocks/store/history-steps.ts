/**
 * What each generated history event did to its agent's messages, kept as columns beside the
 * facts (the walk that made them: daemon/seeding/history-walk.ts), and the record fields derived from
 * them: message counts, superseded ids, the summary message. The agent's own messages are
 * numbered m0, m1, … (the system prompt and the brief first, never superseded); its summaries
 * s0, s1, … by the agent's event ordinal.
 */
import { contextParts } from '../../src/domain/accounting/context';
import type { CompactionRecord } from './types';

/** The messages every history agent keeps: its system prompt and its brief. */
export const KEPT_MESSAGES = 2;

export interface HistorySteps {
  /** Superseded own messages: m-indexes [from, to). */
  from: Int32Array;
  to: Int32Array;
  /** Own messages appended before the event. */
  end: Int32Array;
  /** The agent's event ordinal × 2, plus 1 when the event superseded the previous summary. */
  seq: Int32Array;
}

export function messageId(sessionId: string, agentPath: string, m: number): string {
  return `${sessionId}:${agentPath}:m${m.toString().padStart(5, '0')}`;
}

export function summaryId(sessionId: string, agentPath: string, seq: number): string {
  return `${sessionId}:${agentPath}:s${seq}`;
}

/** The steps in time order, from per-generation-row lists and the rows' order (new row i is old row order[i]). */
export function orderSteps(raw: { from: number[]; to: number[]; end: number[]; seq: number[] }, order: ArrayLike<number>): HistorySteps {
  const pick = (col: number[]) => Int32Array.from({ length: order.length }, (_, i) => col[order[i] as number] as number);
  return { from: pick(raw.from), to: pick(raw.to), end: pick(raw.end), seq: pick(raw.seq) };
}

type StepFields = Pick<CompactionRecord, 'messages_before' | 'messages_after' | 'superseded_message_ids' | 'summary_message_id' | 'before_parts' | 'after_parts'>;

/** A row's message figures as its record states them. `summarized`: the event wrote a summary. */
export function stepFigures(steps: HistorySteps, row: number, sessionId: string, agentPath: string, before: number, after: number, summarized: boolean): StepFields {
  const from = steps.from[row] as number;
  const to = steps.to[row] as number;
  const end = steps.end[row] as number;
  const seq = (steps.seq[row] as number) >> 1;
  const prevSummary = ((steps.seq[row] as number) & 1) === 1;
  const superseded: string[] = prevSummary ? [summaryId(sessionId, agentPath, seq - 1)] : [];
  for (let m = from; m < to; m++) superseded.push(messageId(sessionId, agentPath, m));
  const parts = (total: number) => contextParts(total - contextParts(0, 0).reserve_tokens, 0);
  return {
    messages_before: KEPT_MESSAGES + (prevSummary ? 1 : 0) + end - from,
    messages_after: KEPT_MESSAGES + (summarized ? 1 : 0) + end - to,
    superseded_message_ids: superseded,
    summary_message_id: summarized ? summaryId(sessionId, agentPath, seq) : null,
    before_parts: parts(before),
    after_parts: parts(after),
  };
}
