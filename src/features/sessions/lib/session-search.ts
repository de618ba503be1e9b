/**
 * The sessions list's filters and sort live in the URL (?project=&status=&q=&sort=), so a view can
 * be linked, bookmarked, and walked with back/forward. sort is a column id, `-` first for
 * descending; the default (newest activity first) is left out of the URL.
 */
import type { SortingState } from '@tanstack/react-table';
import type { SessionStatus, SessionSummary } from '../../../domain/contract/types';

export const SESSION_STATUSES: readonly SessionStatus[] = ['running', 'idle', 'paused', 'context_overflow'];

export const SORTABLE_COLUMNS = ['title', 'project', 'status', 'agents', 'context', 'compactions', 'cost', 'updated'] as const;
export type SortableColumn = (typeof SORTABLE_COLUMNS)[number];

export const DEFAULT_SORT: SortingState = [{ id: 'updated', desc: true }];

export interface SessionListSearch {
  project: string | null;
  status: SessionStatus | null;
  q: string;
  sort: SortingState;
}

function isStatus(value: string | null): value is SessionStatus {
  return value !== null && (SESSION_STATUSES as readonly string[]).includes(value);
}

function readSort(value: string | null): SortingState {
  if (value === null) return DEFAULT_SORT;
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return (SORTABLE_COLUMNS as readonly string[]).includes(id) ? [{ id, desc }] : DEFAULT_SORT;
}

function writeSort(sort: SortingState): string | null {
  const first = sort[0];
  if (first === undefined) return null;
  const defaultSort = DEFAULT_SORT[0];
  if (defaultSort && first.id === defaultSort.id && first.desc === defaultSort.desc) return null;
  return `${first.desc ? '-' : ''}${first.id}`;
}

export function readSessionSearch(params: URLSearchParams): SessionListSearch {
  const status = params.get('status');
  return {
    project: params.get('project') || null,
    status: isStatus(status) ? status : null,
    q: params.get('q') ?? '',
    sort: readSort(params.get('sort')),
  };
}

/** New params with `patch` applied; other params are kept, defaults are left out. */
export function writeSessionSearch(params: URLSearchParams, patch: Partial<SessionListSearch>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  if ('project' in patch) set('project', patch.project ?? null);
  if ('status' in patch) set('status', patch.status ?? null);
  if ('q' in patch) set('q', patch.q ?? null);
  if ('sort' in patch) set('sort', writeSort(patch.sort ?? DEFAULT_SORT));
  return next;
}

/** Whether a session matches the text filter: its title, id, project name or source, any case. */
export function matchesText(session: SessionSummary, projectName: string, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return [session.title, session.id, projectName, session.source.name].some((field) => field.toLowerCase().includes(needle));
}
