import { Dict } from '../../../store/facts';
import type { History } from '../../../store/history';
import type { Schemas } from '../../../store/types';
import { DaemonError } from '../../errors';
import type { Part } from './tables';
import { STRATEGIES, TRIGGERS } from '../../../../src/domain/contract/enums.gen';

// The breakdown's dimensions, and which group of a dimension each row of a part falls in.

export type Dimension = Schemas['BreakdownDimension'];
export const DIMENSIONS: Dimension[] = ['strategy', 'agent_path', 'trigger', 'plugin', 'plugin_version', 'summarizer_model'];

/** The key that stands for "no summarizer model" while grouping (answered as null). */
export const NONE = '\u0000none';

export function parseDimension(raw: string | null): Dimension {
  if (raw && (DIMENSIONS as string[]).includes(raw)) return raw as Dimension;
  throw new DaemonError(400, 'invalid_request', `by must be one of ${DIMENSIONS.join(', ')}`, { field: 'by' });
}

/**
 * How a part's rows map to groups: `single` gives a record row's one group (-1: none); for the
 * plugin dimensions a row is in one group per plugin that fired in it, read from `multi`.
 */
export interface Grouper {
  single: Int32Array | null;
  multi: { col: Int32Array; codes: Int32Array }[];
  /** The group of a silent row, -1 for none. */
  silent: Int32Array;
}

function grouper(part: Pick<Part, 'facts' | 'silent'>, dim: Dimension, groups: Dict): Grouper {
  const f = part.facts;
  const t = part.silent;
  const map = (values: ArrayLike<number>, codes: readonly number[], missing = -1) => {
    // A plain loop: Int32Array.from with a map function is several times slower at 1,000,000 rows.
    const out = new Int32Array(values.length);
    for (let r = 0; r < out.length; r++) {
      const v = values[r] as number;
      out[r] = v < 0 ? missing : (codes[v] as number);
    }
    return out;
  };
  switch (dim) {
    case 'strategy': {
      const codes = STRATEGIES.map((x) => groups.id(x));
      return { single: map(f.strategy, codes), multi: [], silent: map(t.strategy, codes) };
    }
    case 'trigger': {
      const codes = TRIGGERS.map((x) => groups.id(x));
      return { single: map(f.trigger, codes), multi: [], silent: map(t.trigger, codes) };
    }
    case 'agent_path': {
      const codes = f.agents.map((a) => groups.id(a));
      return { single: map(f.agent, codes), multi: [], silent: map(t.agent, codes) };
    }
    case 'summarizer_model': {
      const codes = f.summarizers.map((m) => groups.id(m));
      const none = groups.id(NONE);
      return { single: map(f.summarizer, codes, none), multi: [], silent: new Int32Array(t.length).fill(-1) };
    }
    case 'plugin':
    case 'plugin_version': {
      const multi = Object.entries(f.pluginVersion).map(([name, col]) => ({ col, codes: Int32Array.from(f.versions, (v) => groups.id(dim === 'plugin' ? name : `${name}@${v}`)) }));
      const silent =
        dim === 'plugin'
          ? map(t.plugin, t.plugins.map((p) => groups.id(p)))
          : Int32Array.from(t.plugin, (p, r) => (p < 0 || (t.version[r] as number) < 0 ? -1 : groups.id(`${t.plugins[p]}@${t.versions[t.version[r] as number]}`)));
      return { single: null, multi, silent };
    }
  }
}

/** A part's groups for a dimension: the history's are made once (its columns do not change), the live part's per query. */
const historyGroupers = new WeakMap<History, Map<Dimension, { groups: Dict; grouper: Grouper }>>();

export function partGrouper(part: Part, dim: Dimension): { groups: Dict; grouper: Grouper } {
  if (!part.history) {
    const groups = new Dict();
    return { groups, grouper: grouper(part, dim, groups) };
  }
  return historyGrouper(part.history, dim);
}

export function historyGrouper(history: History, dim: Dimension): { groups: Dict; grouper: Grouper } {
  let byDim = historyGroupers.get(history);
  if (!byDim) {
    byDim = new Map();
    historyGroupers.set(history, byDim);
  }
  let hit = byDim.get(dim);
  if (!hit) {
    const groups = new Dict();
    hit = { groups, grouper: grouper(history, dim, groups) };
    byDim.set(dim, hit);
  }
  return hit;
}
