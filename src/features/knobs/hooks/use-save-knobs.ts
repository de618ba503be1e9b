import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { compactionConfigQuery } from '../../../lib/api/endpoints/get-compaction-config';
import { queryKeys } from '../../../lib/api/query-keys';
import { writeOrReread } from '../../../lib/api/untrusted-write';
import { knobsHref } from '../../../lib/routes';
import { usePendingEditsStore } from '../../../stores/pending-knob-edits';
import { saveCompactionConfig } from '../api/save-config';
import { editsAfterConflict, holdsEdits, isEmpty, toConfigWrite, type Conflict } from '../lib/pending-changes';
import type { AgentEdits } from './use-knob-edits';

/** What went wrong the last time Save ran. */
export type SaveFailure =
  | { agent: string; kind: 'invalid'; errors: { key: string; message: string }[] }
  | { agent: string; kind: 'other'; error: unknown }
  /** The answer could not be trusted (see isOutcomeUnknown); the config read again does not hold the edits, or could not be read. */
  | { agent: string; kind: 'unknown'; error: unknown; verdict: 'not-saved' | 'unknown' };

/** The last save that went through: its message, and the agents whose answer could not be trusted but whose config, read again, holds the edits. */
export interface SaveDone {
  message: string;
  reread: string[];
}

/** What a 409 carries (the client checked it against the contract): the current config and the changes since; null for any other failure. */
function conflictDetails(error: unknown): Conflict['details'] | null {
  return isApiError(error) && error.status === 409 && error.details ? (error.details as Conflict['details']) : null;
}

/**
 * Saving every agent's edits, one agent after the other, each against the version its edits were
 * made on: a 409 shows both versions (the operator chooses: resolveConflict), a 422 puts the
 * daemon's errors on their knobs, an answer that cannot be trusted is judged by reading the config
 * again. The review dialog is open while `reviewing`.
 */
export function useSaveKnobs(sessionId: string, agents: readonly AgentEdits[], baseVersionOf: (path: string) => number | null, selected: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setDraft = usePendingEditsStore((s) => s.setDraft);
  const clearDraft = usePendingEditsStore((s) => s.clearDraft);
  const [reviewing, setReviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [done, setDone] = useState<SaveDone | null>(null);

  const saveAll = async () => {
    setSaving(true);
    setFailure(null);
    setDone(null);
    let saved = 0;
    const confirmed: string[] = [];
    try {
      for (const a of agents) {
        if (!a.config || isEmpty(a.edits)) continue;
        const base = baseVersionOf(a.path) ?? a.config.version;
        try {
          // The daemon may have saved all the same when its answer cannot be trusted: the config read again holds the edits or not.
          const outcome = await writeOrReread(
            () => saveCompactionConfig(sessionId, a.path, toConfigWrite(base, a.edits)),
            () => queryClient.fetchQuery({ ...compactionConfigQuery(sessionId, a.path), staleTime: 0 }),
            (current) => holdsEdits(a.edits, base, current),
            (error) => conflictDetails(error)?.current ?? null,
          );
          if (outcome.answered) queryClient.setQueryData(compactionConfigQuery(sessionId, a.path).queryKey, outcome.result);
          else if (outcome.verdict === 'applied') confirmed.push(a.path);
          else {
            setFailure({ agent: a.path, kind: 'unknown', error: outcome.error, verdict: outcome.verdict === 'not-applied' ? 'not-saved' : 'unknown' });
            setReviewing(false);
            return;
          }
          clearDraft(sessionId, a.path);
          saved += 1;
        } catch (error) {
          const details = conflictDetails(error);
          if (details) {
            setConflict({ agent: a.path, edits: a.edits, details });
          } else if (isApiError(error) && error.status === 422 && Array.isArray(error.details?.errors)) {
            setFailure({ agent: a.path, kind: 'invalid', errors: error.details.errors as { key: string; message: string }[] });
            if (a.path !== selected) void navigate(knobsHref(sessionId, a.path));
          } else {
            setFailure({ agent: a.path, kind: 'other', error });
          }
          // The failure is said on the page, which the review dialog would cover (and hide from assistive tech).
          setReviewing(false);
          return;
        }
      }
      setReviewing(false);
      setDone({ message: `Saved ${saved} ${saved === 1 ? 'agent' : 'agents'}.`, reread: confirmed });
    } finally {
      setSaving(false);
      // Inherited values of descendants, the history, the session's figures: all may have changed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.session(sessionId) });
    }
  };

  /** The operator's choice after a 409: the daemon's config in view, and the edits kept ('mine': reviewed again at once). */
  const resolveConflict = (choice: 'mine' | 'theirs' | 'later') => {
    if (!conflict) return;
    const current = conflict.details.current;
    queryClient.setQueryData(compactionConfigQuery(sessionId, conflict.agent).queryKey, current);
    if (choice !== 'later') setDraft(sessionId, conflict.agent, editsAfterConflict(conflict.edits, current, conflict.details.changes_since, choice), current.version);
    setConflict(null);
    if (choice === 'mine') setReviewing(true);
  };

  return { reviewing, setReviewing, saving, failure, conflict, done, saveAll, resolveConflict };
}
