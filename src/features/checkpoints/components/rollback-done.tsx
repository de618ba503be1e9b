import { formatCount } from '../../../domain/format';
import type { RollbackResult } from '../api/rollback-checkpoint';
import '../../../components/notice.css';

/** The rollback went through: what it restored and superseded (or, when the answer could not be trusted, that the checkpoints read again show it). */
export function RollbackDone({ result, onClose }: { result: RollbackResult | 'reread'; onClose: () => void }) {
  if (result === 'reread') {
    return (
      <div className="callout callout--ok" role="status" data-outcome="rolled-back">
        <strong>Rolled back.</strong> The daemon&apos;s answer could not be trusted, so the checkpoints were read again: this one is now rolled back. The
        ledger and the stats show the result.{' '}
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    );
  }
  return (
    <div className="callout callout--ok" role="status" data-outcome="rolled-back">
      <strong>Rolled back.</strong>{' '}
      <span className="num">
        {formatCount(result.restore_message_ids.length)} messages restored, {formatCount(result.supersede_message_ids.length)} superseded;{' '}
        {formatCount(result.rolled_back_compaction_ids.length)} {result.rolled_back_compaction_ids.length === 1 ? 'compaction is' : 'compactions are'} now marked
        rolled back in the ledger and left out of the stats.
      </span>{' '}
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
