// The alignment on real transcripts: the simulated daemon seeded from mocks/fixtures (Claude Code
// JSONL with parallel tool calls and subagents, OpenAI-chat trajectories) and its own dry-run path
// producing the proposals, for every strategy and a few threshold pairs.

import { beforeAll, describe, expect, it } from 'vitest';
import { dryRun } from '../../../mocks/daemon/services/compaction-service';
import { DaemonError } from '../../../mocks/daemon/errors';
import { seededStore } from '../../../mocks/daemon/seeding/test-support/normal-seed';
import { parallelSession } from '../../../mocks/engine/test-support/build';
import type { Store } from '../../../mocks/store/store';
import type { CompactRequest } from '../../../mocks/store/types';
import { alignRows, beforeOfProposal, buildDiffModel } from './align';
import { collapse, nextHunk } from './collapse';
import type { DiffModel, DiffRow, Message } from './diff-model';

type Overrides = Omit<CompactRequest, 'agent_path'>;

const SCENARIOS: Array<[string, Overrides]> = [
  ['configured', {}],
  ['summarize 0.20/0.10', { strategy: 'summarize', upper_threshold: 0.2, lower_threshold: 0.1 }],
  ['drop 0.30/0.15', { strategy: 'drop', summarize: false, upper_threshold: 0.3, lower_threshold: 0.15 }],
  ['drop+upgrade 0.25/0.05', { strategy: 'drop', summarize: true, upper_threshold: 0.25, lower_threshold: 0.05 }],
  ['delegate 0.20/0.10', { strategy: 'delegate', upper_threshold: 0.2, lower_threshold: 0.1 }],
  ['checkpoint 0.20/0.10', { strategy: 'checkpoint', upper_threshold: 0.2, lower_threshold: 0.1 }],
];

interface Case {
  name: string;
  sessionId: string;
  before: Message[];
  proposed: Message[];
  summaryId: string | null;
}

let store: Store;
const cases: Case[] = [];

beforeAll(async () => {
  store = await seededStore();
  for (const session of store.sessions.values()) {
    if (session.source.kind !== 'claude-code' && session.source.kind !== 'openai-chat') continue;
    for (const agent of session.agents) {
      const before = agent.messages.filter((m) => !m.superseded);
      for (const [label, overrides] of SCENARIOS) {
        try {
          const result = dryRun(store, session.id, { agent_path: agent.agent_path, ...overrides });
          cases.push({ name: `${session.id} ${agent.agent_path} ${label}`, sessionId: session.id, before, proposed: result.messages, summaryId: result.record.summary_message_id });
        } catch (error) {
          if (!(error instanceof DaemonError)) throw error;
        }
      }
    }
  }
}, 60_000);

const ids = (messages: readonly (Message | null)[]) => messages.filter((m): m is Message => m !== null).map((m) => m.id);

/** Which group each row's message belongs to, computed independently of the lib (by call id). */
function groupProblems(rows: readonly DiffRow[]): string[] {
  const problems: string[] = [];
  const callOwner = new Map<string, string>();
  for (const row of rows) {
    const m = row.before ?? row.after;
    if (m?.role === 'assistant') for (const c of m.tool_calls) callOwner.set(c.id, m.id);
  }
  for (const row of rows) {
    const m = row.before ?? row.after;
    if (m?.role === 'tool' && m.tool_call_id !== null && callOwner.has(m.tool_call_id) && row.group !== callOwner.get(m.tool_call_id)) {
      problems.push(`${m.id} is not grouped with its call ${m.tool_call_id}`);
    }
  }
  return problems;
}

