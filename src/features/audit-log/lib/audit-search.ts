/**
 * The audit log's filters, in the URL:
 *
 *   /audit?project=payments-api&session=ses_1&agent=primary&type=compaction.noop,compaction.failed
 *         &actor=harness&from=…&to=…&sort=at
 *
 * Newest first unless sort=at. Types the contract does not know are dropped.
 */
import { AUDIT_TYPES } from '../../../domain/contract/enums.gen';
import type { Schemas } from '../../../domain/contract/types';

export type AuditType = Schemas['AuditType'];

export interface AuditSearch {
  project: string | null;
  session: string | null;
  agent: string | null;
  types: AuditType[];
  actor: string | null;
  from: string | null;
  to: string | null;
  oldestFirst: boolean;
}

function instant(value: string | null): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export function readAuditSearch(params: URLSearchParams): AuditSearch {
  const given = new Set(params.getAll('type').flatMap((v) => v.split(',')).map((v) => v.trim()));
  const text = (name: string) => params.get(name)?.trim() || null;
  return {
    project: text('project'),
    session: text('session'),
    agent: text('agent'),
    types: AUDIT_TYPES.filter((t) => given.has(t)),
    actor: text('actor'),
    from: instant(params.get('from')),
    to: instant(params.get('to')),
    oldestFirst: params.get('sort') === 'at',
  };
}

/** A change of the view: the fields to set, or a function of the current view (a filter's toggle). */
export type UpdateAuditSearch = (patch: Partial<AuditSearch> | ((current: AuditSearch) => Partial<AuditSearch>)) => void;

export function writeAuditSearch(params: URLSearchParams, patch: Partial<AuditSearch>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  if ('project' in patch) set('project', patch.project ?? null);
  if ('session' in patch) set('session', patch.session ?? null);
  if ('agent' in patch) set('agent', patch.agent ?? null);
  if ('types' in patch) set('type', AUDIT_TYPES.filter((t) => patch.types?.includes(t)).join(','));
  if ('actor' in patch) set('actor', patch.actor ?? null);
  if ('from' in patch) set('from', patch.from ?? null);
  if ('to' in patch) set('to', patch.to ?? null);
  if ('oldestFirst' in patch) set('sort', patch.oldestFirst ? 'at' : null);
  return next;
}

/** GET /audit's query for this view (cursor and limit apart). */
export interface AuditQuery {
  project_id?: string;
  session_id?: string;
  agent_path?: string;
  type?: AuditType[];
  actor?: string;
  from?: string;
  to?: string;
  sort: 'at' | '-at';
}

export function toAuditQuery(search: AuditSearch): AuditQuery {
  const query: AuditQuery = { sort: search.oldestFirst ? 'at' : '-at' };
  if (search.project) query.project_id = search.project;
  if (search.session) query.session_id = search.session;
  if (search.agent) query.agent_path = search.agent;
  if (search.types.length > 0) query.type = search.types;
  if (search.actor) query.actor = search.actor;
  if (search.from) query.from = search.from;
  if (search.to) query.to = search.to;
  return query;
}

/** Where an audit event leads: its compaction, its checkpoint, or its session (no-ops, failures and config changes have no record). */
export function auditTarget(event: Pick<Schemas['AuditEvent'], 'session_id' | 'compaction_id' | 'type' | 'data'>): { kind: 'compaction' | 'checkpoint' | 'session'; sessionId: string; id: string | null } {
  if (event.compaction_id) return { kind: 'compaction', sessionId: event.session_id, id: event.compaction_id };
  const checkpoint = typeof event.data.checkpoint_id === 'string' ? event.data.checkpoint_id : null;
  if (checkpoint && event.type.startsWith('compaction.checkpoint')) return { kind: 'checkpoint', sessionId: event.session_id, id: checkpoint };
  return { kind: 'session', sessionId: event.session_id, id: null };
}
