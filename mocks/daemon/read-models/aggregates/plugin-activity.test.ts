import { describe, expect, it } from 'vitest';
import { compareVersions, pluginActivity } from './plugin-activity';
import { parseScope } from './scope';
import { allRecords, allSilent, ANCHOR, naivePercentile, testStore } from './test-support';

const store = testStore();
const records = allRecords(store).filter((r) => !r.rolled_back);
const silent = allSilent(store);
const CATALOG: Record<string, string> = { hindsight: '0.4.2', 'memory-markdown': '1.2.0', 'guard-rails': '0.9.0' };

describe.each([
  ['hindsight', ''],
  ['memory-markdown', 'project_id=live'],
  ['hindsight', `from=${new Date(ANCHOR - 20 * 86_400_000).toISOString()}&to=${new Date(ANCHOR).toISOString()}&tz=America/New_York`],
])('plugin page of %s (%s) against brute force', (name, query) => {
  const { scope, parts } = parseScope(store, new URLSearchParams(query));
  const page = pluginActivity(store, name, scope, parts);
  const { from, to } = scope.range;
  const project = new URLSearchParams(query).get('project_id');
  const mine = records.filter((r) => r.plugins_fired.some((p) => p.name === name) && (!project || r.project_id === project) && Date.parse(r.created_at) >= from && Date.parse(r.created_at) < to);
  const compacted = mine.filter((r) => r.plugins_fired.some((p) => p.name === name && p.role === 'compactor'));
  const failures = silent.filter((s) => s.plugin === name && s.kind === 'failed' && (!project || s.project_id === project) && s.at >= from && s.at < to);
  const versionOf = (r: (typeof records)[number]): string => r.plugins_fired.find((p) => p.name === name)?.version ?? (CATALOG[name] as string);

  it('totals: events, fallbacks it caused, failures, hook errors, cost and flags', () => {
    expect(page.plugin.name).toBe(name);
    expect(page.totals).toMatchObject({
      events: mine.length,
      fallbacks_caused: compacted.filter((r) => r.fallback_occurred).length,
      failures: failures.length,
      hook_errors: mine.filter((r) => r.plugins_fired.some((p) => p.name === name && p.result_kind === 'error')).length,
    });
    expect(page.totals.cost_usd).toBeCloseTo(compacted.reduce((n, r) => n + r.cost_usd, 0), 5);
    expect(page.totals.flags.bad).toBe(mine.filter((r) => r.operator_flag === 'bad').length);
    expect(page.series.reduce((n, b) => n + b.events, 0)).toBe(mine.length);
    expect(page.series.reduce((n, b) => n + b.failures, 0)).toBe(failures.length);
  });

  it('per version: events, flag mix, median ratio, failures, oldest version first', () => {
    const versions = [...new Set(mine.map(versionOf))].sort(compareVersions);
    expect(page.versions.map((v) => v.version)).toEqual(versions);
    for (const v of page.versions) {
      const group = mine.filter((r) => versionOf(r) === v.version);
      expect(v.events).toBe(group.length);
      expect(v.flags.good).toBe(group.filter((r) => r.operator_flag === 'good').length);
      expect(v.median_ratio).toBe(naivePercentile(group.map((r) => r.after_estimate / r.threshold_estimate), 50));
      expect(v.failures).toBe(failures.filter((s) => s.version === v.version).length);
      const ms = group.map((r) => r.plugins_fired.filter((p) => p.name === name).reduce((n, p) => n + p.duration_ms, 0));
      expect(v.p95_ms).toBe(naivePercentile(ms, 95));
    }
  });

  it('hook timings per hook and role; agents it is attached to', () => {
    for (const h of page.hook_timings) {
      const fired = mine.flatMap((r) => r.plugins_fired.filter((p) => p.name === name && p.hook === h.hook && p.role === h.role));
      expect(h.count).toBe(fired.length);
      expect(h.p50_ms).toBe(naivePercentile(fired.map((p) => p.duration_ms), 50));
      expect(h.errors).toBe(fired.filter((p) => p.result_kind === 'error').length);
    }
    expect(page.agents.total).toBeGreaterThan(0);
    for (const a of page.agents.items) expect(a.events).toBe(mine.filter((r) => r.session_id === a.session_id && r.agent_path === a.agent_path).length);
    expect(page.agents.items.map((a) => a.events)).toEqual([...page.agents.items.map((a) => a.events)].sort((x, y) => y - x));
  });
});

describe('plugin page', () => {
  it('an unknown plugin is a 404', () => {
    const { scope, parts } = parseScope(store, new URLSearchParams());
    expect(() => pluginActivity(store, 'nope', scope, parts)).toThrow(/nope/);
  });

  it('the generated history compares two hindsight versions: operators flag the newer one better', () => {
    const local = testStore(24);
    const { scope, parts } = parseScope(local, new URLSearchParams());
    const [older, newer] = pluginActivity(local, 'hindsight', scope, parts).versions;
    if (!older || !newer) throw new Error('two versions expected');
    expect([older.version, newer.version]).toEqual(['0.4.1', '0.4.2']);
    expect(newer.flags.bad / newer.events).toBeLessThan(older.flags.bad / older.events);
    expect(newer.flags.good / newer.events).toBeGreaterThan(older.flags.good / older.events);
    expect(compareVersions('0.4.10', '0.4.9')).toBeGreaterThan(0);
  });
});
