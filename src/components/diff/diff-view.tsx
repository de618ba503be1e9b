import { useVirtualizer, type Rect } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { formatCount } from '../../domain/format';
import { useScrollAhead } from '../../hooks/use-scroll-ahead';
import { buildDiffModel } from '../../domain/diff/align';
import { collapse, nextHunk } from '../../domain/diff/collapse';
import type { DiffModel, DiffRow, Message, ToolGroup } from '../../domain/diff/diff-model';
import { DEFAULT_LABELS, DiffRowView, FoldRow, type GroupPlace, type RowLabels } from './diff-row';
import './diff-view.css';

/** Height of a collapsed message row (meta line + two text lines) and of a fold row; CSS uses the same. */
export const ROW_HEIGHT = 64;
export const FOLD_HEIGHT = 34;

interface DiffViewProps {
  /** The aligned lists (useDiffModel). */
  model: DiffModel;
  /** Above the toolbar, outside the scrolled list (totals). */
  header?: ReactNode;
  beforeLabel?: string;
  afterLabel?: string;
  labels?: Partial<RowLabels>;
  /** Unchanged rows kept around each change. */
  context?: number;
  /** The first window's size before the list is measured (and for server rendering). */
  initialRect?: Rect;
  /** Accessible name of the list. */
  ariaLabel?: string;
}

function placeIn(group: ToolGroup | undefined, r: number): GroupPlace {
  if (!group) return 'none';
  if (group.rows.length === 1) return 'solo';
  if (r === group.head) return 'head';
  if (r === group.last) return 'tail';
  return group.rows.includes(r) ? 'member' : 'none';
}

/** The model of the two lists, built once per pair of lists. */
export function useDiffModel(before: readonly Message[], after: readonly Message[]): DiffModel {
  return useMemo(() => buildDiffModel(before, after), [before, after]);
}

/**
 * The side-by-side diff: before on the left, after on the right, aligned by message id, in one
 * virtual list (rows are aligned pairs), so 10,000 messages scroll like 100. Unchanged runs fold;
 * n / p (or the buttons) jump between changes; long contents open on demand.
 */
