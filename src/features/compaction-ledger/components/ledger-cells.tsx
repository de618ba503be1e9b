/** The ledger's cells that are components of their own (they read the ledger's actions or the note drafts). Untrusted text as text only. */
import { Badge } from '../../../components/status-badge';
import type { CompactionRecord } from '../../../domain/contract/types';
import { sessionHref } from '../../../lib/routes';
import { draftKey, useNoteDrafts } from '../lib/note-drafts';
import { FlagButtons } from './flag-buttons';
import { useLedgerActions, useLedgerLoaded } from './ledger-context';

export function FlagCell({ record }: { record: CompactionRecord }) {
  const { flag } = useLedgerActions();
  return <FlagButtons record={record} onFlag={(next) => flag(record.id, next)} />;
}

export function NotesCell({ record }: { record: CompactionRecord }) {
  const draft = useNoteDrafts((s) => s.drafts[draftKey(record.session_id, record.id)]);
  // No notes: a faint dash (the cell's class), as text.
  if (!draft) return record.operator_notes || '—';
  return (
    <>
      <Badge tone="warn" title={`Unsaved draft: ${draft.text}`}>
        draft
      </Badge>{' '}
      {record.operator_notes}
    </>
  );
}

export function SessionCell({ record }: { record: CompactionRecord }) {
  const { sessionTitle } = useLedgerLoaded();
  const title = sessionTitle(record.session_id);
  return (
    // A plain anchor, followed within the app by the row's click handler (ledger-table.tsx).
    <a href={sessionHref(record.session_id)} className="ledger__ellipsis" title={title ? `${title} (${record.session_id})` : record.session_id}>
      {title ?? <span className="mono">{record.session_id}</span>}
    </a>
  );
}
