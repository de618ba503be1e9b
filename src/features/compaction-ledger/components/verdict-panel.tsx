import { useId } from 'react';
import { formatDateTime } from '../../../domain/format';
import type { CompactionRecord, Schemas } from '../../../domain/contract/types';
import { useSaveFlag } from '../hooks/use-save-flag';
import { draftKey, draftState, useNoteDrafts, versionForDraft } from '../lib/note-drafts';
import { pendingSave } from '../lib/pending-saves';
import { FlagButtons } from './flag-buttons';
import './verdict-panel.css';

const NOTES_MAX = 20_000;

const STATE_TEXT = {
  saved: 'Saved',
  unsaved: 'Unsaved draft, kept in this browser until it is saved',
  'changed-elsewhere': 'Unsaved draft; the saved notes changed since you started. Saving will show both versions.',
} as const;

/**
 * The operator's verdict on one event: the flag (saved at once, optimistically) and the notes
 * (typed into a draft kept in this browser until saved; Ctrl+Enter saves).
 */
export function VerdictPanel({ record }: { record: CompactionRecord }) {
  const { save } = useSaveFlag();
  const key = draftKey(record.session_id, record.id);
  const draft = useNoteDrafts((s) => s.drafts[key]);
  const edit = useNoteDrafts((s) => s.edit);
  const discard = useNoteDrafts((s) => s.discard);
  const notesId = useId();
  const statusId = useId();
  const state = draftState(draft, record);
  const text = draft?.text ?? record.operator_notes ?? '';
  const saving = pendingSave(record.id)?.notes !== undefined;
  // While a save is in flight the record already shows the new notes (optimistic): say "saving".
  const shown = saving ? 'saving' : state;
  const tooLong = text.length > NOTES_MAX;

  const flag = (next: Schemas['Flag'] | null) => save({ sessionId: record.session_id, compactionId: record.id, edit: { flag: next }, baseVersion: record.version });
  const saveNotes = () => {
    // A second click or Ctrl+Enter while this very text is being saved sends nothing more (read
    // from the saves in flight, not from this render: a double click comes before the next one).
    if (!draft || tooLong || pendingSave(record.id)?.notes === draft.text) return;
    save({ sessionId: record.session_id, compactionId: record.id, edit: { notes: draft.text }, baseVersion: versionForDraft(draft, record), draftKey: key });
  };

  return (
    <div className="verdict">
      <div className="verdict__flag">
        <span className="verdict__label">Flag</span>
        <FlagButtons record={record} onFlag={flag} withLabels />
        <span className="verdict__keys faint">
          keys <kbd>g</kbd> <kbd>b</kbd> <kbd>n</kbd>
        </span>
      </div>
      <label className="verdict__label" htmlFor={notesId}>
        Notes
      </label>
      <textarea
        id={notesId}
        className={`verdict__notes input verdict__notes--${shown}`}
        value={text}
        rows={7}
        maxLength={NOTES_MAX + 1000}
        placeholder="What was good or bad about this compaction? (kept in this browser until saved)"
        aria-describedby={statusId}
        aria-invalid={tooLong || undefined}
        onChange={(event) => edit(key, event.target.value, record)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            saveNotes();
          }
        }}
      />
      <div className="verdict__footer">
        <p id={statusId} className={`verdict__state verdict__state--${shown}`} role="status">
          <span>{tooLong ? `Notes are limited to ${NOTES_MAX.toLocaleString('en-US')} characters.` : saving ? 'Saving…' : STATE_TEXT[state]}</span>
          {shown === 'saved' && record.flagged_by && (
            <span className="faint">
              {' '}
              · last by {record.flagged_by}
              {record.flagged_at ? ` at ${formatDateTime(record.flagged_at)}` : ''}
            </span>
          )}
        </p>
        <div className="verdict__actions">
          {draft && (
            <button type="button" className="button button--quiet" onClick={() => discard(key)}>
              Discard draft
            </button>
          )}
          <button type="button" className="button button--primary" disabled={!draft || tooLong} onClick={saveNotes} title="Save the notes (Ctrl+Enter)">
            Save notes
          </button>
        </div>
      </div>
    </div>
  );
}
