/**
 * The health view's scope as the daemon is asked for it, and the links every panel drills into
 * (the cross-session ledger, the audit log), both within the scope and its time range.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNow } from '../../../hooks/use-now';
import { EMPTY_SEARCH, ledgerSearchString, type LedgerSearch } from '../../../domain/ledger-search';
import { auditHref, compactionsHref } from '../../../lib/routes';
import { compactionHealthQuery } from '../api/get-compaction-health';
import { aggregateQuery, operatorZone, type AggregateQuery, type HealthScope } from '../lib/health-scope';

type Scope = Pick<HealthScope, 'project' | 'range'> & Partial<Pick<HealthScope, 'origin'>>;

/** The scope and range as the daemon is asked for them, recomputed once a minute at most. */
export function useAggregateQuery(scope: Scope): AggregateQuery {
  const minute = Math.ceil(useNow() / 60_000);
  return useMemo(() => aggregateQuery(scope, minute * 60_000, operatorZone()), [scope, minute]);
}

/**
 * Whether the headline figures of this scope have arrived (or failed): the lower panels ask the
 * daemon only then, so the figures and the spirals are computed first (a daemon answers one
 * aggregate at a time).
 */
export function useFiguresSettled(query: AggregateQuery): boolean {
  const figures = useQuery({ ...compactionHealthQuery(query), enabled: false });
  const [settled, setSettled] = useState(false);
  if (!settled && (figures.data !== undefined || figures.isError)) setSettled(true);
  return settled;
}

/** The cross-session ledger's address for a filter within this scope and range. */
export function useLedgerLink(scope: Scope): (patch: Partial<LedgerSearch>) => string {
  const query = useAggregateQuery(scope);
  return (patch) =>
    compactionsHref(ledgerSearchString({ ...EMPTY_SEARCH, project: scope.project, origin: scope.origin ?? null, from: query.from ?? null, to: query.to ?? null, ...patch }));
}

/** The audit log's address for one event type within this scope and range (what leaves no record: no-ops, failures). */
export function useAuditLink(scope: Scope): (type: string) => string {
  const query = useAggregateQuery(scope);
  return (type) =>
    auditHref(new URLSearchParams({ type, ...(scope.project ? { project: scope.project } : {}), ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) }));
}
