import { useParams } from 'react-router';
import { CompactionDetail } from '../features/compaction-ledger/components/compaction-detail';

/** /sessions/:sessionId/compactions/:compactionId: one compaction event in full, walking the ledger view it was opened from. */
export function CompactionDetailPage() {
  const { sessionId = '', compactionId = '' } = useParams();
  return <CompactionDetail sessionId={sessionId} compactionId={compactionId} />;
}
