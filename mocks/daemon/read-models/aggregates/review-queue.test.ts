import { describe, expect, it } from 'vitest';
import { flagCompaction } from '../../services/compaction-service';
import { reviewQueue } from './review-queue';
import { allRecords, ANCHOR, testStore } from './test-support';

function queue(store: ReturnType<typeof testStore>, query: string) {
  return reviewQueue(store, new URLSearchParams(query));
}

describe('review queue of a plugin', () => {
  it('walks the unrated events oldest first; rating one keeps the total and moves the position on', () => {
    const store = testStore();
    const started = new Date(ANCHOR).toISOString();
    // The queue: events it fired in that are unrated, or were rated since the walk began.
    const members = allRecords(store)
      .filter((r) => !r.rolled_back && r.plugins_fired.some((p) => p.name === 'memory-markdown') && r.project_id === 'live')
      .filter((r) => r.operator_flag === null || Date.parse(r.flagged_at ?? '') >= ANCHOR)
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || (a.id < b.id ? -1 : 1));
    const unrated = members.filter((r) => r.operator_flag === null);
    const positionOf = (id: string | undefined) => members.findIndex((r) => r.id === id) + 1;
    const base = `plugin=memory-markdown&project_id=live&started_at=${started}`;
    let step = queue(store, base);
    expect(step).toMatchObject({ total: members.length, position: positionOf(unrated[0]?.id), remaining: unrated.length - 1 });
    expect(step.item?.id).toBe(unrated[0]?.id);
    expect(step.next_id).toBe(unrated[1]?.id);
    expect(step.session?.id).toBe(unrated[0]?.session_id);
    // Review five: each save moves to the next, "n of total" with the total kept.
    for (let i = 0; i < 5; i++) {
      const item = step.item;
      if (!item) throw new Error('queue ended early');
      flagCompaction(store, item.session_id, item.id, { flag: i % 2 ? 'good' : 'bad', notes: `review ${i}`, version: item.version }, 'author');
      step = queue(store, `${base}&after=${item.id}`);
      expect(step).toMatchObject({ total: members.length, position: positionOf(unrated[i + 1]?.id), remaining: unrated.length - i - 2 });
      expect(step.item?.id).toBe(unrated[i + 1]?.id);
    }
    // Leaving and coming back with the last id resumes there.
    expect(queue(store, `${base}&after=${unrated[4]?.id}`).item?.id).toBe(unrated[5]?.id);
    // A walk started later counts only what is still unrated then.
    expect(queue(store, `plugin=memory-markdown&project_id=live&started_at=${new Date(ANCHOR + 1_000 * 86_400_000).toISOString()}`).total).toBe(unrated.length - 5);
  });

  it('skipping without rating goes on, and the skipped ones come back after the end', () => {
    const store = testStore();
    const base = 'plugin=guard-rails&project_id=live';
    const all: string[] = [];
    let step = queue(store, base);
    while (step.item && !all.includes(step.item.id)) {
      all.push(step.item.id);
      step = queue(store, `${base}&after=${step.item.id}`);
    }
    // guard-rails fires only in session c, which is in another project.
    expect(all).toEqual([]);
    const history = 'plugin=hindsight&project_id=payments-api&plugin_version=0.4.1';
    const first = queue(store, history);
    const second = queue(store, `${history}&after=${first.item?.id}`);
    expect(second.position).toBe(2);
    // From the last one, the walk wraps to the first (skipped) one, never answering `after` itself.
    let last = second;
    while (last.next_id) last = queue(store, `${history}&after=${last.next_id}`);
    const lastId = last.item?.id ?? first.item?.id;
    const wrapped = queue(store, `${history}&after=${lastId}`);
    expect(wrapped.item?.id).not.toBe(lastId);
    expect(wrapped.position).toBeLessThan(last.position);
  });

  it('walks the events flagged bad when the walk began, to review them again; each verdict counts as reviewed, whatever it is', () => {
    const store = testStore();
    const started = new Date(ANCHOR).toISOString();
    const bad = allRecords(store)
      .filter((r) => !r.rolled_back && r.plugins_fired.some((p) => p.name === 'hindsight') && r.operator_flag === 'bad' && Date.parse(r.flagged_at ?? '') < ANCHOR)
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || (a.id < b.id ? -1 : 1));
    expect(bad.length).toBeGreaterThan(2);
    const base = `plugin=hindsight&flag=bad&started_at=${started}`;
    let step = queue(store, base);
    const total = step.total;
    expect(step).toMatchObject({ position: 1, remaining: bad.length - 1 });
    expect(step.item?.id).toBe(bad[0]?.id);
    expect(step.item?.operator_flag).toBe('bad');
    // Kept bad, or flagged good: either way reviewed, and the walk goes on to the next bad one.
    for (const [i, flag] of (['bad', 'good'] as const).entries()) {
      const item = step.item!;
      flagCompaction(store, item.session_id, item.id, { flag, version: item.version }, 'author');
      step = queue(store, `${base}&after=${item.id}`);
      expect(step.item?.id).toBe(bad[i + 1]?.id);
      expect(step).toMatchObject({ total, remaining: bad.length - i - 2 });
    }
    // The unrated walk does not serve them.
    expect(queue(store, `plugin=hindsight&started_at=${started}`).item?.operator_flag).toBeNull();
    expect(() => queue(store, 'plugin=hindsight&flag=awful')).toThrow(/flag must be one of/);
  });

  it('answers no item when nothing is unrated, and rejects unknown input', () => {
    const store = testStore();
    expect(queue(store, 'plugin=no-such-plugin')).toMatchObject({ total: 0, position: 0, remaining: 0, item: null, session: null, next_id: null });
    expect(() => queue(store, '')).toThrow(/plugin is required/);
    expect(() => queue(store, 'plugin=hindsight&after=cmp_missing')).toThrow(/No compaction/);
    expect(() => queue(store, 'plugin=hindsight&started_at=soon')).toThrow(/started_at/);
  });
});
