import type { Schemas } from '../../../store/types';
import type { PartScope } from './scope';

/**
 * The sessions in scope of the per-session aggregates (top sessions, spirals). Sessions are keyed
 * by id, so a session with rows in both parts (a history session that became a stored one) is one session.
 */

/** An instant as ISO text, null when there is none (no rows). */
export const isoOrNull = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : null);

/** Rows of many parts in one number: part index × 2^22 + row. */
export const PACK = 4_194_304;

export interface SessionEntry {
  meta: { session_id: string; project_id: string; title: string; status: Schemas['SessionStatus'] };
  /** [part index, session index] pairs (two when a history session became a stored one). */
  places: [number, number][];
}

/** Every session in scope by id, with where its rows are. */
export function sessionsInScope(parts: PartScope[]): Map<string, SessionEntry> {
  const out = new Map<string, SessionEntry>();
  parts.forEach((ps, p) => {
    ps.part.sessions.forEach((s, i) => {
      if (!ps.sessions[i]) return;
      const entry = out.get(s.id);
      if (entry) entry.places.push([p, i]);
      else out.set(s.id, { meta: { session_id: s.id, project_id: s.project_id, title: s.title, status: s.status }, places: [[p, i]] });
    });
  });
  return out;
}
