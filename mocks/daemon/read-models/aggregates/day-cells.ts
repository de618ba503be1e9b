import { lowerBound } from '../../../store/row-order';
import type { History } from '../../../store/history';

/** A UTC day in ms: cells and partials are per day. */
export const DAY = 86_400_000;

/**
 * Per-UTC-day partial sums of the generated history, for the aggregates other than health
 * (health-partials.ts keeps its own, with hourly series): each aggregate names its cells and
 * says how to make an empty one and how to add the rows [lo, hi) of one day into it. A range is
 * then answered from the cells of the whole days it covers plus the rows of the partly covered
 * days at its edges (forRange). The history is regenerated from its seed and live records never
 * enter it (they are the live part, read row by row), so the cells are built once; an operator's
 * flag or rollback on a history row changes its columns in place, and every use first refills the
 * days whose rows changed since they were summed (no full recompute).
 */
export interface DayCells<T> {
  /** Epoch days [firstDay, endDay) that hold rows. */
  firstDay: number;
  endDay: number;
  cell(day: number): T;
}

interface State<T> {
  firstDay: number;
  endDay: number;
  cells: T[];
  flag: Uint8Array;
  rolledBack: Uint8Array;
  make: () => T;
  fill: (cell: T, lo: number, hi: number) => void;
}

const states = new WeakMap<History, Map<string, State<unknown>>>();

function fillDay<T>(history: History, state: State<T>, day: number): void {
  const at = history.facts.at;
  const cell = state.make();
  state.fill(cell, lowerBound(at, day * DAY), lowerBound(at, (day + 1) * DAY));
  state.cells[day - state.firstDay] = cell;
}

/**
 * Calls `refill` once for each day holding rows whose flag or rollback changed since they were
 * summed (`summed`: what each row was then, brought up to date here). Rows are in time order, so
 * one day's changes come together.
 */
export function refillChangedDays(facts: History['facts'], summed: { flag: Uint8Array; rolledBack: Uint8Array }, refill: (day: number) => void): void {
  let dirtyDay = Number.NaN;
  for (let r = 0; r < facts.length; r++) {
    if (facts.flag[r] === summed.flag[r] && facts.rolledBack[r] === summed.rolledBack[r]) continue;
    summed.flag[r] = facts.flag[r] as number;
    summed.rolledBack[r] = facts.rolledBack[r] as number;
    const day = Math.floor((facts.at[r] as number) / DAY);
    if (day !== dirtyDay) refill(day);
    dirtyDay = day;
  }
}

function refresh<T>(history: History, state: State<T>): void {
  refillChangedDays(history.facts, state, (day) => fillDay(history, state, day));
}

/** The history's cells named `key`, built on first use and brought up to date with its flags and rollbacks. */
export function dayCells<T>(history: History, key: string, make: () => T, fill: (cell: T, lo: number, hi: number) => void): DayCells<T> {
  let byKey = states.get(history);
  if (!byKey) {
    byKey = new Map();
    states.set(history, byKey);
  }
  let state = byKey.get(key) as State<T> | undefined;
  const f = history.facts;
  if (!state) {
    const firstDay = f.length === 0 ? 0 : Math.floor((f.at[0] as number) / DAY);
    const endDay = f.length === 0 ? 0 : Math.floor((f.at[f.length - 1] as number) / DAY) + 1;
    state = { firstDay, endDay, cells: [], flag: f.flag.slice(), rolledBack: f.rolledBack.slice(), make, fill };
    for (let day = firstDay; day < endDay; day++) fillDay(history, state, day);
    byKey.set(key, state as State<unknown>);
  } else {
    refresh(history, state);
  }
  const { firstDay, endDay, cells } = state;
  return { firstDay, endDay, cell: (day) => cells[day - firstDay] as T };
}

/**
 * Walks a time range [from, to) over the history: `whole` gets the cell of each whole UTC day in
 * it that holds rows, `rows` the row ranges [lo, hi) of the partly covered days at its edges.
 */
export function forRange<T>(history: History, cells: DayCells<T>, from: number, to: number, whole: (cell: T) => void, rows: (lo: number, hi: number) => void): void {
  const at = history.facts.at;
  const firstWhole = Math.ceil(from / DAY);
  const endWhole = Math.floor(to / DAY);
  if (firstWhole >= endWhole) {
    rows(lowerBound(at, from), lowerBound(at, to));
    return;
  }
  rows(lowerBound(at, from), lowerBound(at, firstWhole * DAY));
  for (let day = Math.max(firstWhole, cells.firstDay); day < Math.min(endWhole, cells.endDay); day++) whole(cells.cell(day));
  rows(lowerBound(at, endWhole * DAY), lowerBound(at, to));
}

/** Rows of each project of the history, in time order: rows[start[p] .. start[p + 1]). */
export interface ProjectRows {
  projects: string[];
  start: Int32Array;
  rows: Int32Array;
}

const projectRowsCache = new WeakMap<History, ProjectRows>();

export function projectRows(history: History): ProjectRows {
  let hit = projectRowsCache.get(history);
  if (hit) return hit;
  const projects = [...new Set(history.sessions.map((s) => s.project_id))];
  const projectOf = Int32Array.from(history.sessions, (s) => projects.indexOf(s.project_id));
  const session = history.facts.session;
  const n = projects.length;
  const start = new Int32Array(n + 1);
  for (let r = 0; r < session.length; r++) {
    const k = (projectOf[session[r] as number] as number) + 1;
    start[k] = (start[k] as number) + 1;
  }
  for (let p = 0; p < n; p++) start[p + 1] = (start[p + 1] as number) + (start[p] as number);
  const fill = start.slice(0, n);
  const rows = new Int32Array(session.length);
  for (let r = 0; r < session.length; r++) {
    const p = projectOf[session[r] as number] as number;
    rows[fill[p] as number] = r;
    fill[p] = (fill[p] as number) + 1;
  }
  hit = { projects, start, rows };
  projectRowsCache.set(history, hit);
  return hit;
}

/** The positions [lo, hi) in a project's rows whose time falls in [from, to). */
export function projectSpan(history: History, pr: ProjectRows, project: number, from: number, to: number): [number, number] {
  const at = history.facts.at;
  const bound = (x: number) => {
    let lo = pr.start[project] as number;
    let hi = pr.start[project + 1] as number;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((at[pr.rows[mid] as number] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return [bound(from), bound(to)];
}
