import { memo } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatRatio } from '../../../domain/format';
import type { TimelinePoint } from '../lib/timeline';
import { eventTooltip, PerEventTable } from '../../../components/charts/chart-parts';
import { AXIS_TICK, CHART } from '../../../components/charts/chart-theme';

const RatioTooltip = eventTooltip<TimelinePoint>((point) => [
  ['Ratio (after ÷ before)', formatRatio(point.ratio)],
  ['Tokens', `${formatCount(point.before)} → ${formatCount(point.after)}`],
  ['Agent', point.agent],
]);

/** after ÷ before per event (0 to 1, lower compresses more), with the median marked. */
export const RatioChart = memo(function RatioChart({ points, median, height }: { points: readonly TimelinePoint[]; median: number | null; height: number }) {
  const data = points as TimelinePoint[];
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 4 }} syncId="compaction-events">
        <CartesianGrid stroke={CHART.grid} strokeDasharray="2 4" vertical={false} />
        <XAxis dataKey="index" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: CHART.grid }} tickFormatter={(i: number) => data[i]?.label ?? ''} minTickGap={28} />
        <YAxis domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} tick={AXIS_TICK} tickLine={false} axisLine={false} width={52} tickFormatter={(v: number) => formatRatio(v)} />
        <Tooltip content={RatioTooltip} isAnimationActive={false} />
        {median !== null && <ReferenceLine y={median} stroke="var(--text-faint)" strokeDasharray="3 3" />}
        <Line dataKey="ratio" name="Compression ratio" stroke={CHART.ratio} strokeWidth={1.5} dot={data.length <= 60 ? { r: 2 } : false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
});

export function RatioTable({ points }: { points: readonly TimelinePoint[] }) {
  return (
    <PerEventTable
      caption="Compression ratio per compaction"
      points={points}
      columns={[
        { header: 'Agent', cell: (p) => p.agent },
        { header: 'Ratio (after ÷ before)', align: 'end', cell: (p) => formatRatio(p.ratio) },
      ]}
    />
  );
}
