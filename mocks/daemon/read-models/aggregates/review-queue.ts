import { FLAGS, UNRATED } from '../../../store/facts';
import type { Store } from '../../../store/store';
import type { Schemas } from '../../../store/types';
import { DaemonError } from '../../errors';
import { globalId, globalIdOf, locate, recordAt, tablesOf, type Part } from './tables';

/**
 * The review queue of a plugin author: the events the plugin fired in, oldest first (ties by
 * id), that are still to review — unrated, or (`flag`) flagged so before the walk began, to review
 * them again after a plugin change — or were rated since the walk began (started_at), so "12 of 87"
 * keeps its 87 while the author works through it. Resuming from an event id answers the next one
 * still to review after it, wrapping to the start for any that were skipped.
 */

interface Queue {
  at: Float64Array;
  gid: Int32Array;
  /** 1: still to review. */
  pending: Uint8Array;
  length: number;
}

/** The flag code a walk reviews (`flag`: unflagged by default). */
function reviewedFlag(params: URLSearchParams): number {
  const flag = params.get('flag') || 'unflagged';
  if (flag === 'unflagged') return UNRATED;
  const code = (FLAGS as readonly (string | null)[]).indexOf(flag);
  if (code <= UNRATED) throw new DaemonError(400, 'invalid_request', `flag must be one of unflagged, ${FLAGS.slice(1).join(', ')}`, { field: 'flag' });
  return code;
}

function members(part: Part, plugin: string, version: string | null, projectId: string | null, startedAt: number, flag: number): Queue {
  const c = part.facts;
  const col = c.pluginVersion[plugin];
  const v = version === null ? -1 : c.versions.indexOf(version);
  const empty: Queue = { at: new Float64Array(0), gid: new Int32Array(0), pending: new Uint8Array(0), length: 0 };
  // Unrated is still to review whenever it was unrated; a flag, only when set before the walk began.
  const pending = (r: number) => c.flag[r] === flag && (flag === UNRATED || !((c.flaggedAt[r] as number) >= startedAt));
  if (!col || (version !== null && v < 0)) return empty;
  const sessions = Uint8Array.from(part.sessions, (s) => (projectId === null || s.project_id === projectId ? 1 : 0));
  const rows: number[] = [];
  for (let r = 0; r < c.length; r++) {
    const fired = col[r] as number;
    if (fired < 0 || (v >= 0 && fired !== v) || !sessions[c.session[r] as number] || c.rolledBack[r]) continue;
    if (pending(r) || (c.flaggedAt[r] as number) >= startedAt) rows.push(r);
  }
  // Rows are in time order; live rows tied in time are put in id order.
  if (part.idRank) rows.sort((a, b) => (c.at[a] as number) - (c.at[b] as number) || globalId(part, a) - globalId(part, b));
  return {
    at: Float64Array.from(rows, (r) => c.at[r] as number),
    gid: Int32Array.from(rows, (r) => globalId(part, r)),
    pending: Uint8Array.from(rows, (r) => (pending(r) ? 1 : 0)),
    length: rows.length,
  };
}

const before = (q: Queue, i: number, r: Queue, j: number) => (q.at[i] as number) < (r.at[j] as number) || (q.at[i] === r.at[j] && (q.gid[i] as number) < (r.gid[j] as number));

/** Two queues merged in (time, global id) order. */
function merge(a: Queue, b: Queue): Queue {
  const n = a.length + b.length;
  const out: Queue = { at: new Float64Array(n), gid: new Int32Array(n), pending: new Uint8Array(n), length: n };
  for (let i = 0, j = 0, k = 0; k < n; k++) {
    const [src, at] = j >= b.length || (i < a.length && before(a, i, b, j)) ? [a, i++] : [b, j++];
    out.at[k] = src.at[at] as number;
    out.gid[k] = src.gid[at] as number;
    out.pending[k] = src.pending[at] as number;
  }
  return out;
}

export function reviewQueue(store: Store, params: URLSearchParams): Schemas['ReviewQueueItem'] {
  const plugin = params.get('plugin');
  if (!plugin) throw new DaemonError(400, 'invalid_request', 'plugin is required', { field: 'plugin' });
  const projectId = params.get('project_id') || null;
  if (projectId && !store.projects.has(projectId)) throw new DaemonError(404, 'not_found', `No project ${projectId}.`, { resource: 'project', id: projectId });
  const rawStart = params.get('started_at');
  const startedAt = rawStart ? Date.parse(rawStart) : store.clock().getTime();
  if (!Number.isFinite(startedAt)) throw new DaemonError(400, 'invalid_request', 'started_at must be an ISO 8601 date-time', { field: 'started_at' });
  const flag = reviewedFlag(params);
  const tables = tablesOf(store);
  const queue = tables.parts.map((part) => members(part, plugin, params.get('plugin_version') || null, projectId, startedAt, flag)).reduce(merge);
  // Where to go on from: just after the `after` event's place in (time, id) order.
  let from = 0;
  let skip = -1;
  const afterId = params.get('after');
  if (afterId) {
    const gid = globalIdOf(tables, afterId);
    if (gid < 0) throw new DaemonError(404, 'not_found', `No compaction ${afterId}.`, { resource: 'compaction', id: afterId });
    const [part, row] = locate(tables, gid);
    const at = part.facts.at[row] as number;
    const point: Queue = { at: Float64Array.of(at), gid: Int32Array.of(gid), pending: Uint8Array.of(0), length: 1 };
    while (from < queue.length && !before(point, 0, queue, from)) {
      if (queue.gid[from] === gid) skip = from;
      from++;
    }
  }
  const firstPending = (lo: number, hi: number) => {
    for (let i = lo; i < hi; i++) if (queue.pending[i] && i !== skip) return i;
    return -1;
  };
  const index = firstPending(from, queue.length) >= 0 ? firstPending(from, queue.length) : firstPending(0, from);
  const recordOf = (i: number) => {
    const [part, row] = locate(tables, queue.gid[i] as number);
    return recordAt(part, row, store.historyEdits);
  };
  const item = index >= 0 ? recordOf(index) : null;
  let remaining = 0;
  let next = -1;
  for (let i = index + 1; index >= 0 && i < queue.length; i++) {
    if (!queue.pending[i]) continue;
    remaining++;
    if (next < 0) next = i;
  }
  const entry = item ? tables.sessionIndex.get(item.session_id) : undefined;
  const session = entry ? entry[0].sessions[entry[1]] : undefined;
  return {
    plugin,
    started_at: new Date(startedAt).toISOString(),
    total: queue.length,
    position: index + 1,
    remaining,
    item,
    session: session ? { id: session.id, project_id: session.project_id, title: session.title } : null,
    next_id: next >= 0 ? recordOf(next).id : null,
  };
}
