import { formatCounted } from '../../../domain/format';
import { ErrorState } from '../../../components/error-state';
import { Badge } from '../../../components/status-badge';
import { describeError } from '../../../lib/api/api-error';
import type { SaveDone, SaveFailure } from '../hooks/use-save-knobs';
import type { AgentPending } from '../lib/pending-changes';
import './knobs-notices.css';

/** Above the knobs: the unsaved changes kept in this browser, and how the last save went. */
export function KnobsNotices({ pending, done, failure }: { pending: readonly AgentPending[]; done: SaveDone | null; failure: SaveFailure | null }) {
  return (
    <>
      {pending.length > 0 && (
        <div className="knobs-pending" role="status">
          <span>
            <Badge tone="warn">unsaved</Badge> {formatCounted(pending.reduce((n, a) => n + a.changes.length, 0), 'change')} on {formatCounted(pending.length, 'agent')}, kept in this browser until saved or discarded.
          </span>
        </div>
      )}
      {done && pending.length === 0 && (
        <div className="knobs-note knobs-note--ok" role="status">
          {done.message}
          {done.reread.length > 0 && ` The daemon's answer for ${done.reread.join(', ')} could not be trusted; the config read again holds the changes.`}
        </div>
      )}
      {failure && <SaveFailureNotice failure={failure} />}
    </>
  );
}

function SaveFailureNotice({ failure }: { failure: SaveFailure }) {
  switch (failure.kind) {
    case 'unknown':
      return (
        <div className="knobs-note knobs-note--danger" role="alert">
          {failure.verdict === 'not-saved'
            ? `Saving ${failure.agent}: the daemon's answer could not be trusted (${describeError(failure.error)}); the config read again shows the changes were not saved. Every edit is kept; saving again is safe.`
            : `Saving ${failure.agent}: the outcome is unknown. The daemon's answer could not be trusted (${describeError(failure.error)}) and the config could not be read again. Every edit is kept; the screen shows the daemon's config once it answers.`}
        </div>
      );
    case 'other':
      return (
        <div className="knobs-note knobs-note--danger" role="alert">
          Saving {failure.agent} failed; every edit is kept. <ErrorState error={failure.error} what="the save" />
        </div>
      );
    case 'invalid':
      return (
        <div className="knobs-note knobs-note--danger" role="alert">
          The daemon refused {failure.agent}&apos;s changes; every edit is kept:
          <ul>
            {failure.errors.map((e) => (
              <li key={e.key}>
                <span className="mono">{e.key}</span>: {e.message}
              </li>
            ))}
          </ul>
        </div>
      );
  }
}
