import { memo, useState } from 'react';
import { Bar, Brush, CartesianGrid, Cell, ComposedChart, Line, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatPercent, formatRatio, formatTokens } from '../../../domain/format';
import { STRATEGY_LABELS, TRIGGER_LABELS } from '../../../domain/compaction/labels';
import { brushChoice, brushWindow, type BrushChoice } from '../lib/brush-window';
import { thresholdsUniform, type TimelinePoint } from '../lib/timeline';
import { eventTooltip, PerEventTable } from '../../../components/charts/chart-parts';
import { AXIS_TICK, CHART } from '../../../components/charts/chart-theme';

/** Events shown at once before the brush lets the operator pan back. */
const WINDOW = 80;

const TimelineTooltip = eventTooltip<TimelinePoint>((point) => [
  ['Agent', point.agent],
  ['Tokens', `${formatCount(point.before)} → ${formatCount(point.after)}`],
  ['Saved', `${formatCount(point.saved)} tokens (ratio ${formatRatio(point.ratio)})`],
  ['Upper threshold', `${formatCount(point.upper)} tokens (${formatPercent(point.upper / point.window)})`],
  ['Lower threshold', `${formatCount(point.lower)} tokens (${formatPercent(point.lower / point.window)})${point.reachedLower ? '' : ' — not reached'}`],
  ['Context window', `${formatCount(point.window)} tokens`],
  ['Trigger', TRIGGER_LABELS[point.trigger] ?? point.trigger],
  ['Strategy', `${STRATEGY_LABELS[point.strategy] ?? point.strategy}${point.fallback ? ' (fell back)' : ''}`],
]);

/** A short horizontal mark at an event: its own threshold when agents' thresholds differ. */
function tick(color: string, dashed: boolean) {
  return function Tick(props: unknown) {
    const { cx, cy } = props as { cx?: number; cy?: number };
    if (cx === undefined || cy === undefined) return <g />;
    return <line x1={cx - 7} x2={cx + 7} y1={cy} y2={cy} stroke={color} strokeWidth={2} strokeDasharray={dashed ? '3 2' : undefined} />;
  };
}

const UPPER_TICK = tick(CHART.upper, true);
const LOWER_TICK = tick(CHART.lower, true);
const WINDOW_TICK = tick(CHART.window, false);

/**
 * Tokens before → after per event (floating bars), with the upper and lower thresholds and the
 * window: step lines when every event shares them, a mark per event when agents differ.
 */
export const TimelineChart = memo(function TimelineChart({ points, height }: { points: readonly TimelinePoint[]; height: number }) {
  const data = points as TimelinePoint[];
  const brush = data.length > WINDOW;
  // The operator's window survives new live events (it follows them when it ends at the newest).
  const [choice, setChoice] = useState<BrushChoice | null>(null);
  const shown = brushWindow(data.length, choice, WINDOW);
  const uniform = thresholdsUniform(points);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 4 }} syncId="compaction-events" barCategoryGap={1}>
        <CartesianGrid stroke={CHART.grid} strokeDasharray="2 4" vertical={false} />
        <XAxis
          dataKey="index"
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: CHART.grid }}
          tickFormatter={(index: number) => data[index]?.label ?? ''}
          minTickGap={28}
        />
        <YAxis
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={52}
          tickFormatter={(value: number) => formatTokens(value)}
          label={{ value: 'tokens', angle: -90, position: 'insideLeft', fill: 'var(--text-faint)', fontSize: 11, dx: 4 }}
        />
        <Tooltip content={TimelineTooltip} cursor={{ fill: CHART.cursor }} isAnimationActive={false} />
        {uniform ? (
          <>
            <Line dataKey="window" name="Context window" type="stepAfter" stroke={CHART.window} strokeWidth={1.5} dot={false} activeDot={false} isAnimationActive={false} />
            <Line dataKey="upper" name="Upper threshold" type="stepAfter" stroke={CHART.upper} strokeWidth={1.5} strokeDasharray="5 3" dot={false} activeDot={false} isAnimationActive={false} />
            <Line dataKey="lower" name="Lower threshold" type="stepAfter" stroke={CHART.lower} strokeWidth={1.5} strokeDasharray="5 3" dot={false} activeDot={false} isAnimationActive={false} />
          </>
        ) : (
          <>
            <Scatter dataKey="window" name="Context window" shape={WINDOW_TICK} isAnimationActive={false} />
            <Scatter dataKey="upper" name="Upper threshold" shape={UPPER_TICK} isAnimationActive={false} />
            <Scatter dataKey="lower" name="Lower threshold" shape={LOWER_TICK} isAnimationActive={false} />
          </>
        )}
        <Bar dataKey="range" name="Tokens before → after" isAnimationActive={false} maxBarSize={18} minPointSize={2}>
          {data.map((point) => (
            <Cell key={point.id} fill={point.fallback ? CHART.fallback : CHART.bar} />
          ))}
        </Bar>
        {brush && (
          <Brush
            dataKey="index"
            height={18}
            travellerWidth={8}
            startIndex={shown.startIndex}
            endIndex={shown.endIndex}
            onChange={({ startIndex, endIndex }) => {
              if (startIndex !== undefined && endIndex !== undefined) setChoice(brushChoice(data.length, startIndex, endIndex));
            }}
            stroke="var(--border-strong)"
            fill="var(--surface-2)"
            tickFormatter={(index: number) => data[index]?.label ?? ''}
          />
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
});

export function TimelineLegend() {
  return (
    <ul className="chart-legend" aria-label="Legend">
      <li>
        <span className="chart-legend__swatch chart-legend__swatch--bar" /> tokens before → after
      </li>
      <li>
        <span className="chart-legend__swatch chart-legend__swatch--fallback" /> fell back
      </li>
      <li>
        <span className="chart-legend__line chart-legend__line--upper" /> upper threshold
      </li>
      <li>
        <span className="chart-legend__line chart-legend__line--lower" /> lower threshold
      </li>
      <li>
        <span className="chart-legend__line chart-legend__line--window" /> context window
      </li>
    </ul>
  );
}

export function TimelineTable({ points }: { points: readonly TimelinePoint[] }) {
  return (
    <PerEventTable
      caption="Tokens before and after each compaction, with its thresholds"
      points={points}
      columns={[
        { header: 'Agent', cell: (p) => p.agent },
        { header: 'Before (tokens)', align: 'end', cell: (p) => formatCount(p.before) },
        { header: 'After (tokens)', align: 'end', cell: (p) => formatCount(p.after) },
        { header: 'Ratio', align: 'end', cell: (p) => formatRatio(p.ratio) },
        { header: 'Upper (tokens)', align: 'end', cell: (p) => formatCount(p.upper) },
        { header: 'Lower (tokens)', align: 'end', cell: (p) => formatCount(p.lower) },
        { header: 'Window (tokens)', align: 'end', cell: (p) => formatCount(p.window) },
      ]}
    />
  );
}
