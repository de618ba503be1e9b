import { memo } from 'react';
import { Badge } from '../status-badge';
import { usePruned } from './pruned-context';
import { formatCount, formatTokens } from '../../domain/format';
import { tokensOf, type DiffRow, type Message, type ToolGroup } from '../../domain/diff/diff-model';
import { isLong, messageText, pinExplanation, pinLabel, previewText, sizeOf } from '../../domain/diff/message-text';
import './diff-row.css';

export interface RowLabels {
  /** What a left-only row is called: "superseded" (a compaction), "rolled back" would be wrong here, so configurable. */
  superseded: string;
  /** What a right-only non-summary row is called: "added", or "restored" for a rollback. */
  added: string;
}

export const DEFAULT_LABELS: RowLabels = { superseded: 'superseded', added: 'added' };

/** Where the row sits in its tool exchange, for the bracket in the gutter. */
export type GroupPlace = 'none' | 'head' | 'member' | 'tail' | 'solo';

interface DiffRowViewProps {
  row: DiffRow;
  /** 1-based position among the shown items, for assistive technology. */
  ariaIndex: number;
  group: ToolGroup | null;
  place: GroupPlace;
  expanded: boolean;
  onToggle: (key: string) => void;
  labels: RowLabels;
  /** For a summary row: how many messages the proposal supersedes. */
  supersededCount: number;
}

function roleTag(m: Message) {
  if (m.role === 'tool' && m.tool_name) return <span className="diff-role diff-role--tool diff-role--named">{`tool · ${m.tool_name}`}</span>;
  return <span className={`diff-role diff-role--${m.role}`}>{m.role}</span>;
}

function groupLabel(group: ToolGroup): string {
  const calls = group.calls === 1 ? '1 call' : `${group.calls} parallel calls`;
  const results = group.results === 1 ? '1 result' : `${group.results} results`;
  return group.missing > 0 ? `${calls} · ${results} · ${group.missing} pending` : `${calls} · ${results}`;
}

function Cell({
  m,
  side,
  row,
  group,
  place,
  expanded,
  onToggle,
  labels,
  supersededCount,
}: Omit<DiffRowViewProps, 'ariaIndex'> & { m: Message; side: 'before' | 'after' }) {
  const text = messageText(m);
  const long = isLong(text);
  // Marked where the message ends up: kept (the after side), or superseded (the before side).
  const prunedSize = usePruned(m.id);
  const pruned = prunedSize && (side === 'after' || row.after === null) ? prunedSize : undefined;
  const struck = side === 'before' && (row.kind === 'superseded' || (row.kind === 'moved' && row.after === null && row.before !== null));
  return (
    <div className={`diff-cell diff-cell--${side} diff-cell--${row.kind}`} role="cell">
      <div className="diff-cell__meta">
        {roleTag(m)}
        <span className="diff-cell__index num faint" title={m.id}>
          #{m.index}
        </span>
        {row.pin && (
          <Badge tone="accent" title={pinExplanation(row.pin)}>
            <span aria-hidden="true" className="diff-pin">
              ●
            </span>
            {pinLabel(row.pin)}
          </Badge>
        )}
        {struck && <Badge tone="danger">{row.kind === 'moved' ? 'moved' : labels.superseded}</Badge>}
        {side === 'after' && row.kind === 'summary' && (
          <Badge tone="ok" title="The compaction summary, placed where it lands in the proposed list">
            summary · replaces {formatCount(supersededCount)}
          </Badge>
        )}
        {side === 'after' && row.kind === 'added' && <Badge tone="ok">{labels.added}</Badge>}
        {pruned && (
          <Badge tone="warn" title={`The pruning pre-pass replaces this tool output with a short notice: ${formatCount(pruned.tokens_before)} → ${formatCount(pruned.tokens_after)} tokens`}>
            pruned {formatTokens(pruned.tokens_before)} → {formatTokens(pruned.tokens_after)}
          </Badge>
        )}
        {group && (place === 'head' || place === 'solo') && (
          <span className="diff-cell__group faint" title="A tool call and its results move together: never split">
            {groupLabel(group)}
          </span>
        )}
        <span className="diff-cell__tokens num" title={`${formatCount(tokensOf(m))} tokens (estimate)`}>
          {formatTokens(tokensOf(m))} tok
        </span>
      </div>
      <div className={expanded ? 'diff-cell__text diff-cell__text--full' : 'diff-cell__text'}>{expanded ? text : previewText(text)}</div>
      {long && (
        <button type="button" className="diff-cell__more" onClick={() => onToggle(row.key)} aria-expanded={expanded}>
          {expanded ? 'Show less' : `Show all · ${sizeOf(text)}`}
        </button>
      )}
    </div>
  );
}

function Gap({ side, row }: { side: 'before' | 'after'; row: DiffRow }) {
  let text = '';
  if (side === 'before' && row.kind === 'summary') text = 'new: inserted by the compaction';
  else if (row.kind === 'moved') text = 'moved';
  return (
    <div className={`diff-cell diff-cell--gap diff-cell--${side}`} role="cell">
      <span className="diff-cell__gap-text faint">{text}</span>
    </div>
  );
}

/** One aligned row: the gutter (tool-exchange bracket), before, after. */
export const DiffRowView = memo(function DiffRowView({ row, ariaIndex, group, place, expanded, onToggle, labels, supersededCount }: DiffRowViewProps) {
  const common = { row, group, place, expanded, onToggle, labels, supersededCount };
  return (
    <div className={`diff-row diff-row--${row.kind}${expanded ? ' diff-row--expanded' : ''}`} role="row" aria-rowindex={ariaIndex}>
      <div className={`diff-gutter diff-gutter--${place}`} aria-hidden="true" />
      {row.before ? <Cell m={row.before} side="before" {...common} /> : <Gap side="before" row={row} />}
      {row.after ? <Cell m={row.after} side="after" {...common} /> : <Gap side="after" row={row} />}
    </div>
  );
});

interface FoldRowProps {
  count: number;
  tokens: number;
  ariaIndex: number;
  onOpen: () => void;
}

/** "42 unchanged messages": a folded run, opened on demand. */
export const FoldRow = memo(function FoldRow({ count, tokens, ariaIndex, onOpen }: FoldRowProps) {
  return (
    <div className="diff-row diff-row--fold" role="row" aria-rowindex={ariaIndex}>
      <div className="diff-fold" role="cell">
        <button type="button" className="diff-fold__button" onClick={onOpen}>
          <span aria-hidden="true">⋯</span> {formatCount(count)} unchanged {count === 1 ? 'message' : 'messages'}
          <span className="faint num"> · {formatTokens(tokens)} tokens</span>
          <span className="diff-fold__action">Show</span>
        </button>
      </div>
    </div>
  );
});
