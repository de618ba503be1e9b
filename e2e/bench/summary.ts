/**
 * The benchmark's figures: one value per run for each, reduced to min / median / max, set beside
 * its goal and its companions (the figures that would show the goal met by drawing less: blank
 * frames beside long tasks, rows shown beside latency), with the machine's load average when the
 * values were taken, and printed as one table. Pure: no browser, no files.
 */

export type Unit = 'ms' | 'KB' | 'MB' | 'count' | 'ratio' | 'per s' | 'MB/s' | '%' | 'per 10k rows' | 'per compaction';

export interface Goal {
  /** As printed: "≤ 600 ms". */
  text: string;
  /** Whether a value meets it. */
  met: (value: number) => boolean;
}

export interface FigureSpec {
  id: string;
  section: string;
  label: string;
  unit: Unit;
  /** Which direction is worse: the worst run is the highest value, or the lowest. */
  worse: 'higher' | 'lower';
  goal?: Goal;
  /** The value the goal is judged on: the median of the runs (default), or the worst run (a p95 over 5 runs). */
  goalOn?: 'median' | 'max';
  /** A short note printed under the table (what the figure counts, a peer's name). */
  note?: string;
  /**
   * Ids of the figures printed beside this one (their medians): its companion, which would show
   * the figure met by drawing less, and its peer's.
   */
  beside?: string[];
}

export interface FigureResult extends FigureSpec {
  values: number[];
  min: number;
  median: number;
  max: number;
  worst: number;
  /** The machine's 1-minute load average when each value was taken. */
  loads: number[];
  /** The goal judged on the median of the runs (or the worst, `goalOn`); null without a goal or without values. */
  met: boolean | null;
}

/** Nearest-rank percentile (p in 0..100); Infinity counts (a value that never came), NaN is skipped. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

/** The median (the mean of the middle two for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function summarize(spec: FigureSpec, values: readonly number[], loads: readonly number[] = []): FigureResult {
  const kept = values.filter((v) => !Number.isNaN(v));
  const mid = median(kept);
  const min = kept.length === 0 ? Number.NaN : Math.min(...kept);
  const max = kept.length === 0 ? Number.NaN : Math.max(...kept);
  const worst = spec.worse === 'higher' ? max : min;
  const judged = spec.goalOn === 'max' ? worst : mid;
  return { ...spec, values: [...values], min, median: mid, max, worst, loads: [...loads], met: spec.goal && kept.length > 0 ? spec.goal.met(judged) : null };
}

/** Collects one value per figure per run (with the load average then), in the order figures are first defined. */
export class FigureBook {
  private readonly specs = new Map<string, FigureSpec>();
  private readonly values = new Map<string, number[]>();
  private readonly loads = new Map<string, number[]>();
  private readonly parts = new Map<string, string>();
  private readonly notesByPart = new Map<string, string[]>();
  private part = '';

  /** `load`: the machine's 1-minute load average as the value was taken (the runner passes os.loadavg). */
  constructor(private readonly load: () => number = () => Number.NaN) {}

  /** The part of the bench (BENCH_ONLY's names) whose figures are added from now on. */
  inPart(part: string): void {
    this.part = part;
  }

  add(spec: FigureSpec, value: number): void {
    if (!this.specs.has(spec.id)) {
      this.specs.set(spec.id, spec);
      this.parts.set(spec.id, this.part);
      this.values.set(spec.id, []);
      this.loads.set(spec.id, []);
    }
    this.values.get(spec.id)?.push(value);
    this.loads.get(spec.id)?.push(this.load());
  }

  results(): FigureResult[] {
    return [...this.specs.values()].map((spec) => summarize(spec, this.values.get(spec.id) ?? [], this.loads.get(spec.id) ?? []));
  }

  /** Something the figures alone would not say (a pass taken again on a fresh page), kept with the current part. */
  note(text: string): void {
    this.notesByPart.set(this.part, [...(this.notesByPart.get(this.part) ?? []), text]);
  }

  /** The notes of `part`, in the order they were taken. */
  notes(part: string): string[] {
    return this.notesByPart.get(part) ?? [];
  }

