import { describe, expect, it } from 'vitest';
import { parseScope } from './scope';
import type { PartScope } from './scope';
import { type AgentRows } from './agent-rows';
import { parseSpiralParameters, SPIRAL_DEFAULTS, type SpiralParameters } from './spiral-parameters';
import { agentReasons, spirals } from './spirals';
import { allRecords, allSilent, ANCHOR, testStore, type NaiveRecord, type NaiveSilent } from './test-support';

const store = testStore();
const HOUR = 3_600_000;

function longestRun(flags: boolean[]): number {
  let best = 0;
  let run = 0;
  for (const f of flags) {
    run = f ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

/** Spiral reasons the slow way: every pair of events compared, per session and agent. */
function naiveSpirals(recs: NaiveRecord[], sil: NaiveSilent[], p: SpiralParameters, statusOf: (id: string) => string) {
  const out = new Map<string, string[]>();
  const sessions = new Set([...recs.map((r) => r.session_id), ...sil.map((s) => s.session_id)]);
  for (const id of sessions) {
    const reasons: string[] = [];
    if (statusOf(id) === 'context_overflow') reasons.push('stuck_overflow - 1');
    const agents = new Set([...recs.filter((r) => r.session_id === id).map((r) => r.agent_path), ...sil.filter((s) => s.session_id === id).map((s) => s.agent_path)]);
    for (const agent of agents) {
      const mine = recs.filter((r) => r.session_id === id && r.agent_path === agent).map((r) => ({ ...r, t: Date.parse(r.created_at) }));
      const best = Math.max(0, ...mine.map((a) => mine.filter((b) => b.t >= a.t && b.t - a.t <= p.burst_minutes * 60_000).length));
      if (best >= p.burst_count) reasons.push(`burst ${agent} ${best}`);
      // Ineffective and no-ops count only runs in a row: of the agent's compactions, and of all its attempts (records first at one instant).
      // At one instant, a stored session's own records before its history's (the order the daemon joins them in).
      mine.sort((a, b) => a.t - b.t || Number(a.id.startsWith('cmp_h')) - Number(b.id.startsWith('cmp_h')));
      const ineffective = longestRun(mine.map((r) => r.after_estimate >= p.min_ratio * r.threshold_estimate));
      if (ineffective >= p.min_ineffective) reasons.push(`ineffective ${agent} ${ineffective}`);
      const quiet = sil.filter((s) => s.session_id === id && s.agent_path === agent);
      const attempts = [...mine.map((r) => ({ t: r.t, silent: 0, noop: false })), ...quiet.map((s) => ({ t: s.at, silent: 1, noop: s.kind === 'noop' }))].sort((a, b) => a.t - b.t || a.silent - b.silent);
      const noops = longestRun(attempts.map((a) => a.noop));
      if (noops >= p.min_noops) reasons.push(`repeated_noops ${agent} ${noops}`);
      const retries = mine.filter((r) => r.trigger === 'provider_overflow_retry' && r.after_estimate > r.context_window).length + quiet.filter((s) => s.trigger === 'provider_overflow_retry').length;
      if (retries > 0) reasons.push(`retry_overflow ${agent} ${retries}`);
    }
    if (reasons.length > 0) out.set(id, reasons.sort());
  }
  return out;
}

function check(query: Record<string, string>, p: SpiralParameters, on = store) {
  const statusOf = (id: string) => on.sessions.get(id)?.status ?? on.history?.sessions.find((s) => s.id === id)?.status ?? 'idle';
  // A history session that became a stored one lists its history records too: each record once.
  const records = [...new Map(allRecords(on).filter((r) => !r.rolled_back).map((r) => [r.id, r])).values()];
  const silent = allSilent(on);
  const params = new URLSearchParams(query);
  const { scope, parts } = parseScope(on, params);
  const report = spirals(scope, parts, p, 500);
  const { from, to } = scope.range;
  const keep = (e: { session_id: string; project_id: string; agent_path: string }, at: number) =>
    (!query.project_id || e.project_id === query.project_id) && (!query.agent_path || e.agent_path === query.agent_path) && at >= from && at < to;
  const expected = naiveSpirals(
    records.filter((r) => keep(r, Date.parse(r.created_at))),
    silent.filter((s) => keep(s, s.at)),
    p,
    statusOf,
  );
  // A session stuck in context_overflow is reported even with no events in the range.
  for (const s of [...on.sessions.values(), ...(on.history?.sessions ?? [])]) {
    if (s.status === 'context_overflow' && !expected.has(s.id) && (!query.project_id || s.project_id === query.project_id)) expected.set(s.id, ['stuck_overflow - 1']);
  }
  const actual = new Map(report.items.map((item) => [item.session_id, item.reasons.map((r) => `${r.kind} ${r.agent_path ?? '-'} ${r.count}`).sort()]));
  expect(actual).toEqual(expected);
  expect(report.total).toBe(expected.size);
  return report;
}

describe('spiral detection against brute force', () => {
  it('with the default parameters, over everything', () => {
    const report = check({}, SPIRAL_DEFAULTS);
    // The generated history spirals, and the stored session b trips every reason.
    expect(report.items.filter((i) => i.session_id.startsWith('ses_h')).length).toBeGreaterThanOrEqual(3);
    const b = report.items.find((i) => i.session_id === 'ses_live_b');
    expect(b?.reasons.map((r) => r.kind).sort()).toEqual(['burst', 'ineffective', 'repeated_noops', 'retry_overflow', 'stuck_overflow']);
    expect(b?.reasons[0]?.kind).toBe('stuck_overflow');
    const burst = b?.reasons.find((r) => r.kind === 'burst');
    expect(burst?.detail).toMatch(/within 10 minutes/);
    expect(burst?.compaction_id).toMatch(/^cmp_/);
    // Most severe first: more kinds of reason, then the larger burst.
    const kinds = report.items.map((i) => new Set(i.reasons.map((r) => r.kind)).size);
    expect(kinds).toEqual([...kinds].sort((x, y) => y - x));
  });

  it('with adjusted parameters, scoped to a project, an agent and a time range', () => {
    check({}, { ...SPIRAL_DEFAULTS, burst_count: 3, burst_minutes: 30 });
    check({ project_id: 'live', agent_path: 'primary' }, { burst_count: 2, burst_minutes: 120, min_ratio: 0.8, min_ineffective: 1, min_noops: 1 });
    check({ from: new Date(ANCHOR - 36 * HOUR).toISOString(), to: new Date(ANCHOR).toISOString() }, SPIRAL_DEFAULTS);
  });

  it('ties: events at the same instant all count in one window', () => {
    const report = check({ project_id: 'live' }, { ...SPIRAL_DEFAULTS, burst_count: 2, burst_minutes: 0.001 });
    // Two of b's burst events share one instant.
    expect(report.items.find((i) => i.session_id === 'ses_live_b')?.reasons.find((r) => r.kind === 'burst')?.count).toBe(2);
  });

  it('a history session that became a stored one counts as one session, its rows from both parts in time order', () => {
    const two = testStore(9);
    const h = two.history?.sessions[0];
    if (!h) throw new Error('no history');
    const session = two.session(h.id);
    if (!session) throw new Error('no session');
    two.touch(h.id);
    expect(two.sessions.has(h.id)).toBe(true);
    // New records between and after the history's own, for the same agent: a burst across both parts.
    const last = Math.max(...session.compactions.map((r) => Date.parse(r.created_at)));
    const template = session.compactions.at(-1) as (typeof session.compactions)[number];
    for (let i = 0; i < 6; i++) {
      const id = two.nextId('cmp');
      two.addCompaction(session, { ...template, id, run_id: `run_${id}`, created_at: new Date(last - 3 * 60_000 + i * 60_000).toISOString(), threshold_estimate: 100_000, after_estimate: 99_000, operator_flag: null, rolled_back: false, dry_run: false });
    }
    const report = check({}, { ...SPIRAL_DEFAULTS, burst_count: 4 }, two);
    const item = report.items.find((i) => i.session_id === h.id);
    expect(item?.reasons.some((r) => r.kind === 'burst' && r.agent_path === template.agent_path)).toBe(true);
    expect(report.items.filter((i) => i.session_id === h.id)).toHaveLength(1);
  });

  it('a rollback on a history record leaves the history laid out by session anew: the answer follows it', () => {
    const three = testStore(11);
    const before = check({}, SPIRAL_DEFAULTS, three);
    const burst = before.items.flatMap((i) => i.reasons).find((r) => r.kind === 'burst' && r.compaction_id?.startsWith('cmp_h'));
    const id = burst?.compaction_id as string;
    const session = three.session(before.items.find((i) => i.reasons.includes(burst as never))?.session_id as string);
    const record = session?.compactions.find((r) => r.id === id);
    if (!session || !record) throw new Error('no history burst');
    three.replaceCompaction(session, { ...record, rolled_back: true });
    const after = check({}, SPIRAL_DEFAULTS, three);
    expect(after.items.flatMap((i) => i.reasons).find((r) => r.kind === 'burst' && r.agent_path === burst?.agent_path && r.compaction_id === id)).toBeUndefined();
  });

  it('reads and checks its parameters, answering the defaults alongside', () => {
    expect(parseSpiralParameters(new URLSearchParams('burst_count=7&burst_minutes=2.5&min_ratio=0.9'))).toEqual({ ...SPIRAL_DEFAULTS, burst_count: 7, burst_minutes: 2.5, min_ratio: 0.9 });
    expect(() => parseSpiralParameters(new URLSearchParams('burst_count=1'))).toThrow(/burst_count/);
    expect(() => parseSpiralParameters(new URLSearchParams('min_ratio=2'))).toThrow(/min_ratio/);
    expect(() => parseSpiralParameters(new URLSearchParams('burst_minutes=0'))).toThrow(/burst_minutes/);
  });
});

describe('ineffective compactions and no-ops count only runs in a row', () => {
  const MIN = 60_000;
  /** One agent's rows: records (ratio after/before) an hour apart, and silent rows (true: a no-op, false: a failure) at given minutes. */
  function agentRows(ratios: number[], silent: [number, boolean][] = []): AgentRows {
    const n = ratios.length;
    return {
      at: Float64Array.from(ratios, (_, i) => ANCHOR + i * 60 * MIN),
      before: new Float64Array(n).fill(100_000),
      after: Float64Array.from(ratios, (r) => r * 100_000),
      window: new Float64Array(n).fill(200_000),
      trigger: new Uint8Array(n),
      hit: Float64Array.from(ratios, (_, i) => i),
      silentAt: Float64Array.from(silent, ([m]) => ANCHOR + m * MIN),
      silentNoop: Uint8Array.from(silent, ([, noop]) => (noop ? 1 : 0)),
      silentTrigger: new Uint8Array(silent.length),
    };
  }
  const parts = [{ part: { records: null } }] as unknown as PartScope[];
  const reasons = (rows: AgentRows, p = SPIRAL_DEFAULTS) => agentReasons(parts, 'primary', rows, p).map((r) => `${r.kind} ${r.count} ${r.first_at}`);
  const at = (minutes: number) => new Date(ANCHOR + minutes * MIN).toISOString();

  it('ineffective: an effective compaction in between ends the run', () => {
    expect(reasons(agentRows([0.99, 0.97, 0.5, 0.99, 0.96]))).toEqual([]);
    expect(reasons(agentRows([0.99, 0.5, 0.99, 0.96, 0.95, 0.4]))).toEqual([`ineffective 3 ${at(120)}`]);
    // The threshold is adjustable: two in a row then flag.
    expect(reasons(agentRows([0.99, 0.97, 0.5]), { ...SPIRAL_DEFAULTS, min_ineffective: 2 })).toEqual([`ineffective 2 ${at(0)}`]);
  });

  it('no-ops: a recorded compaction or a failure in between ends the run; at one instant the record comes first', () => {
    // Records at 0 and 60 minutes; no-ops at 10, 20, then 60 (after the record at 60), 70, 80.
    expect(reasons(agentRows([0.5, 0.5], [[10, true], [20, true], [60, true], [70, true], [80, true]]))).toEqual([`repeated_noops 3 ${at(60)}`]);
    expect(reasons(agentRows([0.5, 0.5], [[10, true], [20, true], [30, false], [40, true], [50, true]]))).toEqual([]);
    expect(reasons(agentRows([], [[1, true], [2, true], [3, true], [4, true]]))).toEqual([`repeated_noops 4 ${at(1)}`]);
    expect(reasons(agentRows([]))).toEqual([]);
  });
});
