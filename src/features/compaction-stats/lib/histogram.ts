/**
 * How long the summaries are: a histogram of summary_tokens over equal bins of a round width
 * (50, 100, 200, 250, 500, 1k … tokens) chosen so there are at most `maxBins`, from the bin of
 * the shortest summary to the bin of the longest (no run of empty bins below the data).
 * Events without a summary (drop) are counted apart, not as zero-length summaries.
 */
import type { CompactionRecord } from '../../../domain/contract/types';
import { formatTokens } from '../../../domain/format';
import { median } from './timeline';

export interface HistogramBin {
  /** Inclusive. */
  from: number;
  /** Exclusive. */
  to: number;
  label: string;
  count: number;
}

export interface SummaryHistogram {
  bins: HistogramBin[];
  width: number;
  withSummary: number;
  withoutSummary: number;
  median: number | null;
  max: number | null;
}

const NICE_STEPS = [1, 2, 2.5, 5];

/** The smallest round width giving at most `maxBins` bins from `min`'s bin to `max`'s. */
export function niceBinWidth(max: number, maxBins: number, min = 0): number {
  if (max <= 0) return 50;
  for (let magnitude = 10; ; magnitude *= 10) {
    for (const step of NICE_STEPS) {
      const width = step * magnitude;
      if (width >= 50 && Math.floor(max / width) - Math.floor(min / width) + 1 <= maxBins) return width;
    }
  }
}

export function summaryHistogram(records: readonly Pick<CompactionRecord, 'summary_tokens'>[], maxBins = 12): SummaryHistogram {
  const lengths: number[] = [];
  for (const r of records) if (r.summary_tokens !== null) lengths.push(r.summary_tokens);
  lengths.sort((a, b) => a - b);
  const min = lengths[0] ?? null;
  const max = lengths[lengths.length - 1] ?? null;
  const width = niceBinWidth(max ?? 0, maxBins, min ?? 0);
  const first = min === null ? 0 : Math.floor(min / width);
  const binCount = max === null ? 0 : Math.floor(max / width) - first + 1;
  const bins: HistogramBin[] = Array.from({ length: binCount }, (_, i) => {
    const from = (first + i) * width;
    return { from, to: from + width, label: `${formatTokens(from)}–${formatTokens(from + width)}`, count: 0 };
  });
  for (const length of lengths) {
    const bin = bins[Math.floor(length / width) - first];
    if (bin) bin.count += 1;
  }
  return {
    bins,
    width,
    withSummary: lengths.length,
    withoutSummary: records.length - lengths.length,
    median: median(lengths),
    max,
  };
}
