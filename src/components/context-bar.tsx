import { formatCount, formatPercent, formatThreshold, formatTokens } from '../domain/format';
import type { ContextWindow } from '../domain/contract/types';
import type { ReactNode } from 'react';
import { contextTotal, type ContextParts } from '../domain/accounting/context';
import { describeContextUse } from '../domain/accounting/describe';
import { tokenLimits } from '../domain/accounting/thresholds';
import { windowContradiction, windowNote, windowSourceLabel } from '../domain/accounting/window';
import { Badge } from './status-badge';
import './context-bar.css';

const SOURCE_TITLES: Record<ContextWindow['source'], string | null> = {
  catalog: null,
  override: "The operator's override of the model's context window",
  recorded: 'The window the transcript says its harness used',
  harness: "The window the transcript's harness runs with unless told otherwise (Claude Code: 200k); recorded usage above it would show it wrong",
  fallback: 'No model metadata: thresholds are computed against a 128,000-token window assumed for the model',
};

/** Where a context window comes from, when it is not the model catalog: "window unknown: 128k assumed", "operator override". */
export function WindowSourceTag({ window, plain = false }: { window: ContextWindow; /** Coloured text that wraps, for a narrow cell (a badge is one line). */ plain?: boolean }) {
  const note = windowNote(window);
  if (note === null) return null;
  const tone = window.source === 'fallback' ? 'warn' : 'accent';
  const title = SOURCE_TITLES[window.source] ?? undefined;
  if (plain) {
    return (
      <span className={`window-source window-source--${tone}`} title={title}>
        {note}
      </span>
    );
  }
  return (
    <Badge tone={tone} title={title}>
      {note}
    </Badge>
  );
}

/**
 * A recorded call larger than the window in use proves the window wrong: said in place of
 * `children` (what shows otherwise, e.g. the window's source), with the figures and the window's
 * source in its title.
 */
export function OverWindowFlag({ window, recordedPeak, children }: { window: ContextWindow; recordedPeak: number | null | undefined; children?: ReactNode }) {
  const contradiction = windowContradiction(window, recordedPeak);
  if (contradiction === null) return children;
  return (
    <Badge tone="danger" title={`${contradiction} (window: ${windowSourceLabel(window)})`}>
      over window
    </Badge>
  );
}

/** How close to compaction: due at the upper threshold, near within 5 points of it, else calm. */
export function contextTone(fraction: number, upperThreshold: number): 'ok' | 'warn' | 'danger' {
  if (fraction >= upperThreshold) return 'danger';
  return fraction >= upperThreshold - NEAR_UPPER ? 'warn' : 'ok';
}

const NEAR_UPPER = 0.05;

const PARTS_UNKNOWN = 'its parts not known';

interface ContextBarProps {
  /** The context in its parts (messages, system prompt and tools, output reserve): the figure is their sum. */
  parts: ContextParts | null;
  /** The context's size where its parts are not known (a daemon's record without them). */
  estimateTokens?: number;
  /** The agent's (or session's) compactions: a context with none of its messages kept behind them says so. */
  compactionCount?: number;
  window: ContextWindow;
  upperThreshold: number;
  lowerThreshold: number;
  /** Without the token figures (the list): the bar, the percentage and the window tag; the parts in its description. */
  compact?: boolean;
  /** Leave the window's source tag to a neighbouring column. */
  hideSource?: boolean;
  /** Short part names ("base", "reserve") where the line under the bar is narrow. */
  shortParts?: boolean;
}

/**
 * How full an agent's context is: the estimate against the window, with the lower and upper
 * threshold marks (compaction fires at the upper one and compacts down to the lower one), and the
 * line under it naming the estimate's parts (the output reserve is never an unlabelled figure).
 */
export function ContextBar({ parts, estimateTokens: total = 0, compactionCount = 0, window, upperThreshold, lowerThreshold, compact = false, hideSource = false, shortParts = false }: ContextBarProps) {
  const estimateTokens = parts ? contextTotal(parts) : total;
  const fraction = estimateTokens / window.tokens;
  const tone = contextTone(fraction, upperThreshold);
  const limits = tokenLimits(window.tokens, upperThreshold, lowerThreshold);
  const partsText = parts ? describeContextUse(parts, compactionCount, { short: shortParts }) : PARTS_UNKNOWN;
  const description =
    `Context ${formatCount(estimateTokens)} of ${formatCount(window.tokens)} tokens (${formatPercent(fraction)}): ${parts ? describeContextUse(parts, compactionCount) : PARTS_UNKNOWN}. ` +
    `Compaction fires at ${formatThreshold(upperThreshold)} (${formatTokens(limits.upper)}) ` +
    `and compacts down to ${formatThreshold(lowerThreshold)} (${formatTokens(limits.target)}). ` +
    `Window: ${windowSourceLabel(window)}.`;
  return (
    <div className={compact ? 'context-bar context-bar--compact' : 'context-bar'} title={description}>
      <div className="context-bar__row">
        <div
          className="context-bar__track"
          role="meter"
          aria-label="Context use"
          aria-valuemin={0}
          aria-valuemax={window.tokens}
          aria-valuenow={Math.min(estimateTokens, window.tokens)}
          aria-valuetext={description}
        >
          <span className={`context-bar__fill context-bar__fill--${tone}`} style={{ width: `${Math.min(1, fraction) * 100}%` }} />
          <span className="context-bar__mark context-bar__mark--lower" style={{ left: `${lowerThreshold * 100}%` }} />
          <span className="context-bar__mark context-bar__mark--upper" style={{ left: `${upperThreshold * 100}%` }} />
        </div>
        <span className={`context-bar__figure num context-bar__figure--${tone}`}>{formatPercent(fraction)}</span>
        {!compact && (
          <span className="context-bar__tokens num muted">
            {formatTokens(estimateTokens)} / {formatTokens(window.tokens)}
          </span>
        )}
        {!hideSource && <WindowSourceTag window={window} />}
      </div>
      <span className="context-bar__parts num faint" data-testid="context-parts">
        {partsText}
      </span>
    </div>
  );
}
