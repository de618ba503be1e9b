/**
 * Pure preparers for the threshold lab (POST /sessions/{id}/replay): the per-call timeline of
 * context fill for each setting beside what really happened (chart rows and the table
 * alternative), the side-by-side comparison of totals, and a winning setting as the compaction
 * config write that adopts it.
 */
import type { components } from '../../../domain/contract/schema.gen';
import { formatCount } from '../../../domain/format';

type Schemas = components['schemas'];
export type ReplayResult = Schemas['ReplayResult'];
export type ReplayRun = Schemas['ReplayRun'];

/** Series keys of the timeline: run0…run2 for the settings, "recorded" for what really happened. */
export type SeriesKey = `run${number}` | 'recorded';

export interface TimelineRow {
  turn: number;
  at: string;
  /** Context fill per series as a fraction of the window (null where unknown). */
  fill: Partial<Record<SeriesKey, number | null>>;
  /** Series that compacted before this call (a marker on the chart, a mark in the table). */
  compacted: SeriesKey[];
}

export interface TimelineSeries {
  key: SeriesKey;
  label: string;
  /** Thresholds as fractions of the window (none for what really happened). */
  upper: number | null;
  lower: number | null;
}

export interface Timeline {
  series: TimelineSeries[];
  rows: TimelineRow[];
}

function runLabel(run: ReplayRun, i: number): string {
  return run.label ?? (Object.keys(run.set).length === 0 ? 'As configured' : `Setting ${i + 1}`);
}

/** Chart rows, one per call. Fill is what the thresholds are compared with; the recorded series is the context really sent. */
export function timeline(result: ReplayResult): Timeline {
  const window = result.window.tokens;
  const ratio = (n: number | null | undefined) => (n === null || n === undefined || window <= 0 ? null : n / window);
  const series: TimelineSeries[] = result.runs.map((run, i) => ({
    key: `run${i}`,
    label: runLabel(run, i),
    upper: ratio(run.upper_tokens),
    lower: ratio(run.lower_tokens),
  }));
  if (result.recorded) series.push({ key: 'recorded', label: 'What really happened', upper: null, lower: null });
  const marks = new Map<number, SeriesKey[]>();
  const mark = (turn: number, key: SeriesKey) => marks.set(turn, [...(marks.get(turn) ?? []), key]);
  result.runs.forEach((run, i) => run.events.forEach((e) => mark(e.turn, `run${i}`)));
  result.recorded?.events.forEach((e) => mark(e.turn, 'recorded'));
  const rows = result.turns.map((t) => {
    const fill: TimelineRow['fill'] = {};
    result.runs.forEach((run, i) => {
      fill[`run${i}`] = ratio(run.fill_tokens[t.turn]);
    });
    if (result.recorded) fill.recorded = ratio(result.recorded.sent_tokens[t.turn]);
    return { turn: t.turn, at: t.at, fill, compacted: [...new Set(marks.get(t.turn) ?? [])] };
  });
  return { series, rows };
}

export interface ComparisonColumn {
  key: SeriesKey;
  label: string;
  compactions: number;
  failed: number;
  awaitingApproval: number;
  overflowTurns: number;
  peakFill: number;
  peakTokens: number;
  inputTokensTotal: number;
  compactorCostUsd: number;
  lostReferences: number;
  referredAgain: number;
  /** Re-read after compaction summed over the events a transcript measured (what really happened only); null: not measured (a replayed setting has no transcript of what the agent would have read). */
  reread: { calls: number; tokens: number; files: number; measured: number } | null;
}

/** The recorded events' re-read after compaction, summed over those measured; null when none was. */
function recordedReread(events: NonNullable<ReplayResult['recorded']>['events']): ComparisonColumn['reread'] {
  const measured = events.flatMap((e) => (e.reread_after ? [e.reread_after] : []));
  if (measured.length === 0) return null;
  const sum = (pick: (r: (typeof measured)[number]) => number): number => measured.reduce((n, r) => n + pick(r), 0);
  return { calls: sum((r) => r.calls), tokens: sum((r) => r.tokens), files: sum((r) => r.files), measured: measured.length };
}

/** The totals side by side, what really happened last. */
export function comparison(result: ReplayResult): ComparisonColumn[] {
  const column = (key: SeriesKey, label: string, t: Schemas['ReplayTotals']): ComparisonColumn => ({
    key,
    label,
    compactions: t.compactions,
    failed: t.failed_compactions,
    awaitingApproval: t.awaiting_approval,
    overflowTurns: t.overflow_turns,
    peakFill: t.peak_fill,
    peakTokens: t.peak_tokens,
    inputTokensTotal: t.input_tokens_total,
    compactorCostUsd: t.compactor_cost_usd,
    lostReferences: t.harm.lost_references,
    referredAgain: t.harm.referred_again,
    reread: null,
  });
  const columns = result.runs.map((run, i) => column(`run${i}`, runLabel(run, i), run.totals));
  if (result.recorded) columns.push({ ...column('recorded', 'What really happened', result.recorded.totals), reread: recordedReread(result.recorded.events) });
  return columns;
}

/** The pending knob changes (a config draft: own values to set, none unset) that adopt a run's setting as the agent's own values. */
export function adoptSetting(run: ReplayRun): Required<Schemas['ConfigDraft']> {
  return { set: { ...run.set }, unset: [] };
}

/** A chart row: the turn, each series' fill, and `<key>Mark` holding the fill where that series compacted (null elsewhere). */
export type ChartRow = { turn: number } & Record<string, number | null>;

/** Timeline rows flattened for the chart: one line per series, one marker series per series at its compactions. */
export function chartRows(t: Timeline): ChartRow[] {
  return t.rows.map((row) => {
    const out: ChartRow = { turn: row.turn };
    for (const s of t.series) {
      const fill = row.fill[s.key] ?? null;
      out[s.key] = fill;
      out[`${s.key}Mark`] = row.compacted.includes(s.key) ? fill : null;
    }
    return out;
  });
}

/** The top of the fill axis: the window (100 %), or above it when a series overflowed. */
export function fillAxisMax(t: Timeline): number {
  let max = 1;
  for (const row of t.rows) for (const v of Object.values(row.fill)) if (typeof v === 'number' && v > max) max = v;
  return Math.ceil(max * 10) / 10;
}

/**
 * The call a compaction at `at` ran before: the first whose time is at or after it (the last call
 * when it came after them all); null without calls or a time.
 */
export function focusTurn(turns: readonly { turn: number; at: string }[], at: string | null): number | null {
  if (at === null || turns.length === 0) return null;
  const ms = Date.parse(at);
  const next = turns.find((t) => Date.parse(t.at) >= ms);
  return (next ?? turns[turns.length - 1])?.turn ?? null;
}

/** Why a replay compared nothing, in plain words: it replayed no call. Null when it replayed calls. */
export function nothingReplayed(result: Pick<ReplayResult, 'turns' | 'history_messages'>): string | null {
  if (result.turns.length > 0) return null;
  if (result.history_messages === 0) {
    return 'Nothing was replayed: this agent’s history holds no messages, so there is no call to replay and no setting to compare. Compaction events listed for it elsewhere were recorded without the messages they compacted.';
  }
  return `Nothing was replayed: the agent’s ${formatCount(result.history_messages)} messages hold no model call to replay, so no setting can be compared.`;
}

/** The figure to mark best (the lowest) among the settings; null when there is nothing to prefer: fewer than two settings, or all alike (zeros everywhere are no winner). */
export function bestValue(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const min = Math.min(...values);
  return values.every((v) => v === min) ? null : min;
}
