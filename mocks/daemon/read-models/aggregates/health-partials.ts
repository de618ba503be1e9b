import { lowerBound } from '../../../store/row-order';
import type { History } from '../../../store/history';
import { DAY, refillChangedDays } from './day-cells';
import { HealthSums, TAKE_ALL } from './health-sums';

const HOUR = 3_600_000;

/**
 * The generated history's health sums, per UTC day and project, computed once (the history is
 * regenerated from its seed, so they are too): each day's series has one bucket per hour, so a
 * range is answered by merging whole hours and whole days and reading only the rows at its
 * edges (health.ts addPart). Each day also has the sums over all projects, so "all projects"
 * merges one cell a day. At MOCK_SCALE=large: 45 days × (6 projects + all), about 18 MB.
 *
 * An operator's flag or rollback on a history row changes its columns in place: every use first
 * compares the flag and rolled-back columns with the ones summed and recomputes the days whose
 * rows changed, so only those partials change (live ticks touch the live part, never these).
 */
export interface HistoryPartials {
  projects: string[];
  /** The index after the projects': the sums over all of them. */
  all: number;
  /** Epoch days [firstDay, endDay) that hold rows. */
  firstDay: number;
  endDay: number;
  day(day: number, project: number): HealthSums;
}

interface State {
  history: History;
  projects: string[];
  /** Session index → project index. */
  projectOf: Int32Array;
  firstDay: number;
  endDay: number;
  cells: HealthSums[];
  flag: Uint8Array;
  rolledBack: Uint8Array;
}

const states = new WeakMap<History, State>();

function hourEdges(day: number): Float64Array {
  return Float64Array.from({ length: 25 }, (_, i) => day * DAY + i * HOUR);
}

function fillDay(state: State, day: number): void {
  const { history, projects, projectOf, firstDay } = state;
  const f = history.facts;
  const lo = lowerBound(f.at, day * DAY);
  const hi = lowerBound(f.at, (day + 1) * DAY);
  for (let p = 0; p <= projects.length; p++) {
    const sums = new HealthSums(hourEdges(day));
    const mask = Uint8Array.from(projectOf, (q) => (q === p || p === projects.length ? 1 : 0));
    sums.addRecords(f, mask, -1, lo, hi, TAKE_ALL);
    state.cells[(day - firstDay) * (projects.length + 1) + p] = sums;
  }
}

function build(history: History): State {
  const f = history.facts;
  const projects = [...new Set(history.sessions.map((s) => s.project_id))];
  const projectOf = Int32Array.from(history.sessions, (s) => projects.indexOf(s.project_id));
  const firstDay = f.length === 0 ? 0 : Math.floor((f.at[0] as number) / DAY);
  const endDay = f.length === 0 ? 0 : Math.floor((f.at[f.length - 1] as number) / DAY) + 1;
  const state: State = { history, projects, projectOf, firstDay, endDay, cells: [], flag: f.flag.slice(), rolledBack: f.rolledBack.slice() };
  for (let day = firstDay; day < endDay; day++) fillDay(state, day);
  return state;
}

/** Recomputes the days holding rows whose flag or rollback changed since they were summed. */
function refresh(state: State): void {
  refillChangedDays(state.history.facts, state, (day) => fillDay(state, day));
}

/** The history's partials, built on first use (attachHistory builds them when it seeds). */
export function historyPartials(history: History): HistoryPartials {
  let state = states.get(history);
  if (!state) {
    state = build(history);
    states.set(history, state);
  } else {
    refresh(state);
  }
  const { projects, firstDay, endDay, cells } = state;
  return { projects, all: projects.length, firstDay, endDay, day: (day, project) => cells[(day - firstDay) * (projects.length + 1) + project] as HealthSums };
}