describe('alignment on real transcripts', () => {
  it('has real proposals to check, with parallel tool calls and summaries among them', () => {
    expect(cases.length).toBeGreaterThan(30);
    const sessions = new Set(cases.map((c) => c.sessionId));
    expect(sessions).toContain('ses_4d5611e5-241');
    expect(sessions).toContain('ses_astropy-1290');
    expect(sessions).toContain('ses_django-11133');
    const claude = cases.filter((c) => c.sessionId === 'ses_4d5611e5-241').map((c) => buildDiffModel(c.before, c.proposed));
    expect(Math.max(...claude.map((m) => m.totals.parallelGroups))).toBeGreaterThan(0);
    expect(cases.some((c) => c.summaryId !== null)).toBe(true);
    expect(cases.filter((c) => c.proposed.some((m) => m.superseded)).length).toBeGreaterThan(20);
  });

  it('shows every message exactly once per side, in order', () => {
    for (const c of cases) {
      const { rows } = buildDiffModel(c.before, c.proposed);
      // Left: the active list exactly.
      expect(ids(rows.map((r) => r.before)), c.name).toEqual(ids(c.before));
      // Right: the proposed list as the model will see it (superseded ones left out), exactly.
      expect(ids(rows.map((r) => r.after)), c.name).toEqual(ids(c.proposed.filter((m) => !m.superseded)));
      // Every proposed message is on a row, once: visible on the right, or struck through on the left.
      const covered = rows.map((r) => r.after?.id ?? (r.kind === 'superseded' ? r.before?.id : null) ?? null);
      expect(covered.filter((id) => id !== null).sort(), c.name).toEqual(ids(c.proposed).sort());
      expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
      expect(rows.some((r) => r.kind === 'moved'), c.name).toBe(false);
    }
  });

  it('classifies rows as the proposal says', () => {
    for (const c of cases) {
      const { rows, totals } = buildDiffModel(c.before, c.proposed);
      const superseded = new Set(c.proposed.filter((m) => m.superseded).map((m) => m.id));
      for (const row of rows) {
        if (row.kind === 'superseded') expect(superseded.has(row.before?.id ?? '')).toBe(true);
        if (row.kind === 'summary') {
          expect(row.before).toBeNull();
          expect(row.after?.metadata.kind).toBe('compaction_summary');
          expect(row.after?.id).toBe(c.summaryId);
        }
        if (row.kind === 'pinned') expect(row.pin).not.toBeNull();
        // The always-keep set is never superseded.
        if (row.pin !== null) expect(row.kind, `${c.name}: ${row.key}`).not.toBe('superseded');
      }
      expect(totals.superseded.messages).toBe(superseded.size);
      expect(totals.after.messages).toBe(c.proposed.length - superseded.size);
      // The summary sits where it lands: right before the first message it replaces.
      const s = rows.findIndex((r) => r.kind === 'summary');
      if (s >= 0 && superseded.size > 0) {
        const firstGone = rows.findIndex((r) => r.kind === 'superseded');
        expect(s, c.name).toBeLessThan(rows.length);
        expect(Math.abs(s - firstGone), c.name).toBeLessThanOrEqual(1);
      }
    }
  });

  it('never splits a tool call from its results, parallel calls included', () => {
    for (const c of cases) {
      const model = buildDiffModel(c.before, c.proposed);
      expect(groupProblems(model.rows), c.name).toEqual([]);
      expect(model.totals.splitGroups, c.name).toEqual([]);
      for (const g of model.groups.values()) {
        const kinds = new Set(g.rows.map((r) => (model.rows[r] as DiffRow).kind === 'superseded'));
        expect(kinds.size, `${c.name}: ${g.id}`).toBe(1);
        expect(g.rows[0]).toBe(g.head);
        expect(g.rows.at(-1)).toBe(g.last);
      }
    }
  });

  it('folds only whole blocks: an exchange is wholly shown or wholly inside one fold', () => {
    for (const c of cases) {
      const model = buildDiffModel(c.before, c.proposed);
      for (const context of [0, 1, 3]) {
        const view = collapse(model, { context, minFold: 2 });
        const foldOf = new Int32Array(model.rows.length).fill(-1);
        let covered = 0;
        view.items.forEach((item, k) => {
          if (item.type === 'row') {
            foldOf[item.row] = -2;
            covered++;
          } else {
            for (let r = item.start; r < item.end; r++) foldOf[r] = k;
            covered += item.end - item.start;
          }
        });
        // Every row once, in order.
        expect(covered).toBe(model.rows.length);
        let last = -1;
        for (const item of view.items) {
          const first = item.type === 'row' ? item.row : item.start;
          expect(first).toBe(last + 1);
          last = item.type === 'row' ? item.row : item.end - 1;
        }
        for (const g of model.groups.values()) {
          expect(new Set(g.rows.map((r) => foldOf[r])).size, `${c.name}: ${g.id}`).toBe(1);
        }
        // Changes and pins are never folded; every hunk is reachable.
        model.rows.forEach((row, r) => {
          if (row.kind !== 'unchanged') expect(view.itemOfRow[r]).toBeGreaterThanOrEqual(0);
        });
        expect(view.hunkItems.every((k) => k >= 0)).toBe(true);
      }
    }
  });

  it('derives the before list from the proposal alone', () => {
    for (const c of cases) {
      expect(ids(beforeOfProposal(c.proposed, { summary_message_id: c.summaryId }))).toEqual(ids(c.before));
    }
  });
});