export function DiffView({
  model,
  header,
  beforeLabel = 'Before · active list',
  afterLabel = 'After · proposed list',
  labels: labelOverrides,
  context,
  initialRect,
  ariaLabel = 'Dry-run diff',
}: DiffViewProps) {
  const labels = useMemo(() => ({ ...DEFAULT_LABELS, ...labelOverrides }), [labelOverrides]);
  const [openFolds, setOpenFolds] = useState<ReadonlySet<string>>(() => new Set());
  const [expandAll, setExpandAll] = useState(false);
  const [expandedRows, setExpandedRows] = useState<ReadonlySet<string>>(() => new Set());
  const [position, setPosition] = useState<{ hunk: number } | null>(null);

  const view = useMemo(
    () => (expandAll ? collapse(model, { context, minFold: Number.MAX_SAFE_INTEGER }) : collapse(model, { context, expanded: openFolds })),
    [model, context, openFolds, expandAll],
  );

  const scrollRef = useRef<HTMLDivElement>(null);
  // Stable while the view is: a new function makes the virtualiser measure every row again on each render.
  const getItemKey = useCallback(
    (i: number) => {
      const item = view.items[i];
      if (!item) return i;
      return item.type === 'fold' ? `fold:${item.id}` : (model.rows[item.row] as DiffRow).key;
    },
    [view, model],
  );
  // Rows drawn in the scroll event, as far ahead as the view is moving (lib/scroll-reach.ts).
  const scrollAhead = useScrollAhead();
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are read during render by design
  const virtualizer = useVirtualizer({
    count: view.items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (view.items[i]?.type === 'fold' ? FOLD_HEIGHT : ROW_HEIGHT),
    getItemKey,
    ...scrollAhead,
    initialRect,
  });

  const toggleRow = useCallback((key: string) => {
    setExpandedRows((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const openFold = useCallback((id: string) => setOpenFolds((current) => new Set(current).add(id)), []);

  const jump = (direction: 1 | -1) => {
    const offset = (virtualizer.scrollOffset ?? 0) + 1;
    const top = virtualizer.getVirtualItemForOffset(offset)?.index ?? 0;
    // Relative to the topmost shown item: a hunk starting right there is the current one.
    const target = nextHunk(view.hunkItems, top, direction);
    if (target === null) return;
    virtualizer.scrollToIndex(target, { align: 'start' });
    setPosition({ hunk: view.hunkItems.indexOf(target) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'n' || event.key === 'j') {
      event.preventDefault();
      jump(1);
    } else if (event.key === 'p' || event.key === 'k') {
      event.preventDefault();
      jump(-1);
    }
  };

  const hunks = view.hunkItems.length;
  const supersededCount = model.totals.superseded.messages;
  const virtualItems = virtualizer.getVirtualItems();

  return (
    <div className="diff">
      {header}
      <div className="diff__toolbar">
        <div className="diff__nav" role="group" aria-label="Changes">
          <button type="button" className="button" onClick={() => jump(-1)} disabled={hunks === 0} aria-keyshortcuts="p" title="Previous change (p)">
            ↑ Previous
          </button>
          <button type="button" className="button" onClick={() => jump(1)} disabled={hunks === 0} aria-keyshortcuts="n" title="Next change (n)">
            ↓ Next change
          </button>
          <span className="diff__position num muted" aria-live="polite">
            {hunks === 0 ? 'No changes' : position === null ? `${formatCount(hunks)} ${hunks === 1 ? 'change' : 'changes'}` : `Change ${position.hunk + 1} of ${formatCount(hunks)}`}
          </span>
        </div>
        <button type="button" className="button button--quiet" onClick={() => setExpandAll((v) => !v)} disabled={view.folds === 0 && !expandAll} aria-pressed={expandAll}>
          {expandAll ? 'Fold unchanged runs' : view.folds === 0 ? 'Nothing folded' : `Unfold all (${formatCount(view.folds)} ${view.folds === 1 ? 'run' : 'runs'})`}
        </button>
        <div className="diff__legend muted" aria-hidden="true">
          <span className="diff-key diff-key--superseded">{labels.superseded}</span>
          <span className="diff-key diff-key--summary">{labels.added === 'added' ? 'summary' : labels.added}</span>
          <span className="diff-key diff-key--pinned">always kept</span>
          <span className="diff-key diff-key--group">tool exchange</span>
        </div>
      </div>
      <div className="diff__columns" aria-hidden="true">
        <span />
        <span>
          {beforeLabel} <span className="num faint">· {formatCount(model.totals.before.messages)}</span>
        </span>
        <span>
          {afterLabel} <span className="num faint">· {formatCount(model.totals.after.messages)}</span>
        </span>
      </div>
      <div
        ref={scrollRef}
        className="diff__scroller"
        tabIndex={0}
        onKeyDown={onKeyDown}
        role="table"
        aria-label={`${ariaLabel}: n and p jump between changes`}
        aria-rowcount={view.items.length}
      >
        <div className="diff__canvas" style={{ height: virtualizer.getTotalSize() }} role="rowgroup">
          {virtualItems.map((v) => {
            const item = view.items[v.index];
            if (!item) return null;
            return (
              <div key={v.key} className="diff__item" data-index={v.index} ref={virtualizer.measureElement} style={{ transform: `translateY(${v.start}px)` }}>
                {item.type === 'fold' ? (
                  <FoldRow count={item.end - item.start} tokens={item.tokens} ariaIndex={v.index + 1} onOpen={() => openFold(item.id)} />
                ) : (
                  <RowItem model={model} r={item.row} ariaIndex={v.index + 1} expandedRows={expandedRows} onToggle={toggleRow} labels={labels} supersededCount={supersededCount} />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function RowItem({
  model,
  r,
  ariaIndex,
  expandedRows,
  onToggle,
  labels,
  supersededCount,
}: {
  model: DiffModel;
  r: number;
  ariaIndex: number;
  expandedRows: ReadonlySet<string>;
  onToggle: (key: string) => void;
  labels: RowLabels;
  supersededCount: number;
}) {
  const row = model.rows[r] as DiffRow;
  const group = row.group ? model.groups.get(row.group) : undefined;
  return (
    <DiffRowView
      row={row}
      ariaIndex={ariaIndex}
      group={group ?? null}
      place={placeIn(group, r)}
      expanded={expandedRows.has(row.key)}
      onToggle={onToggle}
      labels={labels}
      supersededCount={supersededCount}
    />
  );
}
