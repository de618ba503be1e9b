import { memo } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { formatCount } from '../../../domain/format';
import type { HistogramBin } from '../lib/histogram';
import { ChartTable, TooltipBox } from '../../../components/charts/chart-parts';
import { AXIS_TICK, CHART } from '../../../components/charts/chart-theme';

function BinTooltip({ active, payload }: TooltipContentProps) {
  const bin = payload?.[0]?.payload as HistogramBin | undefined;
  if (!active || !bin) return null;
  return <TooltipBox title={`${formatCount(bin.from)}–${formatCount(bin.to - 1)} tokens`} rows={[['Summaries', formatCount(bin.count)]]} />;
}

/** How many summaries fall in each length bin (tokens). */
export const HistogramChart = memo(function HistogramChart({ bins, height }: { bins: readonly HistogramBin[]; height: number }) {
  const data = bins as HistogramBin[];
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 4 }} barCategoryGap={2}>
        <CartesianGrid stroke={CHART.grid} strokeDasharray="2 4" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: CHART.grid }} minTickGap={8} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={40} label={{ value: 'summaries', angle: -90, position: 'insideLeft', fill: 'var(--text-faint)', fontSize: 11, dx: 6 }} />
        <Tooltip content={BinTooltip} cursor={{ fill: CHART.cursor }} isAnimationActive={false} />
        <Bar dataKey="count" name="Summaries" fill={CHART.barStrong} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
});

export function HistogramTable({ bins }: { bins: readonly HistogramBin[] }) {
  return (
    <ChartTable
      caption="Summary length distribution"
      rowKey={(b) => String(b.from)}
      rows={bins}
      columns={[
        { header: 'Summary length (tokens)', cell: (b) => `${formatCount(b.from)}–${formatCount(b.to - 1)}` },
        { header: 'Summaries', align: 'end', cell: (b) => formatCount(b.count) },
      ]}
    />
  );
}