  /** The part that took a figure ('' when added before any part was named). */
  partOf(id: string): string {
    return this.parts.get(id) ?? '';
  }
}

/** A figure as printed: 1,234 ms; 87.3 KB; 0.042×; NaN as "n/a"; Infinity as "∞". */
export function formatValue(value: number, unit: Unit): string {
  if (Number.isNaN(value)) return 'n/a';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  const abs = Math.abs(value);
  const digits = unit === 'count' ? 0 : unit === 'ratio' ? (abs < 0.1 ? 4 : 2) : abs >= 100 ? 0 : abs >= 10 ? 1 : unit === 'per 10k rows' ? 1 : 2;
  const text = value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  if (unit === 'ratio') return `${text}×`;
  if (unit === 'count') return text;
  return `${text} ${unit}`;
}

/** " (2 runs)" for a figure taken in fewer runs than the others (vitest's own samples aside). */
function runsNote(r: FigureResult, runs: number): string {
  return r.values.length > 0 && r.values.length !== runs ? ` (${r.values.length} ${r.values.length === 1 ? 'run' : 'runs'})` : '';
}

function pad(text: string, width: number, align: 'left' | 'right'): string {
  const gap = ' '.repeat(Math.max(0, width - [...text].length));
  return align === 'left' ? text + gap : gap + text;
}

/** The load averages a figure's values were taken at, as "2.1–4.3" (one value: "2.1"). */
function loadRange(r: FigureResult): string {
  const loads = r.loads.filter(Number.isFinite);
  if (loads.length === 0) return '';
  const lo = Math.min(...loads).toFixed(1);
  const hi = Math.max(...loads).toFixed(1);
  return lo === hi ? lo : `${lo}–${hi}`;
}

/** The medians of the figures beside `r`, as "label: value; …" (the label shortened to what differs). */
function besideText(r: FigureResult, byId: ReadonlyMap<string, FigureResult>): string {
  return (r.beside ?? [])
    .map((id) => byId.get(id))
    .filter((b): b is FigureResult => b !== undefined)
    .map((b) => `${b.label}: ${formatValue(b.median, b.unit)}`)
    .join('; ');
}

/** The table's rows: section titles, and per figure its cells. */
function tableRows(results: readonly FigureResult[], runs: number, shown: (r: FigureResult) => boolean = () => true): { header: string[]; rows: (string[] | string)[] } {
  const byId = new Map(results.map((r) => [r.id, r]));
  const header = ['figure', 'min', `median of ${runs}`, 'max', 'goal (on the median)', 'load avg', 'beside it (medians)'];
  const rows: (string[] | string)[] = [];
  // By section, in the order the sections first appear: a figure taken later (a ratio read after
  // the run's last part) is printed with its own section's, not under a repeated heading.
  const sections = new Map<string, FigureResult[]>();
  for (const r of results.filter(shown)) sections.set(r.section, [...(sections.get(r.section) ?? []), r]);
  for (const [section, inSection] of sections) {
    rows.push(section);
    rows.push(...inSection.map((r) => figureRow(r, runs, byId)));
  }
  return { header, rows };
}

/** A figure's cells: label, min, median, max, goal, load, companions. */
function figureRow(r: FigureResult, runs: number, byId: ReadonlyMap<string, FigureResult>): string[] {
  const goal = r.goal ? `${r.goal.text}${r.goalOn === 'max' ? ' on the max' : ''}: ${r.met === null ? 'n/a' : r.met ? 'met' : 'NOT MET'}` : '';
  return [`${r.label}${runsNote(r, runs)}`, formatValue(r.min, r.unit), formatValue(r.median, r.unit), formatValue(r.max, r.unit), goal, loadRange(r), besideText(r, byId)];
}

