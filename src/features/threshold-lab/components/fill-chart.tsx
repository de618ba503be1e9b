import { CartesianGrid, ComposedChart, Line, ReferenceLine, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPercent } from '../../../domain/format';
import { chartRows, fillAxisMax, type Timeline } from '../lib/replay-view';
import { seriesColor } from '../lib/series-color';

function Marker(color: string) {
  return function Dot(props: unknown) {
    const { cx, cy } = props as { cx?: number; cy?: number };
    if (cx === undefined || cy === undefined || Number.isNaN(cy)) return <g />;
    return <path d={`M${cx},${cy - 6} L${cx + 5},${cy + 3} L${cx - 5},${cy + 3} Z`} fill={color} stroke="var(--surface)" strokeWidth={1} />;
  };
}

/** Context fill per turn, a line per setting and what really happened; each setting's thresholds dashed; a triangle where it compacted; the event's moment (focus) a vertical line. */
export function FillChart({ timeline, height, focus = null }: { timeline: Timeline; height: number; focus?: number | null }) {
  const data = chartRows(timeline);
  const max = fillAxisMax(timeline);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 4 }}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="2 4" vertical={false} />
        <XAxis dataKey="turn" type="number" domain={['dataMin', 'dataMax']} tick={{ fill: 'var(--text-muted)', fontSize: 11 }} tickLine={false} axisLine={{ stroke: 'var(--border)' }} label={{ value: 'turn (LLM call)', position: 'insideBottomRight', offset: -2, fill: 'var(--text-faint)', fontSize: 11 }} />
        <YAxis domain={[0, max]} tickFormatter={(v: number) => formatPercent(v)} tick={{ fill: 'var(--text-muted)', fontSize: 11 }} tickLine={false} axisLine={false} width={44} />
        {focus !== null && <ReferenceLine x={focus} stroke="var(--accent)" strokeWidth={1.5} label={{ value: '◆ this event', position: 'insideTopRight', fill: 'var(--accent)', fontSize: 11 }} />}
        <ReferenceLine y={1} stroke="var(--text-muted)" strokeWidth={1.5} label={{ value: 'window', position: 'insideTopLeft', fill: 'var(--text-muted)', fontSize: 11 }} />
        {timeline.series.flatMap((s) =>
          s.upper === null
            ? []
            : [
                <ReferenceLine key={`${s.key}-upper`} y={s.upper} stroke={seriesColor(s.key)} strokeDasharray="6 3" strokeOpacity={0.9} />,
                <ReferenceLine key={`${s.key}-lower`} y={s.lower ?? 0} stroke={seriesColor(s.key)} strokeDasharray="2 3" strokeOpacity={0.7} />,
              ],
        )}
        <Tooltip
          isAnimationActive={false}
          contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border-strong)', fontSize: 12 }}
          labelFormatter={(turn) => `Turn ${String(turn)}`}
          formatter={(value, name) => [typeof value === 'number' ? formatPercent(value) : '—', name]}
        />
        {timeline.series.map((s) => (
          <Line key={s.key} dataKey={s.key} name={s.label} stroke={seriesColor(s.key)} strokeWidth={s.key === 'recorded' ? 2 : 1.5} strokeDasharray={s.key === 'recorded' ? '1 0' : undefined} dot={false} connectNulls isAnimationActive={false} />
        ))}
        {timeline.series.map((s) => (
          <Scatter key={`${s.key}-marks`} data={data.filter((row) => row[`${s.key}Mark`] !== null)} dataKey={`${s.key}Mark`} name={`${s.label}: compaction`} shape={Marker(seriesColor(s.key))} isAnimationActive={false} legendType="none" tooltipType="none" />
        ))}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
