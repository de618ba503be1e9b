import { memo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { formatCount, formatPercent } from '../../../domain/format';
import type { CountBar } from '../lib/counts';
import { ChartTable, TooltipBox } from '../../../components/charts/chart-parts';
import { AXIS_TICK, CHART } from '../../../components/charts/chart-theme';

function CountTooltip({ active, payload }: TooltipContentProps) {
  const bar = payload?.[0]?.payload as CountBar | undefined;
  if (!active || !bar) return null;
  return <TooltipBox title={bar.label} rows={[['Events', `${formatCount(bar.count)} (${formatPercent(bar.share)})`]]} />;
}

/** Events per value (trigger or strategy), every value of the contract listed, zero included. */
export const CountsChart = memo(function CountsChart({ bars, height, onSelect }: { bars: readonly CountBar[]; height: number; onSelect?: (key: string) => void }) {
  const data = bars as CountBar[];
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 4 }}>
        <CartesianGrid stroke={CHART.grid} strokeDasharray="2 4" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: CHART.grid }} />
        <YAxis type="category" dataKey="label" tickLine={false} axisLine={false} width={150} interval={0} tick={{ ...AXIS_TICK, width: 150 }} />
        <Tooltip content={CountTooltip} cursor={{ fill: CHART.cursor }} isAnimationActive={false} />
        <Bar
          dataKey="count"
          name="Events"
          isAnimationActive={false}
          maxBarSize={16}
          cursor={onSelect ? 'pointer' : undefined}
          onClick={onSelect ? (entry: { payload?: CountBar }) => entry.payload && onSelect(entry.payload.key) : undefined}
        >
          {data.map((bar) => (
            <Cell key={bar.key} fill={bar.count > 0 ? CHART.barStrong : CHART.grid} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
});

export function CountsTable({ bars, caption, what }: { bars: readonly CountBar[]; caption: string; what: string }) {
  return (
    <ChartTable
      caption={caption}
      rowKey={(b) => b.key}
      rows={bars}
      columns={[
        { header: what, cell: (b) => b.label },
        { header: 'Events', align: 'end', cell: (b) => formatCount(b.count) },
        { header: 'Share', align: 'end', cell: (b) => formatPercent(b.share) },
      ]}
    />
  );
}
