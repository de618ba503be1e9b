import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { MultiFilter } from '../../../components/filter-menu';
import { ErrorState } from '../../../components/error-state';
import { Select } from '../../../components/select';
import { Skeleton } from '../../../components/skeleton';
import { Badge, type Tone } from '../../../components/status-badge';
import { projectsQuery } from '../../../lib/api/endpoints/list-projects';
import type { Schemas } from '../../../domain/contract/types';
import { formatCount, formatDateTime } from '../../../domain/format';
import { toggleValue } from '../../../domain/ledger-search';
import { checkpointHref, compactionHref, sessionHref } from '../../../lib/routes';
import { useScrollAhead } from '../../../hooks/use-scroll-ahead';
import { useKnobLabels } from '../../../hooks/use-knob-labels';
import { auditQuery } from '../api/list-audit';
import { auditWhat, sessionName } from '../lib/audit-what';
import { AUDIT_TYPES } from '../../../domain/contract/enums.gen';
import { auditTarget, toAuditQuery, type AuditSearch, type AuditType, type UpdateAuditSearch } from '../lib/audit-search';
import '../../../components/panel.css';
import '../../../components/record-table.css';
import './audit-log.css';

const ALL = '(all)';

const TYPE_OPTIONS = AUDIT_TYPES.map((type) => ({ value: type, label: type }));

const NAMESPACE = 'compaction.';

const TONES: Partial<Record<AuditType, Tone>> = {
  'compaction.failed': 'danger',
  'compaction.noop': 'warn',
  'compaction.completed': 'ok',
  'compaction.rolled_back': 'accent',
  'config.changed': 'accent',
};

function Target({ event }: { event: Schemas['AuditEvent'] }) {
  const target = auditTarget(event);
  if (target.kind === 'compaction' && target.id) return <Link to={compactionHref(target.sessionId, target.id)} className="mono">{target.id}</Link>;
  if (target.kind === 'checkpoint' && target.id) return <Link to={checkpointHref(target.sessionId, target.id)} className="mono">{target.id}</Link>;
  return (
    <Link to={sessionHref(target.sessionId)} aria-label={`session ${target.sessionId}${event.type === 'config.changed' ? ' (its configuration)' : ''}`}>
      session{event.type === 'config.changed' ? ' config' : ''}
    </Link>
  );
}

function Filter({ label, value, onClear }: { label: string; value: string; onClear: () => void }) {
  return (
    <button type="button" className="filter filter--active" onClick={onClear} title={`Click to clear the ${label.toLowerCase()} filter`}>
      <span className="filter__label">{label}:</span> <span className="filter__value">{value}</span> <span aria-hidden="true">✕</span>
    </button>
  );
}

/** One row's height (CSS: .audit-table td), fixed so the virtualiser needs no measuring. */
const ROW_HEIGHT = 32;
/** Load the next page when the rows in view come this close to the end of what is loaded. */
const PREFETCH_ROWS = 30;

const AuditRow = memo(function AuditRow({ event: e, labels, titles, onSearchChange }: { event: Schemas['AuditEvent']; labels: ReadonlyMap<string, string>; titles: ReadonlyMap<string, string>; onSearchChange: (patch: Partial<AuditSearch>) => void }) {
  const what = auditWhat(e, labels);
  const session = sessionName(e.session_id, titles.get(e.session_id));
  return (
    <tr>
      <td className="num">{formatDateTime(e.at).replace(' UTC', '')}</td>
      <td>
        <button type="button" className="link-button audit-type" onClick={() => onSearchChange({ types: [e.type] })} title={`${e.type}: show only this type`}>
          <Badge tone={TONES[e.type] ?? 'neutral'}>
            {/* Most types share "compaction.": shown without it (the column is narrow), kept for screen readers and in the title. */}
            {e.type.startsWith(NAMESPACE) ? (
              <>
                <span className="visually-hidden">{NAMESPACE}</span>
                {e.type.slice(NAMESPACE.length)}
              </>
            ) : (
              e.type
            )}
          </Badge>
        </button>
      </td>
      <td>
        <button type="button" className={session.titled ? 'link-button audit-table__clip' : 'link-button mono audit-table__clip'} onClick={() => onSearchChange({ session: e.session_id })} title={session.hover}>
          {session.text}
        </button>
      </td>
      <td className="mono audit-table__clip" title={e.agent_path ?? undefined}>
        {e.agent_path ?? '—'}
      </td>
      <td className="audit-table__clip" title={e.actor}>
        {e.actor}
      </td>
      <td className="audit-table__clip" title={what}>
        {what}
      </td>
      <td className="audit-table__clip">
        <Target event={e} />
      </td>
    </tr>
  );
});

/**
 * The events as a virtualised table: only the rows in view (and a few around) are in the DOM;
 * the next page (cursor paging) loads as the view nears the end of what is loaded. The scroller
 * takes focus, so the keyboard scrolls it (arrows, Page Up/Down, Home/End) and Tab reaches the
 * links and filters of the rows in view.
 */
