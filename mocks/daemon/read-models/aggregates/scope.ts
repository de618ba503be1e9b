import { lowerBound } from '../../../store/row-order';
import type { Store } from '../../../store/store';
import type { EventOrigin } from '../../../../src/domain/accounting/provenance';
import { DaemonError } from '../../errors';
import { parseOrigin } from '../queries';
import { agentIndex, tablesOf, type Part, type Tables } from './tables';
import { parseRange, type Range } from './time';

/** Which events a query covers: project, session, agent path, time range (and the zone its buckets follow). */
export interface Scope {
  projectId: string | null;
  sessionId: string | null;
  agentPath: string | null;
  /** Only recorded events, only simulated ones, or both (null). */
  origin: EventOrigin | null;
  range: Range;
}

/** A scope applied to one part: which sessions and agent, and the rows in the time range. */
export interface PartScope {
  part: Part;
  sessions: Uint8Array;
  /** Agent index to match; -1 for any, -2 when the agent path is not in this part. */
  agent: number;
  /** The provenance to match: -1 any, 0 recorded, 1 simulated (the facts' simulated column). */
  simulated: number;
  lo: number;
  hi: number;
  silentLo: number;
  silentHi: number;
}

function sessionMask(part: Part, projectId: string | null, sessionId: string | null): Uint8Array {
  const mask = new Uint8Array(part.sessions.length);
  part.sessions.forEach((s, i) => {
    if ((projectId === null || s.project_id === projectId) && (sessionId === null || s.id === sessionId)) mask[i] = 1;
  });
  return mask;
}

/** Earliest and latest event among the sessions a mask keeps (rows are time-ordered per session). */
function bounds(part: Part, mask: Uint8Array): [number, number] {
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s]) continue;
    for (const [start, rows, at] of [[part.factStart, part.factsBySession, part.facts.at], [part.silentStart, part.silentBySession, part.silent.at]] as const) {
      const a = start[s] as number;
      const b = start[s + 1] as number;
      if (b > a) {
        earliest = Math.min(earliest, at[rows[a] as number] as number);
        latest = Math.max(latest, at[rows[b - 1] as number] as number);
      }
    }
  }
  return [earliest, latest];
}

/** The project, session, agent and time range of a request, checked (unknown project or session: 404). */
export function parseScope(store: Store, params: URLSearchParams): { tables: Tables; scope: Scope; parts: PartScope[] } {
  const tables = tablesOf(store);
  const projectId = params.get('project_id') || null;
  const sessionId = params.get('session_id') || null;
  const agentPath = params.get('agent_path') || null;
  const origin = parseOrigin(params);
  if (projectId !== null && !store.projects.has(projectId)) throw new DaemonError(404, 'not_found', `No project ${projectId}.`, { resource: 'project', id: projectId });
  if (sessionId !== null && !tables.sessionIndex.has(sessionId)) throw new DaemonError(404, 'not_found', `No session ${sessionId}.`, { resource: 'session', id: sessionId });
  const masks = tables.parts.map((part) => sessionMask(part, projectId, sessionId));
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  tables.parts.forEach((part, i) => {
    const [e, l] = bounds(part, masks[i] as Uint8Array);
    earliest = Math.min(earliest, e);
    latest = Math.max(latest, l);
  });
  const range = parseRange(params, { earliest: Number.isFinite(earliest) ? earliest : null, latest: Number.isFinite(latest) ? latest : null, now: store.clock().getTime() });
  const scope: Scope = { projectId, sessionId, agentPath, origin, range };
  // The generated history is the simulator's own: no recorded event is in it.
  const parts = tables.parts.flatMap((part, i) => (origin === 'recorded' && part.kind === 'history' ? [] : [scopePart(part, scope, masks[i] as Uint8Array)]));
  return { tables, scope, parts };
}

export function scopePart(part: Part, scope: Scope, sessions: Uint8Array): PartScope {
  const found = scope.agentPath === null ? -1 : agentIndex(part.facts.agents, scope.agentPath);
  const agent = scope.agentPath === null ? -1 : found >= 0 ? found : -2;
  const { from, to } = scope.range;
  return {
    part,
    sessions,
    agent,
    simulated: scope.origin === null ? -1 : scope.origin === 'simulated' ? 1 : 0,
    lo: lowerBound(part.facts.at, from),
    hi: lowerBound(part.facts.at, to),
    silentLo: lowerBound(part.silent.at, from),
    silentHi: lowerBound(part.silent.at, to),
  };
}

/** Whether a record row is in scope (time aside: the caller walks [lo, hi)). Rolled-back events never count. */
export function keepsFact(ps: PartScope, row: number): boolean {
  const f = ps.part.facts;
  return ps.sessions[f.session[row] as number] === 1 && (ps.agent === -1 || f.agent[row] === ps.agent) && f.rolledBack[row] === 0 && (ps.simulated === -1 || f.simulated[row] === ps.simulated);
}

/** A no-op or failure that left no record: the simulator's own runs (a transcript records none), so none is recorded. */
export function keepsSilent(ps: PartScope, row: number): boolean {
  const t = ps.part.silent;
  return ps.simulated !== 0 && ps.sessions[t.session[row] as number] === 1 && (ps.agent === -1 || t.agent[row] === ps.agent);
}

export function rangeEcho(range: Range) {
  return {
    from: new Date(range.from).toISOString(),
    to: new Date(range.to).toISOString(),
    tz: range.zone.name,
    bucket: range.bucket,
  };
}
