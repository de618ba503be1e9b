import { beforeAll, describe, expect, it, vi } from 'vitest';
import { wholeFigures } from '../../../src/domain/diff/proposal-figures';
import { PROPOSAL_BOUNDS } from '../../store/dry-run-proposals';
import type { Store } from '../../store/store';
import type { Message } from '../../store/types';
import { seededStore } from '../seeding/test-support/normal-seed';
import * as engine from '../compaction/compaction-input';
import { DaemonError } from '../errors';
import { answerDryRun, parseFirst, proposalMessages } from './dry-run-service';

const SESSION = 'ses_gen_refactor';
const request = { agent_path: 'primary/explore', lower_threshold: 0.3 };

function readRest(store: Store, proposalId: string, cursor: string, limit: number): Message[] {
  const rest: Message[] = [];
  let next: string | null = cursor;
  while (next !== null) {
    const page = proposalMessages(store, SESSION, proposalId, new URLSearchParams({ cursor: next, limit: String(limit) }));
    rest.push(...page.items);
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
    expect([...part.messages, ...rest]).toEqual(whole.messages);
    expect(runs).toHaveBeenCalledTimes(1);
    runs.mockRestore();
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