function AuditTable({
  events,
  total,
  switching,
  more,
  onSearchChange,
  titles,
}: {
  events: Schemas['AuditEvent'][];
  total: number;
  switching: boolean;
  more: { hasNext: boolean; fetching: boolean; failed: boolean; fetchNext: () => void };
  onSearchChange: UpdateAuditSearch;
  titles: ReadonlyMap<string, string>;
}) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const labels = useKnobLabels();
  const getItemKey = useCallback((index: number) => events[index]?.id ?? index, [events]);
  // Rows drawn in the scroll event, as far ahead as the view is moving (lib/scroll-reach.ts).
  const scrollAhead = useScrollAhead();
  // The build has no React Compiler; the virtualizer is meant to be read during render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: events.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey,
    ...scrollAhead,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;
  const { hasNext, fetching, failed, fetchNext } = more;
  useEffect(() => {
    if (hasNext && !fetching && !failed && lastIndex >= events.length - PREFETCH_ROWS) fetchNext();
  }, [hasNext, fetching, failed, lastIndex, events.length, fetchNext]);
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <>
      <div
        ref={scrollRef}
        className={switching ? 'audit-scroll audit--switching' : 'audit-scroll'}
        tabIndex={0}
        role="group"
        aria-label={`Audit events, ${formatCount(events.length)} of ${formatCount(total)} loaded; scroll for more`}
      >
        <table className="record-table audit-table" aria-rowcount={total + 1}>
          <caption className="visually-hidden">Audit events</caption>
          <colgroup>
            <col className="audit-col--time" />
            <col className="audit-col--type" />
            <col className="audit-col--session" />
            <col className="audit-col--agent" />
            <col className="audit-col--actor" />
            <col />
            <col className="audit-col--link" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Time (UTC)</th>
              <th scope="col">Type</th>
              <th scope="col">Session</th>
              <th scope="col">Agent</th>
              <th scope="col">Actor</th>
              <th scope="col">What</th>
              <th scope="col">Link</th>
            </tr>
          </thead>
          <tbody>
            {top > 0 && <tr aria-hidden="true" className="audit-spacer" style={{ height: top }} />}
            {items.map((item) => {
              const event = events[item.index];
              return event ? <AuditRow key={item.key} event={event} labels={labels} titles={titles} onSearchChange={onSearchChange} /> : null;
            })}
            {bottom > 0 && <tr aria-hidden="true" className="audit-spacer" style={{ height: bottom }} />}
          </tbody>
        </table>
      </div>
      <div className="audit-more" role="status">
        <span className="muted num">
          {formatCount(events.length)} of {formatCount(total)} loaded
          {fetching ? ' · loading more…' : ''}
        </span>
        {hasNext && (
          <button type="button" className="button button--quiet" disabled={fetching} onClick={fetchNext}>
            {failed ? 'Retry loading more' : 'Load more'}
          </button>
        )}
      </div>
    </>
  );
}

/** Every audit event, filterable by project, session, agent, type, actor and time; each linked to what it is about. */
/** `titles`: session titles by id (the page reads them); a session not in it is named by its id. */
export function AuditLog({ search, onSearchChange, titles }: { search: AuditSearch; onSearchChange: UpdateAuditSearch; titles: ReadonlyMap<string, string> }) {
  const query = useMemo(() => toAuditQuery(search), [search]);
  const log = useInfiniteQuery({ ...auditQuery(query), placeholderData: keepPreviousData });
  const { data: projects } = useQuery(projectsQuery());
  const events = useMemo(() => log.data?.pages.flatMap((p) => p.items) ?? [], [log.data]);
  const total = log.data?.pages[log.data.pages.length - 1]?.total ?? 0;
  const { fetchNextPage } = log;
  const fetchNext = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  let body: ReactNode;
  if (log.isError && !log.data) body = <ErrorState error={log.error} what="the audit log" onRetry={() => void log.refetch()} />;
  else if (!log.data) body = <Skeleton height={400} />;
  else if (events.length === 0) body = <EmptyState title="No audit event matches these filters" />;
  else
    body = (
      <>
        {log.isFetchNextPageError && <ErrorState error={log.error} what="more audit events" onRetry={fetchNext} />}
        <AuditTable
          events={events}
          total={total}
          switching={log.isPlaceholderData}
          more={{ hasNext: log.hasNextPage, fetching: log.isFetchingNextPage, failed: log.isFetchNextPageError, fetchNext }}
          onSearchChange={onSearchChange}
          titles={titles}
        />
      </>
    );
  return (
    <section className="panel" aria-labelledby="audit-title">
      <header className="panel__header">
        <h2 id="audit-title">Audit events</h2>
        <span className="panel__aside num" aria-live="polite">
          {log.data ? `${formatCount(total)} ${total === 1 ? 'event' : 'events'}` : '…'}
        </span>
      </header>
      <div className="audit-toolbar" role="group" aria-label="Audit filters">
        <Select
          label="Project"
          showLabel
          value={search.project ?? ALL}
          options={[{ value: ALL, label: 'All projects' }, ...(projects ?? []).map((p) => ({ value: p.id, label: p.name }))]}
          onValueChange={(v) => onSearchChange({ project: v === ALL ? null : v })}
        />
        <MultiFilter
          label="Type"
          options={TYPE_OPTIONS}
          selected={search.types}
          onToggle={(type, on) => onSearchChange((current) => ({ types: toggleValue(current.types, type, on) }))}
          onClear={() => onSearchChange({ types: [] })}
        />
        {search.session && <Filter label="Session" value={search.session} onClear={() => onSearchChange({ session: null })} />}
        {search.agent && <Filter label="Agent" value={search.agent} onClear={() => onSearchChange({ agent: null })} />}
        {search.actor && <Filter label="Actor" value={search.actor} onClear={() => onSearchChange({ actor: null })} />}
        {search.from && <Filter label="From" value={search.from.slice(0, 16).replace('T', ' ')} onClear={() => onSearchChange({ from: null })} />}
        {search.to && <Filter label="To" value={search.to.slice(0, 16).replace('T', ' ')} onClear={() => onSearchChange({ to: null })} />}
        <button type="button" className="button button--quiet" onClick={() => onSearchChange({ oldestFirst: !search.oldestFirst })}>
          {search.oldestFirst ? 'Oldest first' : 'Newest first'}
        </button>
      </div>
      {body}
    </section>
  );
}