describe('alignment edge cases', () => {
  // The engine's synthetic session: three parallel calls per turn, results shuffled (c, a, b).
  const session = parallelSession(12);

  it('groups parallel calls with results in any order', () => {
    const proposed = session.map((m, i) => (i >= 2 && i < 22 ? { ...m, superseded: true } : m));
    const model = buildDiffModel(session, proposed);
    expect(model.totals.parallelGroups).toBe(12);
    const first = [...model.groups.values()][0];
    expect(first?.calls).toBe(3);
    expect(first?.results).toBe(3);
    expect(groupProblems(model.rows)).toEqual([]);
  });

  it('reports a proposal that splits a pair', () => {
    // Supersede a call but keep one of its results.
    const head = session.findIndex((m) => m.tool_calls.length > 0);
    const proposed = session.map((m, i) => (i === head || i === head + 1 ? { ...m, superseded: true } : m));
    const model = buildDiffModel(session, proposed);
    expect(model.totals.splitGroups).toEqual([session[head]?.id]);
  });

  it('keeps each side in order when a proposal reorders messages', () => {
    const before = session.slice(0, 6);
    const after = [before[0], before[2], before[1], ...before.slice(3)] as Message[];
    const rows = alignRows(before, after);
    expect(ids(rows.map((r) => r.before))).toEqual(ids(before));
    expect(ids(rows.map((r) => r.after))).toEqual(ids(after));
    expect(rows.filter((r) => r.kind === 'moved')).toHaveLength(2);
  });

  it('with an id twice on the left, a message matched on both sides still shows the reorder', () => {
    const [x, y] = session as [Message, Message];
    // x left, y kept, then x again: its copy on the right comes after it was shown as moved.
    const rows = alignRows([x, y, x], [y, x]);
    expect(rows.map((r) => r.key)).toEqual([`${x.id}#before`, y.id, `${x.id}#after`, `${x.id}#before`]);
  });

  it('with an assistant id twice, the first exchange answered after the second, cuts every row into one block and ends', () => {
    const call = (id: string) => ({ id, name: 'bash', arguments: '{}' });
    const [head, user] = [session.find((m) => m.tool_calls.length > 0), session.find((m) => m.role === 'user')] as [Message, Message];
    const result = session.find((m) => m.role === 'tool') as Message;
    const list = [
      { ...head, tool_calls: [call('c1')] },
      { ...user, id: 'x' },
      { ...head, tool_calls: [call('c2')] },
      { ...user, id: 'y' },
      { ...result, id: 'r1', tool_call_id: 'c1' },
    ];
    // Before, the last row's group (by id) was the second exchange, ended at row 2: the blocks never ended.
    const { blocks, rows } = buildDiffModel(list, list);
    expect(blocks.flatMap((b) => Array.from({ length: b.end - b.start }, (_, k) => b.start + k))).toEqual(rows.map((_, i) => i));
  });

  it('places an added summary with no before and collapses around it', () => {
    const summary: Message = { ...(session[1] as Message), id: 'sum', role: 'system', content: 'summary', metadata: { ...(session[1] as Message).metadata, kind: 'compaction_summary' } };
    const proposed = [session[0] as Message, session[1] as Message, summary, ...session.slice(2).map((m, i) => (i < 8 ? { ...m, superseded: true } : m))];
    const model: DiffModel = buildDiffModel(session, proposed);
    expect(model.rows[2]?.kind).toBe('summary');
    expect(model.hunks).toEqual([2]);
    const view = collapse(model, { context: 2 });
    expect(view.folds).toBe(1);
    const fold = view.items.find((i) => i.type === 'fold');
    expect(fold?.type === 'fold' && fold.end).toBe(model.rows.length);
    const opened = collapse(model, { context: 2, expanded: new Set([fold?.type === 'fold' ? fold.id : '']) });
    expect(opened.folds).toBe(0);
    expect(opened.items).toHaveLength(model.rows.length);
  });

  it('navigates hunks forwards and backwards', () => {
    expect(nextHunk([3, 10, 40], 0, 1)).toBe(3);
    expect(nextHunk([3, 10, 40], 3, 1)).toBe(10);
    expect(nextHunk([3, 10, 40], 40, 1)).toBeNull();
    expect(nextHunk([3, 10, 40], 10, -1)).toBe(3);
    expect(nextHunk([3, 10, 40], 3, -1)).toBeNull();
  });
});
