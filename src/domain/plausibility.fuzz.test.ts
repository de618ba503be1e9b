/**
 * Fuzz: generated responses that the contract accepts (checked with the real validator) but that
 * make no sense. Each must be caught by a plausibility check with a notice (explained), and no
 * check may throw.
 */
import { describe, expect, it } from 'vitest';
import { validateComponent } from './contract/validator';
import type { CompactionRecord, CompactionStats } from './contract/types';
import { agentRows } from './agent-tree';
import type { Agent } from './contract/types';
import { checkAgentTree, checkRecord, checkStats, checkTimestamp } from './plausibility';
import { checkRecordPages, checkRecords } from './record-pages-check';
import { makeRecord } from '../test-support/test-records';
import { TRIGGERS } from './contract/enums.gen';
import { makeCost } from '../test-support/test-records';

const NOW = Date.parse('2026-11-22T12:00:00Z');

/** Deterministic PRNG (mulberry32), so a failure names a reproducible case. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type RecordCase = { name: string; record: CompactionRecord };

function oddRecords(count: number): RecordCase[] {
  const random = prng(12);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const mutations: Array<(r: CompactionRecord) => [string, CompactionRecord]> = [
    (r) => {
      const before = int(1_000, 500_000);
      return [`after ${before + int(1, 100_000)} > before ${before}`, { ...r, threshold_estimate: before, after_estimate: before + int(1, 100_000) }];
    },
    (r) => {
      const upper = Number((0.1 + random() * 0.8).toFixed(2));
      const lower = Math.min(1, Number((upper + 0.01 + random() * 0.2).toFixed(2)));
      return [`lower ${lower} > upper ${upper}`, { ...r, window_upper: upper, window_lower: lower }];
    },
    (r) => {
      const before = int(1, 5_000);
      return [`messages ${before} → ${before + int(1, 5_000)}`, { ...r, messages_before: before, messages_after: before + int(1, 5_000) }];
    },
  ];
  return Array.from({ length: count }, (_, i) => {
    const [name, record] = (mutations[i % mutations.length] as (r: CompactionRecord) => [string, CompactionRecord])(makeRecord({ id: `cmp_fuzz_${i}` }));
    return { name: `#${i} ${name}`, record };
  });
}

function oddStats(count: number): Array<{ name: string; stats: CompactionStats }> {
  const random = prng(99);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  return Array.from({ length: count }, (_, i) => {
    const total = int(1, 10_000);
    const base: CompactionStats = {
      events_total: total,
      by_trigger: [{ key: 'threshold_crossed', count: total }],
      by_strategy: [{ key: 'summarize', count: total }],
      by_flag: [],
      fallback_total: 0,
      fallback_reasons: [],
      tokens_saved: int(0, 1_000_000),
      cost: makeCost(1, 0.5),
      hook_timings: [],
      sessions: 1,
    };
    switch (i % 4) {
      case 0:
        return { name: `#${i} triggers sum to ${total + 1}, total ${total}`, stats: { ...base, by_trigger: [{ key: 'threshold_crossed', count: total + int(1, 50) }] } };
      case 1: {
        const p50 = int(100, 1_000);
        return {
          name: `#${i} p50 ${p50} above max`,
          stats: { ...base, hook_timings: [{ plugin: `plugin-${i}`, hook: 'post_compact', count: 3, p50_ms: p50, p95_ms: p50 + 1, max_ms: int(0, p50 - 1), result_kinds: [] }] },
        };
      }
      case 2:
        return { name: `#${i} unknown trigger`, stats: { ...base, by_trigger: [{ key: `trigger_${i}_\u202Eevil`, count: total }] } };
      default: {
        const total_usd = int(2, 1_000) + random();
        return { name: `#${i} total $${total_usd} not a sum`, stats: { ...base, cost: makeCost(1, 0.5, total_usd) } };
      }
    }
  });
}

describe('contract-valid but semantically odd responses', () => {
  const records = oddRecords(60);
  const stats = oddStats(60);

  it(`generates at least 100 cases (${records.length + stats.length + 20}), every one accepted by the contract`, () => {
    expect(records.length + stats.length + 20).toBeGreaterThanOrEqual(100);
    for (const { name, record } of records) expect(validateComponent('CompactionRecord', record), name).toBeNull();
    for (const { name, stats: s } of stats) expect(validateComponent('CompactionStats', s), name).toBeNull();
  });

  it('explains every odd record', () => {
    for (const { name, record } of records) expect(checkRecord(record).length, name).toBeGreaterThan(0);
  });

  it('explains every odd stats answer', () => {
    for (const { name, stats: s } of stats) expect(checkStats(s, TRIGGERS).length, name).toBeGreaterThan(0);
  });

  it('explains dates far ahead, duplicates and foreign records in generated pages', () => {
    const random = prng(7);
    for (let i = 0; i < 20; i++) {
      const year = 2027 + Math.floor(random() * 8000);
      const iso = `${String(year).padStart(4, '0')}-01-01T00:00:00Z`;
      const page = [makeRecord({ id: 'a', created_at: iso }), makeRecord({ id: 'a' }), makeRecord({ id: 'b', session_id: 'elsewhere' })];
      expect(validateComponent('CompactionRecord', page[0]), iso).toBeNull();
      expect(checkTimestamp('Created', iso, NOW)?.kind, iso).toBe('date-future');
      expect(checkRecords(page, page[1]!.session_id).notices.map((n) => n.kind)).toEqual(['record-duplicate', 'record-foreign']);
    }
  });
});

describe('generated agent trees and paged records', () => {
  it('40 agent lists with random parents (cycles, self-parents, missing parents): every agent listed exactly once, every odd tree explained', () => {
    const random = prng(11);
    for (let i = 0; i < 40; i++) {
      const size = 1 + Math.floor(random() * 8);
      const paths = Array.from({ length: size }, (_, n) => (n === 0 ? 'primary' : `primary/a${n}`));
      const agents = paths.map((path, n) => {
        const pick = random();
        const parent = n === 0 && pick < 0.5 ? null : pick < 0.15 ? 'ghost' : pick < 0.3 ? path : (paths[Math.floor(random() * size)] ?? null);
        return { agent_path: path, parent_path: parent } as Agent;
      });
      const rows = agentRows(agents);
      expect(rows.map((r) => r.agent.agent_path).sort(), JSON.stringify(agents)).toEqual([...paths].sort());
      const { notices, orphans } = checkAgentTree(agents);
      expect(orphans.length > 0, JSON.stringify(agents)).toBe(notices.length > 0);
    }
  });

  it('20 paged answers: a record repeated inside a page or from another session is explained; one on two pages (offsets moving) is kept once, silently', () => {
    const random = prng(13);
    for (let i = 0; i < 20; i++) {
      const ids = Array.from({ length: 6 }, (_, n) => `cmp_${i}_${n}`);
      const inPage = random() < 0.5;
      const first = ids.slice(0, 3).map((id) => makeRecord({ id }));
      const second = ids.slice(3).map((id) => makeRecord({ id }));
      if (inPage) second.push(makeRecord({ id: ids[3] }));
      else second.unshift(makeRecord({ id: ids[2] }));
      const checked = checkRecordPages([first, second], first[0]!.session_id);
      expect(checked.records.map((r) => r.id)).toEqual(ids);
      expect(checked.notices.map((n) => n.kind)).toEqual(inPage ? ['record-duplicate'] : []);
    }
  });
});
