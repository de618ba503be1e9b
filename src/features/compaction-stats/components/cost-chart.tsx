import { memo } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatUsd } from '../../../domain/format';
import type { CostPoint } from '../lib/cost';
import { eventTooltip, PerEventTable } from '../../../components/charts/chart-parts';
import { AXIS_TICK, CHART } from '../../../components/charts/chart-theme';

const CostTooltip = eventTooltip<CostPoint>((point) => [
  ['Cost', formatUsd(point.usd)],
  ['Model', point.model ?? 'none (no model call)'],
  ['Tokens in / out', point.inputTokens === null ? '—' : `${formatCount(point.inputTokens)} / ${formatCount(point.outputTokens ?? 0)}`],
  ['Agent', point.agent],
  ['Strategy', point.strategy],
]);

/** The model cost of each event (summarizer or compactor plugin), USD. */
export const CostChart = memo(function CostChart({ points, height }: { points: readonly CostPoint[]; height: number }) {
  const data = points as CostPoint[];
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 4 }} syncId="compaction-events" barCategoryGap={1}>
        <CartesianGrid stroke={CHART.grid} strokeDasharray="2 4" vertical={false} />
        <XAxis dataKey="index" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: CHART.grid }} tickFormatter={(i: number) => data[i]?.label ?? ''} minTickGap={28} />
        <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={56} tickFormatter={(v: number) => formatUsd(v)} />
        <Tooltip content={CostTooltip} cursor={{ fill: CHART.cursor }} isAnimationActive={false} />
        <Bar dataKey="usd" name="Cost (USD)" fill={CHART.cost} isAnimationActive={false} maxBarSize={18} />
      </BarChart>
    </ResponsiveContainer>
  );
});

export function CostTable({ points }: { points: readonly CostPoint[] }) {
  return (
    <PerEventTable
      caption="Model cost per compaction"
      points={points}
      columns={[
        { header: 'Model', cell: (p) => p.model ?? '—' },
        { header: 'Cost (USD)', align: 'end', cell: (p) => formatUsd(p.usd) },
      ]}
    />
  );
}
