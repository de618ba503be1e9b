import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Select } from '../../../components/select';
import { projectsQuery } from '../../../lib/api/endpoints/list-projects';
import { useNow } from '../../../hooks/use-now';
import { resolveTimeRange, SPANS, type Span } from '../../../domain/time-range';
import type { HealthScope, UpdateHealthScope } from '../lib/health-scope';
import { ORIGIN_LABELS } from '../../../domain/accounting/provenance';
import './health.css';

const ALL = '(all)';

function toLocalInput(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 16) : '';
}

/** Project and time range: every panel below follows them. */
export function ScopeBar({ scope, onChange }: { scope: HealthScope; onChange: UpdateHealthScope }) {
  const { data: projects } = useQuery(projectsQuery());
  const [custom, setCustom] = useState(scope.range.kind === 'custom');
  const range = scope.range;
  const resolved = resolveTimeRange(range, useNow());
  const setCustomRange = (from: string, to: string) => {
    if (!from) return;
    onChange({ range: { kind: 'custom', from: new Date(`${from}Z`).toISOString(), to: to ? new Date(`${to}Z`).toISOString() : null } });
  };
  return (
    <div className="health-scope" role="group" aria-label="Scope and time range">
      <Select
        label="Project"
        showLabel
        value={scope.project ?? ALL}
        options={[{ value: ALL, label: 'All projects' }, ...(projects ?? []).map((p) => ({ value: p.id, label: p.name }))]}
        onValueChange={(value) => onChange({ project: value === ALL ? null : value })}
      />
      <Select
        label="Events"
        showLabel
        value={scope.origin ?? ALL}
        options={[
          { value: ALL, label: 'Recorded and simulated' },
          { value: 'recorded', label: `Only ${ORIGIN_LABELS.recorded}` },
          { value: 'simulated', label: `Only ${ORIGIN_LABELS.simulated}` },
        ]}
        onValueChange={(value) => onChange({ origin: value === 'recorded' || value === 'simulated' ? value : null })}
      />
      <div className="segmented" role="group" aria-label="Time range">
        {SPANS.map((span: Span) => (
          <button
            key={span}
            type="button"
            aria-pressed={!custom && range.kind === 'span' && range.span === span}
            onClick={() => {
              setCustom(false);
              onChange({ range: { kind: 'span', span } });
            }}
          >
            {span === 'all' ? 'All' : span.replace('h', ' h').replace('d', ' d')}
          </button>
        ))}
        <button type="button" aria-pressed={custom} onClick={() => setCustom(true)}>
          Custom
        </button>
      </div>
      {custom && (
        <span className="health-scope__custom">
          <label>
            From (UTC){' '}
            <input type="datetime-local" className="input" defaultValue={toLocalInput(range.kind === 'custom' ? range.from : resolved.from)} onChange={(e) => setCustomRange(e.target.value, toLocalInput(range.kind === 'custom' ? range.to : resolved.to))} />
          </label>
          <label>
            To (UTC){' '}
            <input type="datetime-local" className="input" defaultValue={toLocalInput(range.kind === 'custom' ? range.to : resolved.to)} onChange={(e) => setCustomRange(toLocalInput(range.kind === 'custom' ? range.from : resolved.from), e.target.value)} />
          </label>
        </span>
      )}
    </div>
  );
}
