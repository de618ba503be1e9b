/** The comparison of proposals: one row per figure, the better value marked. */
import { formatCount, formatPercent, formatThreshold, formatTokens, formatUsd } from '../../../domain/format';
import type { Preview } from '../../../domain/compaction/compact-preview';
import { supersededCount } from '../../../domain/diff/proposal-figures';

export interface CompareCell {
  text: string;
  /** Secondary text under the value. */
  hint?: string;
  best?: boolean;
  tone?: 'warn' | 'danger';
}

export interface CompareRow {
  label: string;
  cells: CompareCell[];
}

type Better = 'lower' | 'higher' | null;

function mark(values: number[], better: Better): boolean[] {
  if (better === null || values.length < 2) return values.map(() => false);
  const best = better === 'lower' ? Math.min(...values) : Math.max(...values);
  const all = values.every((v) => v === best);
  return values.map((v) => !all && v === best);
}

function numericRow(label: string, previews: readonly Preview[], value: (p: Preview) => number, text: (p: Preview) => string, better: Better, hint?: (p: Preview) => string | undefined): CompareRow {
  const values = previews.map(value);
  const best = mark(values, better);
  return { label, cells: previews.map((p, i) => ({ text: text(p), hint: hint?.(p), best: best[i] })) };
}

export function compareRows(previews: readonly Preview[]): CompareRow[] {
  const r = (p: Preview) => p.result.record;
  return [
    {
      label: 'Strategy',
      cells: previews.map((p) => ({
        text: r(p).strategy,
        hint: p.request.strategy === 'drop' || p.request.strategy === 'summarize' ? (p.request.summarize === false ? 'summarize off' : 'summarize on') : undefined,
      })),
    },
    { label: 'Thresholds', cells: previews.map((p) => ({ text: `${formatThreshold(r(p).window_upper)} → ${formatThreshold(r(p).window_lower)}` })) },
    numericRow(
      'Tokens after',
      previews,
      (p) => r(p).after_estimate,
      (p) => `${formatTokens(p.result.before_estimate)} → ${formatTokens(r(p).after_estimate)}`,
      'lower',
      (p) => `${formatPercent(r(p).compression_ratio)} of before · ${formatPercent(r(p).after_estimate / r(p).context_window)} of window`,
    ),
    numericRow('Messages kept', previews, (p) => r(p).messages_after, (p) => `${formatCount(r(p).messages_after)} of ${formatCount(r(p).messages_before)}`, 'higher'),
    numericRow('Superseded', previews, (p) => supersededCount(p.result), (p) => formatCount(supersededCount(p.result)), null),
    numericRow('Summary', previews, (p) => r(p).summary_tokens ?? 0, (p) => (r(p).summary_tokens === null ? '—' : `${formatTokens(r(p).summary_tokens ?? 0)} tok`), null),
    numericRow('Estimated cost', previews, (p) => r(p).cost_usd, (p) => formatUsd(r(p).cost_usd), 'lower', (p) => r(p).summarizer_model ?? undefined),
    {
      label: 'Fallback',
      cells: previews.map((p) => (r(p).fallback_occurred ? { text: r(p).fallback_reason ?? 'yes', tone: 'warn' as const } : { text: 'none' })),
    },
  ];
}
