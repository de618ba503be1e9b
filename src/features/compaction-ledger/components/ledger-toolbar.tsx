import { memo, useEffect, useRef, useState } from 'react';
import { LazyMenu, type LazyMenuProps } from '../../../components/lazy-menu';
import { lazyComponent } from '../../../lib/lazy-component';
import { useFittedColumns, useLedgerColumns } from '../hooks/use-column-visibility';
import type { UpdateLedgerSearch } from '../../../hooks/use-ledger-search';
import { FLAG_LABELS, STRATEGY_LABELS, TRIGGER_LABELS } from '../../../domain/compaction/labels';
import { activeFilterCount, EMPTY_SEARCH, toggleValue, type LedgerSearch } from '../../../domain/ledger-search';
import { Chevron, MultiFilter, SingleFilter, type FilterOption } from '../../../components/filter-menu';
import type { ColumnChoice } from './ledger-menus';
import { OriginFilter } from './origin-filter';
import { HIDEABLE_COLUMNS, SESSION_COLUMN } from './ledger-columns';
import { resolveTimeRange, SPAN_LABELS, timeRangeLabel, type Span } from '../../../domain/time-range';
import { FLAG_FILTERS, STRATEGIES, TRIGGERS } from '../../../domain/contract/enums.gen';
import { ExportMenu, type ExportMenuProps } from './export-menu';
import './ledger-toolbar.css';

const TEXT_DEBOUNCE_MS = 300;

interface LedgerToolbarProps {
  search: LedgerSearch;
  onSearchChange: UpdateLedgerSearch;
  /** Plugins that fired in this session (or are installed, across sessions), for the plugin filter. */
  plugins: readonly string[];
  /** Across sessions: the projects and summarizer models to choose from (the session ledger has neither). */
  across?: { projects: readonly FilterOption<string>[]; models: readonly string[] };
}

const TIME_SPANS: readonly Exclude<Span, 'all'>[] = ['24h', '7d', '30d'];

/** Across sessions: the project, the session (set by a link), the summarizer model and the time range. */
function CrossFilters({ search, onSearchChange, across }: Pick<LedgerToolbarProps, 'search' | 'onSearchChange'> & { across: NonNullable<LedgerToolbarProps['across']> }) {
  const models = [...new Set([...across.models, ...(search.model ? [search.model] : [])])].sort().map((m) => ({ value: m, label: m }));
  const projects = search.project && !across.projects.some((p) => p.value === search.project) ? [...across.projects, { value: search.project, label: search.project }] : across.projects;
  const timeValue = search.from ? 'custom' : '';
  const timeOptions = [
    ...TIME_SPANS.map((span) => ({ value: span, label: SPAN_LABELS[span] })),
    ...(search.from ? [{ value: 'custom', label: timeRangeLabel({ kind: 'custom', from: search.from, to: search.to }) }] : []),
  ];
  return (
    <>
      <SingleFilter label="Project" anyLabel="all" value={search.project ?? ''} options={projects} onChange={(project) => onSearchChange({ project: project || null })} />
      {search.session && (
        <button type="button" className="filter filter--active" onClick={() => onSearchChange({ session: null })} title="Click to show every session">
          <span className="filter__label">Session:</span>
          <span className="filter__value">{search.session}</span>
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">(show every session)</span>
        </button>
      )}
      <SingleFilter label="Model" anyLabel="any" value={search.model ?? ''} options={models} onChange={(model) => onSearchChange({ model: model || null })} />
      <SingleFilter
        label="Time"
        anyLabel="any time"
        value={timeValue}
        options={timeOptions}
        onChange={(value) => {
          if (value === 'custom') return;
          const range = value ? resolveTimeRange({ kind: 'span', span: value as Span }, Date.now()) : {};
          onSearchChange({ from: range.from ?? null, to: range.to ?? null });
        }}
      />
    </>
  );
}

/** Text in summary or notes, written to the URL a moment after typing stops. */
function TextFilter({ search, onSearchChange }: Pick<LedgerToolbarProps, 'search' | 'onSearchChange'>) {
  const [text, setText] = useState(search.q);
  const [shown, setShown] = useState(search.q);
  // The URL changed under the field (cleared filters, back/forward): show the URL's text.
  if (search.q !== shown) {
    setShown(search.q);
    setText(search.q);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return (
    <input
      type="search"
      className="input ledger-toolbar__search"
      placeholder="Text in summary or notes"
      aria-label="Text in summary or notes"
      value={text}
      onChange={(event) => {
        const value = event.target.value;
        setText(value);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          setShown(value);
          onSearchChange({ q: value }, { replace: true });
        }, TEXT_DEBOUNCE_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && text) {
          event.preventDefault();
          setText('');
          setShown('');
          onSearchChange({ q: '' }, { replace: true });
        }
      }}
    />
  );
}

