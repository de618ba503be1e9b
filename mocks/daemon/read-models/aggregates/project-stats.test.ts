import { describe, expect, it } from 'vitest';
import { historyProjects } from '../../seeding/history';
import { compactionStats } from '../stats';
import { projectStats } from './project-stats';
import { testStore } from './test-support';

describe('project stats from the columns', () => {
  const store = testStore();
  it.each(['live', ...historyProjects('normal').map((p) => p.id), 'empty'])('are the per-session stats over every session of %s, history included', (projectId) => {
    const ids = new Set([...store.sessions.values(), ...(store.history?.sessions ?? [])].filter((s) => s.project_id === projectId).map((s) => s.id));
    const sessions = [...ids].map((id) => store.session(id)).filter((s) => s !== undefined);
    const expected = compactionStats(sessions);
    const actual = projectStats(store, projectId);
    // Sums in another order: the last digit of a cost may differ.
    expect({ ...actual, cost: null }).toEqual({ ...expected, cost: null });
    expect(actual.cost.compactor_usd).toBeCloseTo(expected.cost.compactor_usd, 5);
    expect(actual.cost.primary_usd).toBeCloseTo(expected.cost.primary_usd, 5);
  });
});
