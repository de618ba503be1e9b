import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { Badge } from '../../../components/status-badge';
import type { Schemas } from '../../../domain/contract/types';
import { formatCount, formatPercent } from '../../../domain/format';
import { compactionHref, eventReplayHref, sessionHref } from '../../../lib/routes';
import { spiralsQuery } from '../api/get-spirals';
import { useAggregateQuery } from '../hooks/use-scope-links';
import type { HealthScope, UpdateHealthScope } from '../lib/health-scope';
import '../../../components/panel.css';
import './health.css';

const REASON_LABELS: Record<string, string> = {
  burst: 'burst',
  ineffective: 'ineffective',
  repeated_noops: 'repeated no-ops',
  retry_overflow: 'retries still overflow',
  stuck_overflow: 'stuck in overflow',
};

/** "3 in a row (default)", or the default beside an adjusted threshold. */
function inARow(value: number, fallback: number): string {
  return `${value} in a row${value === fallback ? ' (default)' : ` (default ${fallback})`}`;
}

type Spirals = Schemas['SpiralReport'];

/** Sessions where compaction repeats and achieves little: at the top, each with its reasons and links. */
export function SpiralsCallout({ scope, onChange }: { scope: HealthScope; onChange: UpdateHealthScope }) {
  const query = useAggregateQuery(scope);
  const spirals = useQuery({ ...spiralsQuery(query, scope.spirals), placeholderData: keepPreviousData });
  const data = spirals.data;
  const params = data?.parameters;
  const defaults = data?.defaults;
  const [open, setOpen] = useState(false);
  return (
    <section className={data && data.total > 0 ? 'panel spirals spirals--found' : 'panel spirals'} aria-labelledby="spirals-title">
      <header className="panel__header">
        <h2 id="spirals-title">
          Spirals{' '}
          {data && (
            <span className="num">
              {data.total > 0 ? <Badge tone="danger">{formatCount(data.total)} {data.total === 1 ? 'session' : 'sessions'}</Badge> : <Badge tone="ok">none</Badge>}
            </span>
          )}
        </h2>
        <div className="panel__aside">
          {params && defaults && (
            <span className="muted spirals__rule">
              burst: {params.burst_count} within {params.burst_minutes} min
              {params.burst_count === defaults.burst_count && params.burst_minutes === defaults.burst_minutes ? ' (default)' : ` (default ${defaults.burst_count} within ${defaults.burst_minutes} min)`}
              {' · '}ineffective (after ≥ {formatPercent(params.min_ratio)} of before): {inARow(params.min_ineffective, defaults.min_ineffective)} · no-ops: {inARow(params.min_noops, defaults.min_noops)}
            </span>
          )}
          <button type="button" className="button button--quiet" aria-expanded={open} onClick={() => setOpen(!open)}>
            Adjust
          </button>
        </div>
      </header>
      {open && params && <SpiralsAdjust params={params} onChange={onChange} />}
      {spirals.isError && !data ? (
        <ErrorState error={spirals.error} what="the spirals" onRetry={() => void spirals.refetch()} />
      ) : !data ? (
        <div className="spirals__list">
          <Skeleton height={48} />
        </div>
      ) : data.total === 0 ? (
        <p className="spirals__none muted">No session in this range compacts repeatedly without effect.</p>
      ) : (
        <SpiralList items={data.items} />
      )}
    </section>
  );
}

/** The detector's thresholds, adjusted for this view (kept in the URL). */
function SpiralsAdjust({ params, onChange }: { params: Spirals['parameters']; onChange: UpdateHealthScope }) {
  return (
    <form
      className="spirals__adjust"
      aria-label="Spiral detection"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const n = Number(form.get('n'));
        const m = Number(form.get('m'));
        const r = Number(form.get('r'));
        onChange({ spirals: { burstCount: Number.isInteger(n) && n >= 2 ? n : null, burstMinutes: m > 0 ? m : null, inARow: Number.isInteger(r) && r >= 1 ? r : null } });
      }}
    >
      <label>
        N compactions <input name="n" type="number" min={2} step={1} className="input" defaultValue={params.burst_count} aria-label="N compactions" />
      </label>
      <label>
        within M minutes <input name="m" type="number" min={0.1} step="any" className="input" defaultValue={params.burst_minutes} aria-label="within M minutes" />
      </label>
      <label>
        ineffective or no-ops: R in a row <input name="r" type="number" min={1} step={1} className="input" defaultValue={params.min_ineffective} aria-label="R in a row" />
      </label>
      <button type="submit" className="button">
        Apply
      </button>
      <button type="button" className="button button--quiet" onClick={() => onChange({ spirals: { burstCount: null, burstMinutes: null, inARow: null } })}>
        Defaults
      </button>
    </form>
  );
}

function SpiralList({ items }: { items: Spirals['items'] }) {
  return (
    <ul className="spirals__list" aria-label="Spiralling sessions">
      {items.map((s) => (
        <li key={s.session_id} className="spiral">
          <div className="spiral__head">
            <Link to={sessionHref(s.session_id)} className="spiral__title">
              {s.title}
            </Link>
            <span className="mono muted">{s.session_id}</span>
            <span className="muted">{s.project_id}</span>
            <span className="num muted">{formatCount(s.events)} events</span>
          </div>
          <ul className="spiral__reasons">
            {s.reasons.map((r, i) => (
              <li key={`${r.kind}-${i}`}>
                <Badge tone="warn">{REASON_LABELS[r.kind] ?? r.kind}</Badge> <span>{r.detail}</span>
                {r.compaction_id && (
                  <>
                    {' '}
                    <Link to={compactionHref(s.session_id, r.compaction_id)}>open event</Link>
                  </>
                )}{' '}
                <Link to={eventReplayHref(s.session_id, { event: r.compaction_id, agent: r.agent_path, at: r.first_at })} title="Replay this session in the threshold lab, the agent chosen and the spiral's start marked">
                  replay in the lab
                </Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
