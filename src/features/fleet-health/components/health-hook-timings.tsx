import { Link } from 'react-router';
import type { Schemas } from '../../../domain/contract/types';
import { formatCount } from '../../../domain/format';
import type { LedgerSearch } from '../../../domain/ledger-search';
import { HookTimingTable } from './hook-timing-table';

type Row = Schemas['HookTimingSummary'];

/** Hook timings across the scope, per plugin and hook; each plugin opens its page, each count its events. */
export function HealthHookTimings({ rows, ledgerLink, pluginLink }: { rows: readonly Row[]; ledgerLink: (p: Partial<LedgerSearch>) => string; pluginLink: (plugin: string) => string }) {
  return (
    <div className="health-hooks">
      <h3>Hook timings</h3>
      {rows.length === 0 ? (
        <p className="muted">No plugin hook fired in this range.</p>
      ) : (
        <HookTimingTable
          rows={rows}
          rowKey={(r) => `${r.plugin}/${r.hook}`}
          caption="Plugin hook timings: p50 and p95 per plugin and hook"
          lead={[
            { header: 'Plugin', cell: (r: Row) => <Link to={pluginLink(r.plugin)}>{r.plugin}</Link> },
            { header: 'Hook', cell: (r: Row) => r.hook, className: 'mono' },
          ]}
          showMax
          calls={(r) => <Link to={ledgerLink({ plugin: r.plugin })}>{formatCount(r.count)}</Link>}
        />
      )}
    </div>
  );
}