/** The ledger's filters (all in the URL). Memoised: the count beside them changes with every live batch, they do not. */
const LedgerFilters = memo(function LedgerFilters({ search, onSearchChange, plugins, across }: LedgerToolbarProps) {
  const filters = activeFilterCount({ ...search, agent: null });
  const pluginOptions = [...new Set([...plugins, ...(search.plugin ? [search.plugin] : [])])].sort().map((name) => ({ value: name, label: name }));
  return (
    <div className="ledger-toolbar__filters" role="group" aria-label="Ledger filters">
      {search.agent && (
        <button type="button" className="filter filter--active" onClick={() => onSearchChange({ agent: null })} title="Chosen in the Compaction panel above; click to show every agent">
          <span className="filter__label">Agent:</span>
          <span className="filter__value">{search.agent}</span>
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">(show every agent)</span>
        </button>
      )}
      {across && <CrossFilters search={search} onSearchChange={onSearchChange} across={across} />}
      <MultiFilter
        label="Trigger"
        options={TRIGGERS.map((t) => ({ value: t, label: TRIGGER_LABELS[t] }))}
        selected={search.trigger}
        onToggle={(value, on) => onSearchChange((current) => ({ trigger: toggleValue(current.trigger, value, on) }))}
        onClear={() => onSearchChange({ trigger: [] })}
      />
      <MultiFilter
        label="Strategy"
        options={STRATEGIES.map((s) => ({ value: s, label: STRATEGY_LABELS[s] }))}
        selected={search.strategy}
        onToggle={(value, on) => onSearchChange((current) => ({ strategy: toggleValue(current.strategy, value, on) }))}
        onClear={() => onSearchChange({ strategy: [] })}
      />
      <SingleFilter
        label="Fallback"
        anyLabel="any"
        value={search.fallback === null ? '' : String(search.fallback)}
        options={[
          { value: 'true', label: 'fell back' },
          { value: 'false', label: 'no fallback' },
        ]}
        onChange={(value) => onSearchChange({ fallback: value === 'true' ? true : value === 'false' ? false : null })}
      />
      <OriginFilter value={search.origin} onChange={(origin) => onSearchChange({ origin })} />
      <MultiFilter
        label="Flag"
        options={FLAG_FILTERS.map((f) => ({ value: f, label: FLAG_LABELS[f] }))}
        selected={search.flag}
        onToggle={(value, on) => onSearchChange((current) => ({ flag: toggleValue(current.flag, value, on) }))}
        onClear={() => onSearchChange({ flag: [] })}
      />
      <SingleFilter label="Plugin" anyLabel="any" value={search.plugin ?? ''} options={pluginOptions} onChange={(plugin) => onSearchChange({ plugin: plugin || null })} />
      <TextFilter search={search} onSearchChange={onSearchChange} />
      {filters > 0 && (
        <button type="button" className="button button--quiet" onClick={() => onSearchChange({ ...EMPTY_SEARCH, agent: search.agent, sort: search.sort })}>
          {filters === 1 ? 'Clear filters' : `Clear ${filters} filters`}
        </button>
      )}
    </div>
  );
});

const ColumnsMenuCode = lazyComponent<ColumnChoice & LazyMenuProps>(() => import('./ledger-menus').then((m) => m.ColumnsMenu));

/** Which columns show (remembered in this browser). */
const ColumnsMenu = memo(function ColumnsMenu({ withSession = false }: { withSession?: boolean }) {
  const visibility = useLedgerColumns((s) => s.visibility);
  const setVisibility = useLedgerColumns((s) => s.setVisibility);
  const reset = useLedgerColumns((s) => s.reset);
  const fitted = useFittedColumns(withSession);
  const choosable = withSession ? HIDEABLE_COLUMNS : HIDEABLE_COLUMNS.filter((c) => c.id !== SESSION_COLUMN);
  const hidden = choosable.filter((c) => fitted.visibility[c.id] === false).length;
  const choice: ColumnChoice = {
    columns: choosable.map((c) => ({ id: c.id, label: c.label, shown: fitted.visibility[c.id] !== false, fitted: fitted.autoHidden.includes(c.id) })),
    onChoose: (id, shown) => setVisibility({ ...visibility, [id]: shown }),
    onShowAll: () => setVisibility(Object.fromEntries(HIDEABLE_COLUMNS.map((c) => [c.id, true]))),
    onFit: reset,
    hidden,
    chosen: Object.keys(visibility).length > 0,
  };
  const trigger = {
    className: 'filter',
    label: `Columns${hidden ? `: ${hidden} hidden` : ''}`,
    content: (
      <>
        <span>Columns</span>
        {hidden > 0 && <span className="filter__hint num">{hidden} hidden</span>}
        <Chevron />
      </>
    ),
  };
  return <LazyMenu what="the columns menu" menu={ColumnsMenuCode} trigger={trigger} props={choice} />;
});

interface LedgerToolbarRowProps extends LedgerToolbarProps, ExportMenuProps {
  /** Across sessions: the session column can be chosen. */
  withSession: boolean;
}

/**
 * The ledger's toolbar: filters, export and columns. Memoised: a page of rows arriving while the
 * ledger scrolls renders the panel again, and its menus have nothing to do with it (a live record
 * changes the count, which only the export menu shows).
 */
export const LedgerToolbar = memo(function LedgerToolbar({ search, onSearchChange, plugins, across, total, exporter, withSession }: LedgerToolbarRowProps) {
  return (
    <div className="ledger-toolbar">
      <LedgerFilters search={search} onSearchChange={onSearchChange} plugins={plugins} across={across} />
      <div className="ledger-toolbar__end">
        <ExportMenu total={total} exporter={exporter} />
        <ColumnsMenu withSession={withSession} />
      </div>
    </div>
  );
});
