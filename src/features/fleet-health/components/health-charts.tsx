/**
 * The health view's charts (recharts, loaded on demand with this module): events over time stacked
 * by strategy or trigger, tokens saved, compactor against primary spend, the fallback, failure and
 * no-op rates, and the ratio and summary-length distributions. Each has a table with the same
 * figures; every bar (and every count in the tables) opens the cross-session ledger over that span.
 */
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { formatCount, formatPercent, formatTokens, formatUsd } from '../../../domain/format';
import type { LedgerSearch } from '../../../domain/ledger-search';
import type { DistributionBar, HealthPoint, StackKey } from '../lib/health-series';
import { ChartCard, ChartEmpty } from '../../../components/charts/chart-card';
import { ChartTable, TooltipBox } from '../../../components/charts/chart-parts';
import { AXIS_TICK, CHART } from '../../../components/charts/chart-theme';

export const SERIES_COLORS = ['var(--chart-s1)', 'var(--chart-s2)', 'var(--chart-s3)', 'var(--chart-s4)', 'var(--chart-s5)'];

export interface HealthChartsProps {
  points: readonly HealthPoint[];
  stack: readonly StackKey[];
  stackBy: 'strategy' | 'trigger';
  ratio: readonly DistributionBar[];
  summary: readonly DistributionBar[];
  ratioMedian: number | null;
  summaryMedian: number | null;
  /** The cross-session ledger's address for these filters (the scope and range are added). */
  ledgerLink: (patch: Partial<LedgerSearch>) => string;
  onDrill: (patch: Partial<LedgerSearch>) => void;
}

const HEIGHT = 220;
const MARGIN = { top: 6, right: 12, bottom: 0, left: 0 };

function span(point: HealthPoint): Partial<LedgerSearch> {
  return { from: point.start, to: point.end };
}

function bucketTooltip(rows: (point: HealthPoint) => readonly [string, string][]) {
  return function BucketTooltip({ active, payload }: TooltipContentProps) {
    const point = payload?.[0]?.payload as HealthPoint | undefined;
    if (!active || !point) return null;
    return <TooltipBox title={`${point.start.slice(0, 16).replace('T', ' ')} → ${point.end.slice(0, 16).replace('T', ' ')}`} rows={rows(point)} />;
  };
}

function axes(format: (value: number) => string, decimals = false) {
  return [
    <CartesianGrid key="grid" stroke={CHART.grid} strokeDasharray="2 4" vertical={false} />,
    <XAxis key="x" dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: CHART.grid }} minTickGap={16} />,
    <YAxis key="y" tick={AXIS_TICK} tickLine={false} axisLine={false} width={52} tickFormatter={format} allowDecimals={decimals} />,
  ];
}

const bucketColumn = { header: 'Bucket start', cell: (p: HealthPoint) => p.start.slice(0, 16).replace('T', ' ') };

