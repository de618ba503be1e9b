import { ErrorState } from './error-state';
import { formatCount } from '../domain/format';
import type { Answered, WholeProposal } from '../hooks/use-whole-proposal';
import { isProposalGone } from '../lib/api/endpoints/list-proposal-messages';
import './notice.css';

interface ProposalRestProps {
  whole: WholeProposal<Answered>;
  onPreviewAgain: () => void;
  previewing: boolean;
}

/** Where the rest of a preview answered in part stands: being read, expired (preview again), or failed (read again). */
export function ProposalRest({ whole, onPreviewAgain, previewing }: ProposalRestProps) {
  const { preview, rest, total } = whole;
  if (rest.state === 'done' || total === null || preview === null) return null;
  // Until the rest is read, the preview is the first answer: its messages are the ones shown.
  const shown = preview.result.messages.length;
  const part = `the first ${formatCount(shown)} messages (${formatCount(total)} in all)`;
  if (rest.state === 'reading') {
    return (
      <p className="muted" role="status" data-rest="reading">
        Showing {part}; reading the rest of this preview…
      </p>
    );
  }
  if (isProposalGone(rest.error)) {
    return (
      <div className="callout callout--warn" role="alert" data-rest="expired">
        This preview expired — preview again. The daemon no longer keeps its proposal: only {part} are shown.{' '}
        <button type="button" className="button" onClick={onPreviewAgain} disabled={previewing}>
          {previewing ? 'Previewing…' : 'Preview again'}
        </button>
      </div>
    );
  }
  return <ErrorState error={rest.error} what={`the rest of this preview (only ${part} are shown)`} onRetry={rest.retry} />;
}
