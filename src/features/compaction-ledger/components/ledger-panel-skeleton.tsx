import { Skeleton } from '../../../components/skeleton';
import '../../../components/panel.css';
import './ledger.css';
import './ledger-toolbar.css';

/** The ledger panel while the page's code loads: its heading, the toolbar's row and the grid's height. */
export function LedgerPanelSkeleton({ title = 'Ledger' }: { title?: string }) {
  return (
    <section className="panel ledger-panel" aria-labelledby="ledger-title" aria-busy="true">
      <header className="panel__header">
        <h2 id="ledger-title">{title}</h2>
      </header>
      <div className="ledger-toolbar">
        <Skeleton width={520} height={28} />
      </div>
      <div className="ledger">
        <div className="ledger__scroll">
          <Skeleton height="100%" />
        </div>
      </div>
    </section>
  );
}
