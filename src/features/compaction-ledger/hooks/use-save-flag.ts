import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { describeError } from '../../../lib/api/api-error';
import { queryKeys } from '../../../lib/api/query-keys';
import type { CompactionRecord } from '../../../domain/contract/types';
import { flagOrReread, type Saved } from '../api/flag-compaction';
import { UnknownOutcomeError } from '../lib/unknown-outcome';
import { applyServerRecord, cachedRecord, updateCachedRecord } from '../api/record-cache';
import { conflictRecord } from '../lib/conflict';
import { useNoteDrafts } from '../lib/note-drafts';
import { applySave, beginPendingSave, endPendingSave, noteOwnSave, rebaseVersion, saveInTurn, withPendingSave } from '../lib/pending-saves';
import { describeEdit, useSaveFeedback, type SaveRequest } from './save-feedback';

interface Context {
  token: number;
  before: CompactionRecord | undefined;
}

/** The stats, the series and the audit trail show flags: fetch them again after a save. */
function refreshAfterSave(queryClient: QueryClient, request: SaveRequest): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.compactionAudit(request.sessionId, request.compactionId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.sessionStats(request.sessionId) });
}

/**
 * Saves a flag and/or notes optimistically: every cached copy of the record shows the new values
 * at once and keeps showing them whatever arrives meanwhile. Success takes the daemon's record and
 * clears the note draft; a 409 shows both versions to choose from; any other failure rolls the
 * record back and says what could not be saved and why (the note draft stays).
 */
export function useSaveFlag() {
  const queryClient = useQueryClient();
  const mutation = useMutation<Saved, unknown, SaveRequest, Context>({
    mutationFn: (request) =>
      saveInTurn(request.compactionId, async () => {
        const version = rebaseVersion(request.compactionId, request.baseVersion);
        const saved = await flagOrReread(request.sessionId, request.compactionId, request.edit, version);
        noteOwnSave(request.compactionId, version, saved.record.version);
        return saved;
      }),
    onMutate: async (request) => {
      const token = beginPendingSave(request.compactionId, request.edit);
      await queryClient.cancelQueries({ queryKey: queryKeys.compaction(request.sessionId, request.compactionId), exact: true });
      const before = cachedRecord(queryClient, request.sessionId, request.compactionId);
      updateCachedRecord(queryClient, request.sessionId, request.compactionId, (record) => applySave(record, request.edit));
      return { token, before };
    },
    onSuccess: ({ record, reread }, request, context) => {
      endPendingSave(request.compactionId, context.token);
      applyServerRecord(queryClient, record);
      if (reread) {
        useSaveFeedback.getState().notify({
          tone: 'ok',
          title: `Saved ${describeEdit(request.edit)} of ${request.compactionId}.`,
          detail: "The daemon's answer could not be trusted, so the record was read again: it holds your change.",
        });
      }
      if (request.draftKey && 'notes' in request.edit) useNoteDrafts.getState().saved(request.draftKey, request.edit.notes ?? '');
      refreshAfterSave(queryClient, request);
    },
    onError: (error, request, context) => {
      if (context) endPendingSave(request.compactionId, context.token);
      const current = conflictRecord(error);
      if (current) {
        applyServerRecord(queryClient, current);
        useSaveFeedback.getState().showConflict({ request, current });
        return;
      }
      // Back to the daemon's values, unless a newer version arrived meanwhile (then it already shows).
      const before = context?.before;
      if (before) {
        updateCachedRecord(queryClient, request.sessionId, request.compactionId, (record) =>
          record.version === before.version ? withPendingSave({ ...record, operator_flag: before.operator_flag, operator_notes: before.operator_notes }) : record,
        );
      }
      // Whatever the daemon holds now, show it (a save of unknown outcome, a record that moved on).
      if (error instanceof UnknownOutcomeError) void queryClient.invalidateQueries({ queryKey: queryKeys.compaction(request.sessionId, request.compactionId), exact: true });
      useSaveFeedback.getState().notify({
        tone: 'danger',
        title: `Could not save ${describeEdit(request.edit)} of ${request.compactionId}; it is back to the saved value.`,
        detail: `${describeError(error)}${'notes' in request.edit ? ' Your note is kept as an unsaved draft.' : ''}`,
      });
    },
  });
  const { mutate } = mutation;
  const save = useCallback((request: SaveRequest) => mutate(request), [mutate]);
  return { save, isPending: mutation.isPending };
}
