import type { Rect } from '@tanstack/react-virtual';
import { useMemo, type ReactNode } from 'react';
import { ContextBar } from '../context-bar';
import { formatCount, formatTokens, formatUsd } from '../../domain/format';
import type { Schemas } from '../../domain/contract/types';
import { beforeOfProposal, buildDiffModel } from '../../domain/diff/align';
import { headerTotals, proposalFigures, prunedById, repeatedIds, type HeaderTotals, type ProposalFigures } from '../../domain/diff/proposal-figures';
import { DiffView } from './diff-view';
import { PrunedContext } from './pruned-context';
import './dry-run-diff.css';

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
  figures: ProposalFigures;
  totals: HeaderTotals;
  /** Messages of the list whose id an earlier one has (repeatedIds): said under the figures. */
  repeated?: number;
  /** Extra figures (a checkpoint's recorded proposal). */
  children?: ReactNode;
}

/** One term of the sum, exact on hover. */
export function Figure({ label, tokens }: { label: string; tokens: number }) {
  return (
    <span data-figure={label} data-tokens={tokens} title={`${formatCount(tokens)} tokens`}>
      {label} {formatTokens(tokens)}
    </span>
  );
}

/** The diff's header: before → after against the thresholds and the window, and the figures a reviewer weighs. */
export function DryRunTotals({ record, figures, totals, repeated = 0, children }: TotalsProps) {
  const beforeEstimate = figures.before;
  const window = { tokens: record.context_window, source: record.context_window_source };
  const lands = landing(record);
  return (
    <div className="diff-totals">
      <div className="diff-totals__bars">
        <span className="diff-totals__label">Before</span>
        <ContextBar parts={record.before_parts} estimateTokens={beforeEstimate} window={window} upperThreshold={record.window_upper} lowerThreshold={record.window_lower} />
        <span className="diff-totals__label">After</span>
        <ContextBar parts={record.after_parts} estimateTokens={record.after_estimate} window={window} upperThreshold={record.window_upper} lowerThreshold={record.window_lower} hideSource />
      </div>
      <dl className="diff-totals__figures">
        <div>
          <dt>Tokens</dt>
          <dd className="num">
            {formatTokens(beforeEstimate)} → {formatTokens(record.after_estimate)}{' '}
            <span className={lands.tone === 'ok' ? 'faint' : `diff-totals__${lands.tone}`}>{lands.text}</span>
          </dd>
        </div>
        <div>
          <dt>Messages kept</dt>
          <dd className="num">
            {formatCount(record.messages_after)} of {formatCount(record.messages_before)}
          </dd>
        </div>
        <div>
          <dt>Superseded</dt>
          <dd className="num">
            {formatCount(figures.supersededCount)} <span className="faint">{formatTokens(figures.superseded)} tok</span>
          </dd>
        </div>
        <div>
          <dt>Summary</dt>
          <dd className="num">{record.summary_message_id === null ? '—' : `${formatTokens(figures.summary)} tok`}</dd>
        </div>
        {figures.prunedCount > 0 && (
          <div>
            <dt>Pruned</dt>
            <dd className="num">
              {formatCount(figures.prunedCount)}{' '}
              <span className="faint">
                tool outputs, <Figure label="pruned" tokens={figures.pruned} /> tok, already out of before
              </span>
            </dd>
          </div>
        )}
        <div>
          <dt>Always kept</dt>
          <dd className="num">{formatCount(totals.pinned)}</dd>
        </div>
        <div>
          <dt>Tool exchanges</dt>
          <dd className="num">
            {formatCount(totals.groups)} <span className="faint">{formatCount(totals.parallelGroups)} parallel</span>
          </dd>
        </div>
        <div>
          <dt>Est. cost</dt>
          <dd className="num">
            {formatUsd(record.cost_usd)} {record.summarizer_model && <span className="faint">{record.summarizer_model}</span>}
          </dd>
        </div>
        {record.fallback_occurred && (
          <div>
            <dt>Fallback</dt>
            <dd className="diff-totals__warn">{record.fallback_reason ?? 'yes'}</dd>
          </div>
        )}
        {totals.split > 0 && (
          <div>
            <dt>Split pairs</dt>
            <dd className="diff-totals__danger">{formatCount(totals.split)} (the proposal breaks tool-pair atomicity)</dd>
          </div>
        )}
        {children}
      </dl>
      <p className="diff-totals__sum num" aria-label="How the figures add up">
        <Figure label="before" tokens={figures.before} /> − <Figure label="superseded" tokens={figures.superseded} /> + <Figure label="summary" tokens={figures.summary} /> = <Figure label="after" tokens={figures.after} />
        {!figures.balanced && <span className="diff-totals__warn"> (the daemon's estimates do not add up)</span>}
      </p>
      {repeated > 0 && (
        <p className="diff-totals__note diff-totals__warn" role="note">
          In the daemon's proposed list, {formatCount(repeated)} {repeated === 1 ? 'message reuses' : 'messages reuse'} the id of an
          earlier message. The diff pairs messages by id: those rows may stand in the wrong place.
        </p>
      )}
    </div>
  );
}

export interface DryRunDiffProps {
  result: DryRunResult;
  initialRect?: Rect;
  /** Replaces the default header figures' extras. */
  extraFigures?: ReactNode;
  ariaLabel?: string;
}

/** A dry run as a side-by-side diff, with its totals. */
export function DryRunDiff({ result, initialRect, extraFigures, ariaLabel }: DryRunDiffProps) {
  const model = useMemo(() => buildDiffModel(beforeOfProposal(result.messages, result.record), result.messages), [result]);
  const figures = useMemo(() => proposalFigures(result), [result]);
  const pruned = useMemo(() => prunedById(result), [result]);
  const totals = useMemo(() => headerTotals(result, model.totals), [result, model]);
  const repeated = useMemo(() => repeatedIds(result.messages), [result]);
  return (
    <PrunedContext value={pruned}>
    <DiffView
      model={model}
      initialRect={initialRect}
      ariaLabel={ariaLabel}
      header={
        <DryRunTotals record={result.record} figures={figures} totals={totals} repeated={repeated}>
          {extraFigures}
        </DryRunTotals>
      }
    />
    </PrunedContext>
  );
}
