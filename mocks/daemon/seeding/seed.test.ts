import { describe, expect, it } from 'vitest';
import { loadFixturesFromDisk } from '../../importers/node-fixtures';
import type { Store } from '../../store/store';
import { seedStore } from './seed';

const transcripts = loadFixturesFromDisk();

/** One real seed (24, normal) for the tests that only read it; each seed costs seconds on two cores. */
let normal: Store | undefined;
const seed24 = (): Store => (normal ??= seedStore({ seed: 24, scale: 'normal', transcripts }));

describe('seeding', () => {
  it('is deterministic: the same seed gives the same data', () => {
    const snapshot = (store: Store) =>
      JSON.stringify([...store.sessions.values()].map((s) => [s.id, s.status, s.compactions, s.agents.map((a) => a.messages.length)]));
    const first = snapshot(seed24());
    expect(snapshot(seedStore({ seed: 24, scale: 'normal', transcripts }))).toBe(first);
    expect(snapshot(seedStore({ seed: 25, scale: 'normal', transcripts }))).not.toBe(first);
    // Three full seeds: slow on a busy two-core machine.
  }, 90_000);

  it('seeds every transcript (both formats) and their subagent windows, showing exactly what happened in them', () => {
    const store = seed24();
    const spotter = store.session('ses_4d5611e5-241');
    expect(spotter?.source.kind).toBe('claude-code');
    expect(spotter?.agents.map((a) => a.agent_path)).toEqual(['primary', 'primary/agent-a2898e3']);
    const recorded = spotter?.compactions.find((r) => r.threshold_estimate === 170251);
    expect(recorded?.trigger).toBe('threshold_crossed');
    expect(recorded?.summary).toMatch(/^This session is being continued/);
    expect(store.session('ses_ae4a77f8-aed')?.compactions.some((r) => r.trigger === 'operator_manual' && r.threshold_estimate === 142431)).toBe(true);
    expect([...store.sessions.values()].filter((s) => s.source.kind === 'openai-chat')).toHaveLength(3);
  });

  it('an imported session holds the compactions its transcript recorded and no invented ones, recorded, with no plugins it never had', () => {
    const store = seed24();
    for (const t of transcripts) {
      const session = [...store.sessions.values()].find((s) => s.source.name === t.source_file);
      if (!session) throw new Error(`${t.source_file} not seeded`);
      const recordedCount = t.compactions.length + t.subagents.reduce((n, s) => n + s.compactions.length, 0);
      expect(session.compactions, t.source_file).toHaveLength(recordedCount);
      for (const r of session.compactions) {
        expect(r.provenance.origin, t.source_file).toBe('recorded');
        expect(r.plugins_fired).toEqual([]);
        expect(r.summary).not.toMatch(/simulated summary|hindsight/);
      }
      expect(session.compactions.map((r) => r.threshold_estimate)).toEqual([...t.compactions, ...t.subagents.flatMap((s) => s.compactions)].map((c) => c.pre_tokens));
      for (const a of session.agents) expect(a.plugins, `${t.source_file} ${a.agent_path}`).toEqual([]);
      expect(session.pending_checkpoint_id).toBeNull();
    }
  });

  it('covers the states operators meet: running, paused with a proposal, context overflow, fallbacks', () => {
    const store = seed24();
    const sessions = [...store.sessions.values()];
    expect(sessions.some((s) => s.status === 'running')).toBe(true);
    const paused = sessions.filter((s) => s.pending_checkpoint_id);
    expect(paused.length).toBeGreaterThanOrEqual(1);
    for (const s of paused) expect(s.checkpoints.find((c) => c.id === s.pending_checkpoint_id)?.proposal).not.toBeNull();
    expect(sessions.some((s) => s.status === 'context_overflow')).toBe(true);
    expect(sessions.flatMap((s) => s.compactions).some((r) => r.fallback_occurred)).toBe(true);
  });

  it('the bench scale adds a 10,000-message session and 100,000 compaction records', () => {
    const store = seedStore({ seed: 24, scale: 'bench', transcripts: [] });
    const bench = store.session('ses_bench_10k');
    expect(bench?.agents[0]?.messages).toHaveLength(10_000);
    expect(bench?.compactions).toHaveLength(100_000);
    // Its records happen while its messages do: none before the first or after the last.
    const messages = bench?.agents[0]?.messages ?? [];
    const first = Date.parse(messages[0]?.created_at ?? '');
    const last = Date.parse(messages.at(-1)?.created_at ?? '');
    const times = (bench?.compactions ?? []).map((r) => Date.parse(r.created_at));
    expect(times.reduce((a, b) => Math.min(a, b))).toBeGreaterThanOrEqual(first);
    expect(times.reduce((a, b) => Math.max(a, b))).toBeLessThanOrEqual(last);
  }, 90_000);
});
