import type { Rect } from '@tanstack/react-virtual';
import { useMemo, type ReactNode } from 'react';
import { ContextBar } from '../context-bar';
import { formatCount, formatTokens, formatUsd } from '../../lib/format';
import type { Schemas } from '../../lib/api/types';
import { beforeOfProposal, buildDiffModel, type DiffTotals } from '../../lib/diff/align';
import { DiffView } from './diff-view';

type DryRunResult = Schemas['DryRunResult'];
type CompactionRecord = Schemas['CompactionRecord'];

/** Where the after estimate lands against the thresholds. */
export function landing(record: Pick<CompactionRecord, 'after_estimate' | 'context_window' | 'window_lower' | 'window_upper'>): {
  tone: 'ok' | 'warn' | 'danger';
  text: string;
} {
  const fraction = record.after_estimate / record.context_window;
  if (fraction >= record.window_upper) return { tone: 'danger', text: 'still above the upper threshold' };
  if (fraction > record.window_lower) return { tone: 'warn', text: 'above the lower threshold' };
  return { tone: 'ok', text: 'under the lower threshold' };
}

interface TotalsProps {
  record: CompactionRecord;
  beforeEstimate: number;
  totals: DiffTotals;
  /** Extra figures (a checkpoint's recorded proposal). */
  children?: ReactNode;
}

/** The diff's header: before → after against the thresholds and the window, and the figures a reviewer weighs. */
export function DryRunTotals({ record, beforeEstimate, totals, children }: TotalsProps) {
  const window = { tokens: record.context_window, source: record.context_window_source };
  const lands = landing(record);
  return (
    <div className="diff-totals">
      <div className="diff-totals__bars">
        <span className="diff-totals__label">Before</span>
        <ContextBar estimateTokens={beforeEstimate} window={window} upperThreshold={record.window_upper} lowerThreshold={record.window_lower} />
        <span className="diff-totals__label">After</span>
        <ContextBar estimateTokens={record.after_estimate} window={window} upperThreshold={record.window_upper} lowerThreshold={record.window_lower} hideSource />
      </div>
      <dl className="diff-totals__figures">
        <div>
          <dt>Tokens</dt>
          <dd className="num">
            {formatTokens(beforeEstimate)} → {formatTokens(record.after_estimate)}
          </dd>
          <span className={lands.tone === 'ok' ? 'faint' : `diff-totals__${lands.tone}`}>{lands.text}</span>
        </div>
        <div>
          <dt>Messages kept</dt>
          <dd className="num">
            {formatCount(record.messages_after)} of {formatCount(record.messages_before)}
          </dd>
        </div>
        <div>
          <dt>Superseded</dt>
          <dd className="num">{formatCount(totals.superseded.messages)}</dd>
          <span className="faint num">{formatTokens(totals.superseded.tokens)} tok</span>
        </div>
        <div>
          <dt>Summary</dt>
          <dd className="num">{record.summary_tokens === null ? '—' : `${formatTokens(record.summary_tokens)} tok`}</dd>
        </div>
        <div>
          <dt>Always kept</dt>
          <dd className="num">{formatCount(totals.pinned)}</dd>
        </div>
        <div>
          <dt>Tool exchanges</dt>
          <dd className="num">{formatCount(totals.groups)}</dd>
          <span className="faint num">{formatCount(totals.parallelGroups)} parallel</span>
        </div>
        <div>
          <dt>Est. cost</dt>
          <dd className="num">{formatUsd(record.cost_usd)}</dd>
          {record.summarizer_model && <span className="faint">{record.summarizer_model}</span>}
        </div>
        {record.fallback_occurred && (
          <div>
            <dt>Fallback</dt>
            <dd className="diff-totals__warn">{record.fallback_reason ?? 'yes'}</dd>
          </div>
        )}
        {totals.splitGroups.length > 0 && (
          <div>
            <dt>Split pairs</dt>
            <dd className="diff-totals__danger">{formatCount(totals.splitGroups.length)} (the proposal breaks tool-pair atomicity)</dd>
          </div>
        )}
        {children}
      </dl>
    </div>
  );
}

interface DryRunDiffProps {
  result: DryRunResult;
  initialRect?: Rect;
  /** Replaces the default header figures' extras. */
  extraFigures?: ReactNode;
  ariaLabel?: string;
}

/** A dry run as a side-by-side diff, with its totals. */
export function DryRunDiff({ result, initialRect, extraFigures, ariaLabel }: DryRunDiffProps) {
  const model = useMemo(() => buildDiffModel(beforeOfProposal(result.messages, result.record), result.messages), [result]);
  return (
    <DiffView
      model={model}
      initialRect={initialRect}
      ariaLabel={ariaLabel}
      header={
        <DryRunTotals record={result.record} beforeEstimate={result.before_estimate} totals={model.totals}>
          {extraFigures}
        </DryRunTotals>
      }
    />
  );
}