export function HealthCharts({ points, stack, stackBy, ratio, summary, ratioMedian, summaryMedian, ledgerLink, onDrill }: HealthChartsProps) {
  const data = points.map((p) => ({ ...p, ...Object.fromEntries(stack.map((k) => [`n_${k.key}`, p.stack[k.key] ?? 0])) }));
  const noEvents = points.every((p) => p.events === 0 && p.noops === 0 && p.failures === 0);
  const empty = noEvents ? <ChartEmpty>No compaction in this time range.</ChartEmpty> : undefined;
  return (
    <div className="stats-grid health-grid">
      <ChartCard
        title={`Events over time by ${stackBy}`}
        unit="compaction events per bucket; click a bar to open those events"
        description={`Compaction events per time bucket, stacked by ${stackBy}.`}
        height={HEIGHT}
        className="stats-grid__wide"
        empty={empty}
        chart={
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={data} margin={MARGIN}>
              {axes(formatCount)}
              <Tooltip
                content={bucketTooltip((p) => [['Events', formatCount(p.events)], ...stack.map((k) => [k.label, formatCount(p.stack[k.key] ?? 0)] as [string, string])])}
                cursor={{ fill: CHART.cursor }}
                isAnimationActive={false}
              />
              <Legend iconSize={8} wrapperStyle={{ fontSize: 11 }} />
              {stack.map((k, i) => (
                <Bar
                  key={k.key}
                  dataKey={`n_${k.key}`}
                  name={k.label}
                  stackId="events"
                  fill={SERIES_COLORS[i % SERIES_COLORS.length]}
                  isAnimationActive={false}
                  cursor="pointer"
                  onClick={(entry: { payload?: HealthPoint }) => entry.payload && onDrill({ ...span(entry.payload), [stackBy]: [k.key] })}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        }
        table={
          <ChartTable
            caption={`Events per bucket by ${stackBy}`}
            rowKey={(p) => p.start}
            rows={points}
            columns={[
              bucketColumn,
              { header: 'Events', align: 'end', cell: (p) => (p.events > 0 ? <Link to={ledgerLink(span(p))}>{formatCount(p.events)}</Link> : '0') },
              ...stack.map((k) => ({
                header: k.label,
                align: 'end' as const,
                cell: (p: HealthPoint) => {
                  const n = p.stack[k.key] ?? 0;
                  return n > 0 ? <Link to={ledgerLink({ ...span(p), [stackBy]: [k.key] })}>{formatCount(n)}</Link> : '0';
                },
              })),
            ]}
          />
        }
      />
      <ChartCard
        title="Tokens saved"
        unit="tokens before − after, per bucket"
        description="Tokens removed from the context by compaction, per time bucket."
        height={HEIGHT}
        empty={empty}
        chart={
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={data} margin={MARGIN}>
              {axes(formatTokens)}
              <Tooltip content={bucketTooltip((p) => [['Tokens saved', formatTokens(p.tokensSaved)]])} cursor={{ fill: CHART.cursor }} isAnimationActive={false} />
              <Bar dataKey="tokensSaved" name="Tokens saved" fill={CHART.barStrong} isAnimationActive={false} cursor="pointer" onClick={(e: { payload?: HealthPoint }) => e.payload && onDrill(span(e.payload))} />
            </BarChart>
          </ResponsiveContainer>
        }
        table={<ChartTable caption="Tokens saved per bucket" rowKey={(p) => p.start} rows={points} columns={[bucketColumn, { header: 'Tokens saved', align: 'end', cell: (p) => formatTokens(p.tokensSaved) }]} />}
      />
      <ChartCard
        title="Compactor vs primary cost"
        unit="USD per bucket"
        description="Model spend on compaction (summarizer and compactor plugins) against the primary agents' spend, per time bucket."
        height={HEIGHT}
        empty={empty}
        chart={
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <LineChart data={data} margin={MARGIN}>
              {axes((v) => `$${formatTokens(v)}`, true)}
              <Tooltip content={bucketTooltip((p) => [['Compactor', formatUsd(p.compactorUsd)], ['Primary', formatUsd(p.primaryUsd)]])} isAnimationActive={false} />
              <Legend iconSize={8} wrapperStyle={{ fontSize: 11 }} />
              <Line dataKey="primaryUsd" name="Primary" stroke={SERIES_COLORS[0]} dot={false} isAnimationActive={false} />
              <Line dataKey="compactorUsd" name="Compactor" stroke={SERIES_COLORS[2]} dot={false} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        }
        table={
          <ChartTable
            caption="Compactor and primary cost per bucket"
            rowKey={(p) => p.start}
            rows={points}
            columns={[bucketColumn, { header: 'Compactor', align: 'end', cell: (p) => formatUsd(p.compactorUsd) }, { header: 'Primary', align: 'end', cell: (p) => formatUsd(p.primaryUsd) }]}
          />
        }
      />
      <ChartCard
        title="Fallback, failure and no-op rates"
        unit="share of the bucket’s events (failures and no-ops: of every attempt)"
        description="Per time bucket: the share of events that fell back, and of attempts that failed or changed nothing."
        height={HEIGHT}
        className="stats-grid__wide"
        empty={empty}
        chart={
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <LineChart data={data} margin={MARGIN}>
              {axes(formatPercent, true)}
              <Tooltip
                content={bucketTooltip((p) => [
                  ['Fallbacks', `${formatPercent(p.fallbackRate)} (${formatCount(p.fallbacks)})`],
                  ['Failures', `${formatPercent(p.failureRate)} (${formatCount(p.failures)})`],
                  ['No-ops', `${formatPercent(p.noopRate)} (${formatCount(p.noops)})`],
                ])}
                isAnimationActive={false}
              />
              <Legend iconSize={8} wrapperStyle={{ fontSize: 11 }} />
              <Line dataKey="fallbackRate" name="Fallbacks" stroke={SERIES_COLORS[1]} dot={false} isAnimationActive={false} />
              <Line dataKey="failureRate" name="Failures" stroke={SERIES_COLORS[3]} dot={false} isAnimationActive={false} />
              <Line dataKey="noopRate" name="No-ops" stroke={SERIES_COLORS[4]} dot={false} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        }
        table={
          <ChartTable
            caption="Fallback, failure and no-op rates per bucket"
            rowKey={(p) => p.start}
            rows={points}
            columns={[
              bucketColumn,
              { header: 'Fallbacks', align: 'end', cell: (p) => (p.fallbacks > 0 ? <Link to={ledgerLink({ ...span(p), fallback: true })}>{formatCount(p.fallbacks)}</Link> : '0') },
              { header: 'Failures', align: 'end', cell: (p) => formatCount(p.failures) },
              { header: 'No-ops', align: 'end', cell: (p) => formatCount(p.noops) },
            ]}
          />
        }
      />
      <DistributionCard title="Compression ratio" unit="events per ratio range (after ÷ before; lower compresses more)" bars={ratio} median={ratioMedian} format={(v) => v.toFixed(2)} className="health-grid__narrow-wide" />
      <DistributionCard title="Summary length" unit="summaries per length range, in tokens" bars={summary} median={summaryMedian} format={formatTokens} className="stats-grid__wide" />
    </div>
  );
}

function DistributionCard({ title, unit, bars, median, format, className }: { title: string; unit: string; bars: readonly DistributionBar[]; median: number | null; format: (v: number) => string; className?: string }) {
  return (
    <ChartCard
      className={className}
      title={title}
      unit={unit}
      summary={median !== null ? `median ${format(median)}` : undefined}
      description={`${title}: how many events fall in each range.`}
      height={HEIGHT}
      empty={bars.length === 0 ? <ChartEmpty>No events in this time range.</ChartEmpty> : undefined}
      chart={
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={bars as DistributionBar[]} margin={MARGIN}>
            <CartesianGrid stroke={CHART.grid} strokeDasharray="2 4" vertical={false} />
            <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: CHART.grid }} minTickGap={8} />
            <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} allowDecimals={false} tickFormatter={formatCount} />
            <Tooltip
              content={({ active, payload }: TooltipContentProps) => {
                const bar = payload?.[0]?.payload as DistributionBar | undefined;
                return active && bar ? <TooltipBox title={bar.label} rows={[['Events', formatCount(bar.count)]]} /> : null;
              }}
              cursor={{ fill: CHART.cursor }}
              isAnimationActive={false}
            />
            <Bar dataKey="count" name="Events" fill={CHART.bar} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={<ChartTable caption={title} rowKey={(b) => b.key} rows={bars} columns={[{ header: 'Range', cell: (b) => b.label }, { header: 'Events', align: 'end', cell: (b) => formatCount(b.count) }]} />}
    />
  );
}
