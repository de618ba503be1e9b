import { formatCount, formatPercent, formatRatio, formatTokens } from '../domain/format';
import type { ContextWindow } from '../domain/contract/types';
import type { ReactNode } from 'react';
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
export function WindowSourceTag({ window }: { window: ContextWindow }) {
  const note = windowNote(window);
  if (note === null) return null;
  return (
    <Badge tone={window.source === 'fallback' ? 'warn' : 'accent'} title={SOURCE_TITLES[window.source] ?? undefined}>
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

interface ContextBarProps {
  estimateTokens: number;
  window: ContextWindow;
  upperThreshold: number;
  lowerThreshold: number;
  /** Without the token figures (the list): the bar, the percentage and the window tag. */
  compact?: boolean;
  /** Leave the window's source tag to a neighbouring column. */
  hideSource?: boolean;
}

/**
 * How full an agent's context is: the estimate against the window, with the lower and upper
 * threshold marks (compaction fires at the upper one and compacts down to the lower one).
 */
export function ContextBar({ estimateTokens, window, upperThreshold, lowerThreshold, compact = false, hideSource = false }: ContextBarProps) {
  const fraction = estimateTokens / window.tokens;
  const tone = contextTone(fraction, upperThreshold);
  const description =
    `Estimate ${formatCount(estimateTokens)} of ${formatCount(window.tokens)} tokens (${formatPercent(fraction)}). ` +
    `Compaction fires at ${formatRatio(upperThreshold)} (${formatTokens(upperThreshold * window.tokens)}) ` +
    `and compacts down to ${formatRatio(lowerThreshold)} (${formatTokens(lowerThreshold * window.tokens)}). ` +
    `Window: ${window.source}.`;
  return (
    <div className={compact ? 'context-bar context-bar--compact' : 'context-bar'} title={description}>
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
  );
}
