import { useMemo, useState } from 'react';
import { LazyPart } from '../../../components/lazy-part';
import { Skeleton } from '../../../components/skeleton';
import { lazyComponent } from '../../../lib/lazy-component';
import { formatCount, formatCounted, formatPercent, formatTokens, formatUsd } from '../../../domain/format';
import { STRATEGY_LABELS, TRIGGER_LABELS } from '../../../domain/compaction/labels';
import { NOT_MEASURED, rereadFigure } from '../../../domain/compaction/reread-labels';
import { bestValue, comparison, focusTurn, timeline, type ComparisonColumn, type ReplayResult, type Timeline } from '../lib/replay-view';
import { seriesColor } from '../lib/series-color';
import { AdoptSetting } from './adopt-setting';
import './lab.css';
import './lab-results.css';

/** The chart library is a chunk of its own (about 90 KB on the wire): the comparison is drawn without waiting for it. */
const FillChart = lazyComponent<{ timeline: Timeline; height: number; focus?: number | null }>(() => import('./fill-chart').then((m) => m.FillChart));

interface Row {
  label: string;
  hint: string;
  value: (c: ComparisonColumn) => number;
  show: (c: ComparisonColumn) => string;
}

const ROWS: Row[] = [
  { label: 'Compactions', hint: 'events that fired', value: (c) => c.compactions, show: (c) => `${formatCount(c.compactions)}${c.failed > 0 ? ` (${formatCount(c.failed)} failed)` : ''}${c.awaitingApproval > 0 ? `, ${formatCount(c.awaitingApproval)} awaiting approval` : ''}` },
  { label: 'Peak context fill', hint: 'of the window', value: (c) => c.peakFill, show: (c) => `${formatPercent(c.peakFill)} (${formatTokens(c.peakTokens)})` },
  { label: 'Input tokens sent', hint: 'over the session: the cost driver', value: (c) => c.inputTokensTotal, show: (c) => formatTokens(c.inputTokensTotal) },
  { label: 'Compactor cost', hint: 'summarizer and plugin calls', value: (c) => c.compactorCostUsd, show: (c) => formatUsd(c.compactorCostUsd) },
  { label: 'Referred to after loss', hint: 'harm proxy: paths and ids mentioned again after compaction took them out', value: (c) => c.referredAgain, show: (c) => (c.lostReferences === 0 ? 'none lost' : `${formatCount(c.referredAgain)} of ${formatCount(c.lostReferences)} lost`) },
  { label: 'Re-read after compaction', hint: 'measured on the transcript: the working set read again in the turns after each compaction', value: (c) => c.reread?.tokens ?? Number.NaN, show: (c) => (c.reread ? `${rereadFigure(c.reread)} after ${formatCounted(c.reread.measured, 'compaction')}` : NOT_MEASURED) },
  { label: 'Over the window', hint: 'calls still past the window after the retry', value: (c) => c.overflowTurns, show: (c) => formatCount(c.overflowTurns) },
];

