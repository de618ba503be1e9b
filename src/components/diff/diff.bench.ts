/**
 * Benchmark: aligning and first-rendering a 10,000-message dry run, against what text-diff viewers
 * do (the `diff` package's diffArrays, Myers' O(ND) algorithm) on the same two id lists.
 *
 * Input (built once, outside the timed part): the bench-scale simulated daemon (seed 24) and its
 * own dry-run path over ses_bench_10k: 10,000 active messages in one window, the proposal
 * superseding most of them and inserting a summary.
 *
 * What is timed, side by side in the same run:
 *  (a) ours: buildDiffModel (align by id + tool-exchange grouping + blocks + totals), then
 *      react-dom/server renderToString of the DiffView with an initialRect of 1400×800, which runs
 *      the collapse and renders exactly the first virtual window (the rows the browser paints
 *      first) through the real row components. SSR of the virtual list is meaningful here
 *      because @tanstack/react-virtual computes its first window from initialRect before any DOM
 *      exists, so the string holds precisely what the first paint would hold.
 *  (b) the peer: diffArrays(beforeIds, afterIds), its change list expanded into the same DiffRow
 *      shape, and the same number of rows rendered with the same DiffRowView through
 *      renderToString (no virtualizer, no folding: the fairest equivalent of its first render).
 */
import { diffArrays } from 'diff';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { bench, describe } from 'vitest';
import { dryRun } from '../../../mocks/daemon/services/compaction-service';
import { seedStore } from '../../../mocks/daemon/seeding/seed';
import { DEFAULT_LABELS, DiffRowView } from './diff-row';
import { DiffView, ROW_HEIGHT } from './diff-view';
import { beforeOfProposal, buildDiffModel } from '../../domain/diff/align';
import { collapse } from '../../domain/diff/collapse';
import type { DiffRow, Message } from '../../domain/diff/diff-model';

const RECT = { width: 1400, height: 800 };
/** The rows of the first window: the viewport plus the list's overscan of 8. */
const FIRST_WINDOW = Math.ceil(RECT.height / ROW_HEIGHT) + 8;

const store = seedStore({ seed: 24, scale: 'bench', transcripts: [] });
const result = dryRun(store, 'ses_bench_10k', { agent_path: 'primary' });
const before = beforeOfProposal(result.messages, result.record);
const after = result.messages;
const beforeIds = before.map((m) => m.id);
const afterIds = after.filter((m) => !m.superseded).map((m) => m.id);

function ours(): string {
  const model = buildDiffModel(before, after);
  return renderToString(createElement(DiffView, { model, initialRect: RECT }));
}

function peer(): string {
  const byId = new Map<string, Message>();
  for (const m of before) byId.set(m.id, m);
  for (const m of after) if (!byId.has(m.id)) byId.set(m.id, m);
  const rows: DiffRow[] = [];
  for (const change of diffArrays(beforeIds, afterIds)) {
    for (const id of change.value) {
      const m = byId.get(id) ?? null;
      if (change.removed) rows.push({ key: id, before: m, after: null, kind: 'superseded', pin: m?.pin ?? null, group: null });
      else if (change.added) rows.push({ key: id, before: null, after: m, kind: 'summary', pin: null, group: null });
      else rows.push({ key: id, before: m, after: m, kind: m?.pin ? 'pinned' : 'unchanged', pin: m?.pin ?? null, group: null });
    }
  }
  const first = rows.slice(0, FIRST_WINDOW).map((row, i) =>
    createElement(DiffRowView, { key: row.key, row, ariaIndex: i + 1, group: null, place: 'none', expanded: false, onToggle: () => undefined, labels: DEFAULT_LABELS, supersededCount: 0 }),
  );
  return renderToString(createElement('div', { role: 'table' }, first));
}

function median(fn: () => unknown, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

// Warm both paths (JIT), then the side-by-side figures.
ours();
peer();
const x = median(ours, 25);
const y = median(peer, 5);
const alignOnly = median(() => collapse(buildDiffModel(before, after)), 25);
const diffOnly = median(() => diffArrays(beforeIds, afterIds), 5);
console.log(
  `dry run: ${before.length.toLocaleString('en-US')} messages before, ${afterIds.length.toLocaleString('en-US')} after, ${result.record.superseded_message_ids.length.toLocaleString('en-US')} superseded\n` +
    `align+first render: ${x.toFixed(2)} ms, diffArrays: ${y.toFixed(2)} ms, ratio X/Y ${(x / y).toFixed(4)} (medians of 25 and 5 runs)\n` +
    `  of which: align+collapse alone ${alignOnly.toFixed(2)} ms; diffArrays alone ${diffOnly.toFixed(2)} ms`,
);

describe('10,000-message dry run: align + first render', () => {
  bench('ours: align by id + collapse + first virtual window (renderToString)', () => {
    ours();
  });
  bench(
    'diff.diffArrays on the same id lists + the same first rows (renderToString)',
    () => {
      peer();
    },
    { iterations: 5, warmupIterations: 1, time: 0 },
  );
});
