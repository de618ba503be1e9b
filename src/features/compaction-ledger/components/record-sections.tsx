import { useState, type ReactNode } from 'react';
import { bounded } from '../../../domain/plausibility';
import { Badge } from '../../../components/status-badge';
import { formatCount, formatDateTime, formatDuration, formatPercent, formatRatio, formatTokens, formatUsd } from '../../../domain/format';
import type { CompactionRecord } from '../../../domain/contract/types';
import { estimateMarks } from '../lib/estimates';
import { windowSourceLabel } from '../../../domain/accounting/window';
import { describeContextParts, describeCostParts, figureSource, type SummarySource } from '../../../domain/accounting/describe';
import { ORIGIN_LABELS, ORIGIN_TITLES, type FigureSource } from '../../../domain/accounting/provenance';
import { STRATEGY_LABELS, TRIGGER_LABELS } from '../../../domain/compaction/labels';
import { finalStrategy } from '../lib/labels';
import './record-sections.css';

function Fields({ title, fields }: { title: string; fields: readonly [string, ReactNode][] }) {
  return (
    <div className="record__group">
      <h3>{title}</h3>
      <dl>
        {fields.map(([label, value]) => (
          <div key={label} className="record__field">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const none = <span className="faint">none</span>;
const notKept = <span className="faint">parts not kept</span>;

/** The small word after a figure saying where it comes from: recorded, computed or estimated. */
function Source({ of }: { of: FigureSource | SummarySource | null }) {
  if (of === null) return null;
  const { label, title } = figureSource(of);
  return (
    <span className="faint record__source" title={title}>
      {' '}
      · {label}
    </span>
  );
}

/** What happened, to which context, at what cost: the record's figures in groups. */
export function RecordFacts({ record }: { record: CompactionRecord }) {
  return (
    <div className="record__groups">
      <Fields
        title="Event"
        fields={[
          ['When', <span className="num">{formatDateTime(record.created_at)}</span>],
          ['Agent', <span className="mono">{record.agent_path}</span>],
          ['Run', <span className="mono">{record.run_id}</span>],
          ['Source', <span title={ORIGIN_TITLES[record.provenance.origin]}>{ORIGIN_LABELS[record.provenance.origin]}</span>],
          ['Trigger', TRIGGER_LABELS[record.trigger] ?? record.trigger],
          [
            'Strategy',
            <span className="badges">
              <Badge>{STRATEGY_LABELS[record.strategy] ?? record.strategy}</Badge>
              {record.fallback_occurred && <Badge tone="warn">fell back → {finalStrategy(record)}</Badge>}
            </span>,
          ],
          [
            'State',
            <span className="badges">
              {record.dry_run && <Badge tone="accent">dry run</Badge>}
              {record.rolled_back && <Badge tone="warn">rolled back</Badge>}
              {!record.dry_run && !record.rolled_back && 'applied'}
            </span>,
          ],
        ]}
      />
      <Fields
        title="Context"
        fields={[
          [
            'Tokens',
            <span className="num">
              {formatCount(record.threshold_estimate)}
              <Source of={record.provenance.tokens_before} /> → {formatCount(record.after_estimate)}
              <Source of={record.provenance.tokens_after} />
            </span>,
          ],
          ['Before', record.before_parts ? <span className="num">{describeContextParts(record.before_parts)}</span> : notKept],
          ['After', record.after_parts ? <span className="num">{describeContextParts(record.after_parts)}</span> : notKept],
          ['Ratio', <span className="num">{formatRatio(record.compression_ratio)} (after ÷ before)</span>],
          [
            'Messages',
            <span className="num">
              {formatCount(record.messages_before)} → {formatCount(record.messages_after)}, {formatCount(record.superseded_message_ids.length)} superseded
            </span>,
          ],
          [
            'Window',
            <span className="num">
              {formatTokens(record.context_window)} · {windowSourceLabel({ tokens: record.context_window, source: record.context_window_source })}
            </span>,
          ],
          [
            'Pruned first',
            record.prune ? (
              <span className="num">
                {formatCount(record.prune.pruned_count)} tool results, {formatTokens(record.prune.tokens_saved)} tokens
              </span>
            ) : (
              none
            ),
          ],
        ]}
      />
      <Fields
        title="Summarizer and cost"
        fields={[
          ['Model', record.summarizer_model ? <span className="mono">{record.summarizer_model}</span> : record.plugin_cost ? <span className="mono">{`${record.plugin_cost.provider}:${record.plugin_cost.model}`}</span> : none],
          [
            'Cost',
            <span className="num" title={record.plugin_cost ? describeCostParts(record.plugin_cost.parts) : undefined}>
              {formatUsd(record.cost_usd)}
              <Source of={record.provenance.cost} />
            </span>,
          ],
          ['Cost parts', record.plugin_cost ? <span className="num">{describeCostParts(record.plugin_cost.parts)}</span> : none],
          [
            'Tokens in / out',
            record.plugin_cost ? (
              <span className="num">
                {formatCount(record.plugin_cost.input_tokens)} / {formatCount(record.plugin_cost.output_tokens)}
              </span>
            ) : (
              none
            ),
          ],
          ['Duration', <span className="num">{formatDuration(record.duration_ms)}</span>],
          [
            'Summary',
            record.summary_tokens === null ? (
              none
            ) : (
              <span className="num">
                {formatCount(record.summary_tokens)} tokens
                <Source of={record.provenance.summary} />
              </span>
            ),
          ],
        ]}
      />
    </div>
  );
}

/** The estimates against this event's thresholds on one scale, and what they mean. */
export function EstimatesBar({ record }: { record: CompactionRecord }) {
  const m = estimateMarks(record);
  const upperText = m.overUpper >= 0 ? `${formatCount(m.overUpper)} tokens past the upper threshold` : `${formatCount(-m.overUpper)} tokens below the upper threshold (${TRIGGER_LABELS[record.trigger] ?? record.trigger})`;
  const lowerText = m.aboveLower <= 0 ? `reached the lower threshold with ${formatCount(-m.aboveLower)} tokens to spare` : `${formatCount(m.aboveLower)} tokens short of the lower threshold`;
  return (
    <div className="estimates">
      <div
        className="estimates__track"
        role="img"
        aria-label={`Before ${formatCount(record.threshold_estimate)} tokens, after ${formatCount(record.after_estimate)}; upper threshold ${formatCount(m.upperTokens)}, lower ${formatCount(m.lowerTokens)}, window ${formatCount(record.context_window)}.`}
      >
        <span className="estimates__window" style={{ width: `${m.window}%` }} />
        <span className="estimates__saved" style={{ left: `${m.after}%`, width: `${Math.max(0, m.before - m.after)}%` }} />
        <span className="estimates__kept" style={{ width: `${m.after}%` }} />
        <span className="estimates__mark estimates__mark--lower" style={{ left: `${m.lower}%` }} />
        <span className="estimates__mark estimates__mark--upper" style={{ left: `${m.upper}%` }} />
        <span className="estimates__label estimates__label--lower num" style={{ left: `${m.lower}%` }}>
          lower {formatPercent(record.window_lower)} · {formatTokens(m.lowerTokens)}
        </span>
        <span className="estimates__label estimates__label--upper num" style={{ left: `${m.upper}%` }}>
          upper {formatPercent(record.window_upper)} · {formatTokens(m.upperTokens)}
        </span>
      </div>
      <div className="estimates__scale num">
        <span>0</span>
        <span>window {formatTokens(record.context_window)}</span>
      </div>
      <ul className="estimates__facts">
        <li>
          <span className="estimates__key estimates__key--before" /> before <strong className="num">{formatCount(record.threshold_estimate)}</strong> tokens: {upperText}
        </li>
        <li>
          <span className="estimates__key estimates__key--after" /> after <strong className="num">{formatCount(record.after_estimate)}</strong> tokens: {lowerText}
        </li>
        <li>
          saved <strong className="num">{formatCount(m.saved)}</strong> tokens ({formatPercent(1 - record.compression_ratio)} of the context)
        </li>
      </ul>
    </div>
  );
}

/** Hook calls listed at first, and added per "Show more": 50,000 of them never render at once. */
export const PLUGIN_ROWS = 100;
const PLUGIN_ROWS_MORE = 500;

/** Each plugin hook that fired, in order: role, hook, duration, what it returned (the first part of a huge list, and how many more). */
export function PluginsFired({ record }: { record: CompactionRecord }) {
  const [limit, setLimit] = useState(PLUGIN_ROWS);
  if (record.plugins_fired.length === 0) return <p className="muted">No plugin hook fired.</p>;
  const { shown, hidden } = bounded(record.plugins_fired, limit);
  return (
    <>
    <table className="detail-table">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Plugin</th>
          <th scope="col">Role</th>
          <th scope="col">Hook</th>
          <th scope="col" className="detail-table__end">
            Duration
          </th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((p, i) => (
          <tr key={`${p.name}-${p.hook}-${p.role}-${i}`}>
            <td className="num faint">{i + 1}</td>
            <td>
              <span className="detail-table__name" title={p.name}>
                {p.name}
              </span>
            </td>
            <td>{p.role}</td>
            <td className="mono">{p.hook}</td>
            <td className="detail-table__end num">{formatDuration(p.duration_ms)}</td>
            <td>
              <Badge tone={p.result_kind === 'error' ? 'danger' : p.result_kind === 'null' ? 'neutral' : 'accent'}>{p.result_kind}</Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    {hidden > 0 && (
      <p className="detail-more">
        <span className="muted num">{formatCount(hidden)} more hook calls not shown.</span>{' '}
        <button type="button" className="button" onClick={() => setLimit((n) => n + PLUGIN_ROWS_MORE)}>
          Show {formatCount(Math.min(hidden, PLUGIN_ROWS_MORE))} more
        </button>
      </p>
    )}
    </>
  );
}

const OUTCOME_TONE = { ok: 'ok', error: 'danger', timeout: 'danger', invalid: 'danger', skipped: 'neutral' } as const;

/** The strategies tried, in order, each with its outcome and reason. */
export function FallbackChain({ record }: { record: CompactionRecord }) {
  if (record.fallback_chain.length === 0) return <p className="muted">No strategy steps recorded.</p>;
  return (
    <ol className="chain">
      {record.fallback_chain.map((step, i) => (
        <li key={`${step.strategy}-${i}`} className={`chain__step chain__step--${step.outcome}`}>
          <span className="chain__index num">{i + 1}</span>
          <span className="chain__strategy">{step.strategy.replace('_', ' ')}</span>
          <Badge tone={OUTCOME_TONE[step.outcome]}>{step.outcome}</Badge>
          {step.reason && <span className="chain__reason">{step.reason}</span>}
        </li>
      ))}
    </ol>
  );
}