/** The replay's answer: the comparison (with "adopt"), the fill timeline (chart or table), the events of each setting. */
export function LabResults({ result, sessionId, at }: { result: ReplayResult; sessionId: string; at: string | null }) {
  const columns = useMemo(() => comparison(result), [result]);
  const t = useMemo(() => timeline(result), [result]);
  const focus = useMemo(() => focusTurn(result.turns, at), [result, at]);
  const [adopting, setAdopting] = useState<number | null>(null);
  const runs = columns.filter((c) => c.key !== 'recorded');
  const adopted = adopting === null ? undefined : result.runs[adopting];
  return (
    <>
      <section className="lab-card" aria-labelledby="lab-comparison-title">
        <header className="lab-card__head">
          <h2 id="lab-comparison-title">Comparison</h2>
          <span className="muted">
            {formatCount(result.turns.length)} calls replayed, window {formatTokens(result.window.tokens)}, system prompt and tools {formatTokens(result.base_tokens)}
          </span>
        </header>
        <div className="lab-table-wrap">
          <table className="lab-table lab-comparison">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Figure</span>
                </th>
                {columns.map((c, i) => (
                  <th key={c.key} scope="col" className="num">
                    <span className="lab-series-head">
                      <span className="lab-swatch" style={{ background: seriesColor(c.key) }} aria-hidden="true" />
                      {c.label}
                    </span>
                    {c.key !== 'recorded' && (
                      <button type="button" className="button button--quiet lab-adopt-button" aria-pressed={adopting === i} onClick={() => setAdopting(adopting === i ? null : i)}>
                        Adopt…
                      </button>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => {
                const best = bestValue(runs.map(row.value));
                return (
                  <tr key={row.label}>
                    <th scope="row">
                      {row.label}
                      <span className="lab-comparison__hint">{row.hint}</span>
                    </th>
                    {columns.map((c) => (
                      <td key={c.key} className={`num${best !== null && c.key !== 'recorded' && row.value(c) === best ? ' lab-best' : ''}`}>
                        {row.show(c)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {result.recorded ? (
          <p className="muted lab-note">
            “What really happened” is the transcript’s own record: its compactions and the context each call was sent. The simulator’s estimate was within {formatPercent(result.recorded.estimate_error.median)} of it at the median ({formatPercent(result.recorded.estimate_error.p90)} at p90) over {formatCount(result.recorded.estimate_error.calls)} calls.
          </p>
        ) : (
          <p className="muted lab-note">This history records no usage or compactions of its own, so there is nothing real to compare with.</p>
        )}
        {adopted && adopting !== null && <AdoptSetting key={adopting} sessionId={sessionId} agentPath={result.agent_path} run={adopted} label={columns[adopting]?.label ?? ''} onClose={() => setAdopting(null)} />}
      </section>
      <FillCard timeline={t} focus={focus} />
      <EventsCard result={result} labels={columns.map((c) => c.label)} focus={focus} />
    </>
  );
}

function FillCard({ timeline: t, focus }: { timeline: Timeline; focus: number | null }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <section className="lab-card" aria-labelledby="lab-fill-title">
      <header className="lab-card__head">
        <h2 id="lab-fill-title">Context fill per turn</h2>
        <span className="muted">
          share of the window at each call; dashed: upper threshold, dotted: lower; ▲ a compaction{focus !== null ? `; ◆ the event’s moment (turn ${focus})` : ''}
        </span>
        <div className="chart-switch" role="group" aria-label="Context fill: show as">
          <button type="button" className="button" aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
            Chart
          </button>
          <button type="button" className="button" aria-pressed={view === 'table'} onClick={() => setView('table')}>
            Table
          </button>
        </div>
      </header>
      <ul className="lab-legend" aria-label="Legend">
        {t.series.map((s) => (
          <li key={s.key}>
            <span className="lab-swatch" style={{ background: seriesColor(s.key) }} aria-hidden="true" />
            {s.label}
            {s.upper !== null && <span className="muted num"> {formatPercent(s.upper)} → {formatPercent(s.lower ?? 0)}</span>}
          </li>
        ))}
      </ul>
      <div className="lab-fill" style={{ height: 320 }}>
        {view === 'chart' ? (
          <figure className="lab-fill__chart" aria-label="Context fill per turn, one line per setting">
            <LazyPart what="the fill chart" fallback={<Skeleton height="100%" />}>
              <FillChart timeline={t} height={320} focus={focus} />
            </LazyPart>
          </figure>
        ) : (
          <div className="lab-table-wrap lab-fill__table">
            <table className="lab-table">
              <caption className="visually-hidden">Context fill per turn for each setting; a compaction before the call is marked ▲</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">Turn</th>
                  {t.series.map((s) => (
                    <th key={s.key} scope="col" className="num">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {t.rows.map((row) => (
                  <tr key={row.turn} className={row.turn === focus ? 'lab-focus' : undefined}>
                    <td className="num">
                      {row.turn === focus && <span aria-label="the event's moment">◆ </span>}
                      {row.turn}
                    </td>
                    {t.series.map((s) => {
                      const fill = row.fill[s.key];
                      return (
                        <td key={s.key} className="num">
                          {row.compacted.includes(s.key) && <span aria-label="compacted before this call">▲ </span>}
                          {typeof fill === 'number' ? formatPercent(fill) : '—'}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

function EventsCard({ result, labels, focus }: { result: ReplayResult; labels: string[]; focus: number | null }) {
  const events = result.runs
    .flatMap((run, i) => run.events.map((e) => ({ ...e, series: i })))
    .sort((a, b) => a.turn - b.turn || a.series - b.series);
  const recorded = result.recorded?.events ?? [];
  // What really happened sits among the settings' events at its turn.
  const rows = [...events.map((e) => ({ turn: e.turn, order: e.series, replayed: e, real: null })), ...recorded.map((e) => ({ turn: e.turn, order: 9, replayed: null, real: e }))].sort((a, b) => a.turn - b.turn || a.order - b.order);
  return (
    <section className="lab-card" aria-labelledby="lab-events-title">
      <header className="lab-card__head">
        <h2 id="lab-events-title">Compaction events</h2>
        <span className="muted">
          {formatCount(events.length)} in the replay{recorded.length > 0 ? `, ${formatCount(recorded.length)} really happened` : ''}
        </span>
      </header>
      {events.length === 0 && recorded.length === 0 ? (
        <p className="muted lab-note">No setting compacted: the context never reached an upper threshold.</p>
      ) : (
        <div className="lab-table-wrap lab-events">
          <table className="lab-table">
            <thead>
              <tr>
                <th scope="col" className="num">Turn</th>
                <th scope="col">Setting</th>
                <th scope="col">Trigger</th>
                <th scope="col">Strategy</th>
                <th scope="col" className="num">Before → after</th>
                <th scope="col" className="num">Superseded</th>
                <th scope="col" className="num">Summary</th>
                <th scope="col" className="num">Cost</th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ replayed: e, real }) =>
                e ? (
                  <tr key={`${e.series}-${e.turn}-${e.message_id}`} className={e.turn === focus ? 'lab-focus' : undefined}>
                    <td className="num">
                      {e.turn === focus && <span aria-label="the event's moment">◆ </span>}
                      {e.turn}
                    </td>
                    <td>
                      <span className="lab-series-head">
                        <span className="lab-swatch" style={{ background: seriesColor(`run${e.series}`) }} aria-hidden="true" />
                        {labels[e.series]}
                      </span>
                    </td>
                    <td>{TRIGGER_LABELS[e.trigger] ?? e.trigger}</td>
                    <td>{STRATEGY_LABELS[e.strategy] ?? e.strategy}</td>
                    <td className="num">
                      {formatTokens(e.tokens_before)} → {formatTokens(e.tokens_after)}
                    </td>
                    <td className="num">{formatCount(e.superseded_count)} msgs</td>
                    <td className="num">{e.summary_tokens === null ? '—' : formatTokens(e.summary_tokens)}</td>
                    <td className="num">{formatUsd(e.cost_usd)}</td>
                    <td className="lab-events__notes">{[e.awaiting_approval ? 'would pause for approval' : null, e.fallback_reason ? `fell back: ${e.fallback_reason}` : null].filter(Boolean).join('; ')}</td>
                  </tr>
                ) : real ? (
                  <RecordedRow key={`recorded-${real.turn}`} e={real} focused={real.turn === focus} />
                ) : null,
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type RecordedEvent = NonNullable<ReplayResult['recorded']>['events'][number];

/** A compaction the transcript recorded, among the replay's events. */
function RecordedRow({ e, focused }: { e: RecordedEvent; focused: boolean }) {
  return (
    <tr className={focused ? 'lab-focus' : undefined}>
                  <td className="num">
                    {focused && <span aria-label="the event's moment">◆ </span>}
                    {e.turn}
                  </td>
                  <td>
                    <span className="lab-series-head">
                      <span className="lab-swatch" style={{ background: seriesColor('recorded') }} aria-hidden="true" />
                      What really happened
                    </span>
                  </td>
                  <td>{e.trigger === 'auto' ? 'Automatic' : 'Manual'}</td>
                  <td>—</td>
                  <td className="num">
                    {formatTokens(e.tokens_before)} → {e.tokens_after === null ? '—' : formatTokens(e.tokens_after)}
                  </td>
                  <td className="num">—</td>
                  <td className="num">{formatTokens(e.summary_tokens)}</td>
                  <td className="num">{e.cost_usd === null ? '—' : formatUsd(e.cost_usd)}</td>
                  <td />
    </tr>
  );
}
