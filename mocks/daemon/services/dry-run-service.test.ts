import { beforeAll, describe, expect, it, vi } from 'vitest';
import { wholeFigures, withRest, type ProposalRest } from '../../../src/domain/diff/proposal-figures';
import { PROPOSAL_BOUNDS } from '../../store/dry-run-proposals';
import type { Store } from '../../store/store';
import type { Message, Schemas } from '../../store/types';
import { seededStore } from '../seeding/test-support/normal-seed';
import * as engine from '../compaction/compaction-input';
import { DaemonError } from '../errors';
import { answerDryRun, parseFirst, proposalMessages } from './dry-run-service';

type PrunedOutput = Schemas['PrunedOutput'];

const SESSION = 'ses_gen_refactor';
const request = { agent_path: 'primary/explore', lower_threshold: 0.3 };

function readRest(store: Store, proposalId: string, cursor: string, limit: number, sessionId = SESSION): ProposalRest & { messages: Message[]; pruned: PrunedOutput[] } {
  const rest = { messages: [] as Message[], pruned: [] as PrunedOutput[] };
  let next: string | null = cursor;
  while (next !== null) {
    const page = proposalMessages(store, sessionId, proposalId, new URLSearchParams({ cursor: next, limit: String(limit) }));
    rest.messages.push(...page.items);
    rest.pruned.push(...(page.pruned ?? []));
    next = page.next_cursor;
  }
  return rest;
}

const errorOf = (fn: () => unknown): DaemonError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DaemonError) return error;
  }
  throw new Error('expected a DaemonError');
};

describe('the dry run answered in part, the rest from the same proposal', () => {
  let store: Store;
  beforeAll(async () => {
    store = await seededStore();
  });

  it('answers the first messages with the whole figures; the pages give the rest without running the dry run again', () => {
    const whole = answerDryRun(store, SESSION, request, null);
    expect(whole.messages_next_cursor).toBeNull();
    expect(whole.messages_total).toBe(whole.messages.length);
    expect(whole.messages.length).toBeGreaterThan(10);

    const runs = vi.spyOn(engine, 'runPipelineShowing');
    const part = answerDryRun(store, SESSION, request, 5);
    expect(part.messages).toEqual(whole.messages.slice(0, 5));
    expect(part.messages_total).toBe(whole.messages.length);
    expect(part.figures).toEqual(wholeFigures(whole));
    expect(part.proposal_id).not.toBe(whole.proposal_id);
    const rest = readRest(store, part.proposal_id as string, part.messages_next_cursor as string, 4);
    expect([...part.messages, ...rest.messages]).toEqual(whole.messages);
    expect(runs).toHaveBeenCalledTimes(1);
    runs.mockRestore();
  });

  it('the lists about messages come with their messages: the first answer holds its messages\' entries, each page its own, and together they are the whole answer', () => {
    // This seeded agent's proposal prunes and supersedes on both sides of its first 40 messages.
    const [session, asked] = ['ses_gen_flaky', { agent_path: 'primary', lower_threshold: 0.3 }] as const;
    // Both runs at one instant: the summary message is dated when the dry run runs.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-28T09:00:00Z') });
    const [whole, part] = (() => {
      try {
        return [answerDryRun(store, session, asked, null), answerDryRun(store, session, asked, 40)];
      } finally {
        vi.useRealTimers();
      }
    })();
    const answered = new Set(part.messages.map((m) => m.id));
    const wholePruned = whole.pruned ?? [];
    expect(wholePruned.filter((p) => !answered.has(p.message_id)).length).toBeGreaterThan(0);
    expect(whole.record.superseded_message_ids.filter((id) => !answered.has(id)).length).toBeGreaterThan(0);
    expect(part.pruned).toEqual(wholePruned.filter((p) => answered.has(p.message_id)));
    expect(part.record.superseded_message_ids).toEqual(whole.record.superseded_message_ids.filter((id) => answered.has(id)));
    expect(part.figures).toMatchObject({ pruned_count: wholePruned.length, superseded_count: whole.record.superseded_message_ids.length });

    const rest = readRest(store, part.proposal_id as string, part.messages_next_cursor as string, 70, session);
    const { figures: _figures, ...completed } = withRest(part, rest);
    expect({ ...completed, proposal_id: whole.proposal_id }).toEqual(whole);
  });

  it('a proposal no longer kept answers 410 proposal_expired; an id never given 404', () => {
    const part = answerDryRun(store, SESSION, request, 5);
    for (let i = 0; i < PROPOSAL_BOUNDS.count; i++) answerDryRun(store, SESSION, request, 5);
    const expired = errorOf(() => proposalMessages(store, SESSION, part.proposal_id as string, new URLSearchParams()));
    expect([expired.status, expired.code]).toEqual([410, 'proposal_expired']);
    const unknown = errorOf(() => proposalMessages(store, SESSION, 'prp_nope_1', new URLSearchParams()));
    expect([unknown.status, unknown.code]).toEqual([404, 'not_found']);
  });

  it('refuses a first that is not a whole number from 1 to 1000', () => {
    expect(parseFirst(null)).toBeNull();
    expect(parseFirst('200')).toBe(200);
    for (const bad of ['0', '1001', '2.5', 'x']) expect(errorOf(() => parseFirst(bad)).status).toBe(400);
  });
});