/** The figures as one plain-text table, grouped by section, each with min / median / max, its goal, the load average and its companions. */
export function formatTable(results: readonly FigureResult[], runs: number): string {
  const { header, rows } = tableRows(results, runs);
  const cells = rows.filter((row): row is string[] => Array.isArray(row)).map((row) => [`  ${row[0]}`, ...row.slice(1)]);
  const widths = header.map((h, i) => Math.max([...h].length, ...cells.map((row) => [...(row[i] ?? '')].length)));
  const line = (row: string[]) => row.map((cell, i) => pad(cell, widths[i] ?? 0, i === 0 || i >= 4 ? 'left' : 'right')).join('  ').trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  const out = [line(header), rule];
  for (const row of rows) out.push(Array.isArray(row) ? line([`  ${row[0]}`, ...row.slice(1)]) : row);
  const notes = results.filter((r) => r.note).map((r) => `  ${r.label}: ${r.note}`);
  if (notes.length > 0) out.push('', 'notes:', ...notes);
  return out.join('\n');
}

/** Markdown for the bench's guide (same figures, same order); `shown` picks the rows, the others still serve as companions. */
export function formatMarkdown(results: readonly FigureResult[], runs: number, shown: (r: FigureResult) => boolean = () => true): string {
  const { header, rows } = tableRows(results, runs, shown);
  const out = [`| ${header.join(' | ')} |`, '|---|---:|---:|---:|---|---|---|'];
  for (const row of rows) out.push(Array.isArray(row) ? `| ${row.map((cell) => cell.replace(/\|/g, '\\|').replace('NOT MET', '**not met**')).join(' | ')} |` : `| **${row}** | | | | | | |`);
  return out.join('\n');
}

/** One script's share of the long animation frames in a time window (from the probe's LoAF entries). */
export interface ScriptCost {
  /** "function @ file:char (invoker)", or RENDERING. */
  script: string;
  /** The built file's URL and the character where the function starts ('' and -1 for rendering). */
  source: string;
  charPosition: number;
  invoker: string;
  count: number;
  total: number;
  worst: number;
}

interface FrameLike {
  start: number;
  duration: number;
  styleAndLayout: number;
  scripts: { invoker: string; source: string; fn: string; charPosition: number; duration: number }[];
}

/** Style, layout and paint of long frames, listed with the scripts so either can be seen to dominate. */
export const RENDERING = '(style, layout and paint)';

/**
 * What the long frames overlapping [from, to] spent their time on, heaviest first: each script
 * ("function @ file:char (invoker)") and the browser's own rendering work.
 */
export function topScripts(frames: readonly FrameLike[], from: number, to: number, limit: number): ScriptCost[] {
  const costs = new Map<string, ScriptCost>();
  const add = (key: Pick<ScriptCost, 'script' | 'source' | 'charPosition' | 'invoker'>, duration: number) => {
    const cost = costs.get(key.script) ?? { ...key, count: 0, total: 0, worst: 0 };
    cost.count += 1;
    cost.total += duration;
    cost.worst = Math.max(cost.worst, duration);
    costs.set(key.script, cost);
  };
  for (const frame of frames) {
    if (frame.start > to || frame.start + frame.duration < from) continue;
    for (const s of frame.scripts) {
      const file = s.source.split('/').pop() || '(no source)';
      add({ script: `${s.fn || '(anonymous)'} @ ${file}:${s.charPosition} (${s.invoker})`, source: s.source, charPosition: s.charPosition, invoker: s.invoker }, s.duration);
    }
    if (frame.styleAndLayout > 0) add({ script: RENDERING, source: '', charPosition: -1, invoker: '' }, frame.styleAndLayout);
  }
  return [...costs.values()].sort((a, b) => b.total - a.total).slice(0, limit);
}

/**
 * Live latency from send times and the times each row first appeared (null: not yet), in send
 * order. The ledger lists the newest first, so a row on screen means every earlier event has been
 * taken in too: an event counts as shown when its own row or any later one first appeared (a
 * burst can push a row below the window before it is painted). Infinity where nothing as new
 * ever showed.
 */
export function liveLags(sentAt: readonly number[], seenAt: readonly (number | null)[]): number[] {
  const lags = new Array<number>(sentAt.length);
  let earliest = Number.POSITIVE_INFINITY;
  for (let i = sentAt.length - 1; i >= 0; i -= 1) {
    const seen = seenAt[i];
    if (seen !== null && seen !== undefined) earliest = Math.min(earliest, seen);
    lags[i] = earliest - (sentAt[i] as number);
  }
  return lags;
}
