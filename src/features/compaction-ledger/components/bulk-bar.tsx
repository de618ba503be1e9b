import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Schemas } from '../../../domain/contract/types';
import { formatCount, formatDateTime } from '../../../domain/format';
import { clip } from '../../../domain/plausibility';
import { compactionHref } from '../../../lib/routes';
import { useBulkEdit, useBulkRun } from '../hooks/use-bulk-edit';
import { selectionOf, useLedgerSelection } from '../hooks/use-ledger-selection';
import { describeBulk, isDone, summarizeResults, type BulkEdit, type BulkResult, type BulkTarget } from '../lib/bulk-edit';
import { FlagText } from './flag-buttons';
import './bulk-bar.css';

const FLAG_ACTIONS: readonly { flag: Schemas['Flag'] | null; label: string }[] = [
  { flag: 'good', label: '✓ Good' },
  { flag: 'bad', label: '✕ Bad' },
  { flag: 'neutral', label: '– Neutral' },
  { flag: null, label: 'Clear flag' },
];

/** How much of another operator's notes a conflict shows (the event page has them all). */
const NOTES_SHOWN = 160;

function ProblemRow({ result, sessionTitle }: { result: BulkResult; sessionTitle: (id: string) => string | undefined }) {
  const { outcome } = result;
  const title = sessionTitle(result.sessionId);
  let what: ReactNode = null;
  if (outcome.kind === 'conflict') {
    const current = outcome.current;
    what = (
      <>
        changed by {current.flagged_by ?? 'someone else'}
        {current.flagged_at ? ` at ${formatDateTime(current.flagged_at)}` : ''} since it was loaded: now <FlagText flag={current.operator_flag} />
        {current.operator_notes ? <span className="bulk-bar__notes">, notes “{clip(current.operator_notes, NOTES_SHOWN)}”</span> : ', no notes'}
      </>
    );
  } else if (outcome.kind === 'refused' || outcome.kind === 'failed' || outcome.kind === 'unknown') {
    what = outcome.message;
  }
  return (
    <li>
      <Link to={compactionHref(result.sessionId, result.compactionId)} className="mono">
        {result.compactionId}
      </Link>
      {title && <span className="muted bulk-bar__session"> in {title}</span>} <strong>{outcome.kind === 'unknown' ? 'unknown' : outcome.kind}</strong>: {what}
    </li>
  );
}

function NoteForm({ count, disabled, onAdd, onCancel }: { count: number; disabled: boolean; onAdd: (text: string) => void; onCancel: () => void }) {
  const [text, setText] = useState('');
  const note = text.trim();
  return (
    <form
      className="bulk-bar__note"
      aria-label="Note for the selected events"
      onSubmit={(event) => {
        event.preventDefault();
        if (note && !disabled) onAdd(note);
      }}
    >
      <label>
        <span>
          Note for the {formatCount(count)} selected {count === 1 ? 'event' : 'events'} <span className="muted">(added below their notes)</span>
        </span>
        <textarea className="input" rows={2} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <div className="bulk-bar__note-actions">
        <button type="submit" className="button button--primary" disabled={!note || disabled}>
          Add to {formatCount(count)} {count === 1 ? 'event' : 'events'}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The bulk flag and note of the events ticked in a ledger view: each event written once on its own
 * version; the report names every event that conflicted or failed (they stay ticked, the edit kept,
 * to apply again), and says how many were saved.
 */
export function BulkBar({ view, sessionTitle }: { view: string; sessionTitle: (id: string) => string | undefined }) {
  const selected = useLedgerSelection((s) => selectionOf(s, view));
  const clear = useLedgerSelection((s) => s.clear);
  // A run goes on when the operator looks elsewhere; its progress and report show in its own view.
  const busy = useBulkRun((s) => s.running !== null);
  const running = useBulkRun((s) => (s.running?.view === view ? s.running : null));
  const report = useBulkRun((s) => (s.report?.view === view ? s.report : null));
  const dismiss = useBulkRun((s) => s.dismiss);
  const run = useBulkEdit(view);
  const [noting, setNoting] = useState(false);
  const targets: BulkTarget[] = Object.entries(selected).map(([compactionId, sessionId]) => ({ sessionId, compactionId }));
  const count = targets.length;
  if (count === 0 && !running && !report) return null;

  const apply = (bulk: BulkEdit) => {
    if (bulk.kind === 'note') setNoting(false);
    void run(bulk, targets);
  };
  const problems = report?.results.filter((r) => !isDone(r.outcome)) ?? [];
  const left = problems.filter((r) => selected[r.compactionId] !== undefined).length;

  return (
    <div className="bulk-bar" role="region" aria-label="Selected events">
      <div className="bulk-bar__row">
        <strong className="num">{formatCount(count)} selected</strong>
        <span className="bulk-bar__group" role="group" aria-label="Flag the selected events">
          {FLAG_ACTIONS.map(({ flag, label }) => (
            <button key={label} type="button" className={`button bulk-bar__flag bulk-bar__flag--${flag ?? 'none'}`} disabled={count === 0 || busy} onClick={() => apply({ kind: 'flag', flag })}>
              {label}
            </button>
          ))}
        </span>
        <button type="button" className="button" disabled={count === 0 || busy} aria-expanded={noting} onClick={() => setNoting((on) => !on)}>
          Add a note…
        </button>
        <button type="button" className="button button--quiet" disabled={count === 0} onClick={clear}>
          Clear selection
        </button>
        {running && (
          <span className="muted num" role="status">
            Saving {describeBulk(running.bulk)}: {formatCount(running.settled)} of {formatCount(running.total)}…
          </span>
        )}
      </div>
      {noting && count > 0 && <NoteForm count={count} disabled={busy} onAdd={(text) => apply({ kind: 'note', text })} onCancel={() => setNoting(false)} />}
      {report && (
        <div className={problems.length > 0 ? 'bulk-bar__report bulk-bar__report--problems' : 'bulk-bar__report'} role="status">
          <p>
            {describeBulk(report.bulk).replace(/^./, (c) => c.toUpperCase())}: {summarizeResults(report.results)}.
            {problems.length > 0 && ' The events below are still selected.'}
          </p>
          {problems.length > 0 && (
            <ul className="bulk-bar__problems">
              {problems.map((result) => (
                <ProblemRow key={result.compactionId} result={result} sessionTitle={sessionTitle} />
              ))}
            </ul>
          )}
          <div className="bulk-bar__note-actions">
            {left > 0 && (
              <button type="button" className="button" disabled={busy} onClick={() => void run(report.bulk, targets.filter((t) => problems.some((p) => p.compactionId === t.compactionId)))}>
                Apply again to {formatCount(left)} {left === 1 ? 'event' : 'events'}
              </button>
            )}
            <button type="button" className="button button--quiet" onClick={dismiss}>
              Dismiss
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
