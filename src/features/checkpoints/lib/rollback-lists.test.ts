import { beforeAll, describe, expect, it } from 'vitest';
import { rollbackCheckpoint } from '../../../../mocks/daemon/services/checkpoint-service';
import { seededStore } from '../../../../mocks/daemon/seeding/test-support/normal-seed';
import type { Store } from '../../../../mocks/store/store';
import { buildDiffModel } from '../../../domain/diff/align';
import { rollbackLists } from './rollback-lists';

let store: Store;

beforeAll(async () => {
  store = await seededStore();
});

describe('rollback preview lists', () => {
  it('match what the rollback then does, for every rollback point of a session with many compactions', () => {
    const session = store.session('ses_gen_memory');
    if (!session) throw new Error('seed changed');
    const points = session.checkpoints.filter((c) => c.reason === 'pre_compaction');
    expect(points.length).toBeGreaterThan(3);
    for (const point of points) {
      const agent = session.agents.find((a) => a.agent_path === point.agent_path);
      if (!agent) throw new Error('no agent');
      const preview = rollbackCheckpoint(store, session.id, point.id, true, 'test', null);
      const lists = rollbackLists(agent.messages, preview);
      expect(lists.unknown).toEqual([]);
      expect(lists.restored.map((m) => m.id).sort()).toEqual([...preview.restore_message_ids].sort());
      const model = buildDiffModel(lists.before, lists.after, { afterOnly: () => 'added' });
      expect(model.totals.before.messages).toBe(lists.before.length);
      expect(model.totals.after.messages).toBe(lists.after.length);
      expect(model.totals.splitGroups).toEqual([]);
    }
  });

  it('predicts the active list after applying the rollback', async () => {
    const fresh = await seededStore();
    const session = fresh.session('ses_gen_memory');
    const point = session?.checkpoints.filter((c) => c.reason === 'pre_compaction').at(-3);
    const agent = session?.agents[0];
    if (!session || !point || !agent) throw new Error('seed changed');
    const preview = rollbackCheckpoint(fresh, session.id, point.id, true, 'test', null);
    const predicted = rollbackLists(agent.messages, preview).after.map((m) => m.id);
    rollbackCheckpoint(fresh, session.id, point.id, false, 'test', 'key-1');
    expect(agent.messages.filter((m) => !m.superseded).map((m) => m.id)).toEqual(predicted);
  });

  it('adds up with the pruning pre-pass shown: before − superseded + restored − pruned = after', async () => {
    const fresh = await seededStore();
    const session = fresh.session('ses_gen_memory');
    const points = session?.checkpoints.filter((c) => c.reason === 'pre_compaction') ?? [];
    let withPruning = 0;
    for (const point of points) {
      const agent = session?.agents.find((a) => a.agent_path === point.agent_path);
      if (!session || !agent) throw new Error('seed changed');
      const preview = rollbackCheckpoint(fresh, session.id, point.id, true, 'test', null);
      const { tokens } = rollbackLists(agent.messages, preview);
      expect(tokens.balanced).toBe(true);
      expect(tokens.before - tokens.superseded + tokens.restored - tokens.pruned).toBe(tokens.after);
      expect(tokens.pruned).toBe((preview.pruned ?? []).reduce((sum, p) => sum + p.tokens_before - p.tokens_after, 0));
      if (tokens.prunedCount > 0) withPruning += 1;
    }
    // The seed's long session prunes after most rollbacks: the test covers the case that matters.
    expect(withPruning).toBeGreaterThan(0);
  });
});
