/**
 * A ledger view as the API's query (GET /sessions/{id}/compactions, GET /compactions) and back: the
 * query is also the ledger's query key, so a key reads back into the view it was made from.
 */
import { FLAG_FILTERS, STRATEGIES, TRIGGERS } from './contract/enums.gen';
import type { EventOrigin } from './accounting/provenance';
import { canonicalList, readSort, writeSort, type CompactionSort, type FlagFilter, type LedgerSearch, type Strategy, type Trigger } from './ledger-search';

/** The query of GET /sessions/{id}/compactions for this view (without cursor and limit). */
export interface ListQuery {
  agent_path?: string;
  trigger?: Trigger[];
  strategy?: Strategy[];
  flag?: FlagFilter[];
  fallback?: boolean;
  plugin?: string;
  origin?: EventOrigin;
  q?: string;
  sort: CompactionSort;
  project_id?: string;
  session_id?: string;
  summarizer_model?: string;
  from?: string;
  to?: string;
}

export function toListQuery(search: LedgerSearch): ListQuery {
  const query: ListQuery = { sort: writeSort(search.sort) };
  if (search.agent) query.agent_path = search.agent;
  if (search.trigger.length > 0) query.trigger = canonicalList(search.trigger, TRIGGERS);
  if (search.strategy.length > 0) query.strategy = canonicalList(search.strategy, STRATEGIES);
  if (search.flag.length > 0) query.flag = canonicalList(search.flag, FLAG_FILTERS);
  if (search.fallback !== null) query.fallback = search.fallback;
  if (search.plugin) query.plugin = search.plugin;
  if (search.origin) query.origin = search.origin;
  const q = search.q.trim();
  if (q) query.q = q;
  if (search.project) query.project_id = search.project;
  if (search.session) query.session_id = search.session;
  if (search.model) query.summarizer_model = search.model;
  if (search.from) query.from = search.from;
  if (search.to) query.to = search.to;
  return query;
}

/** The view a ledger query key was made from (toListQuery's inverse). */
export function fromListQuery(query: ListQuery): LedgerSearch {
  return {
    agent: query.agent_path ?? null,
    trigger: query.trigger ?? [],
    strategy: query.strategy ?? [],
    flag: query.flag ?? [],
    fallback: query.fallback ?? null,
    plugin: query.plugin ?? null,
    origin: query.origin ?? null,
    q: query.q ?? '',
    sort: readSort(query.sort),
    project: query.project_id ?? null,
    session: query.session_id ?? null,
    model: query.summarizer_model ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
  };
}
