import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Schemas } from '../domain/contract/types';
import { isPartial, withRest } from '../domain/diff/proposal-figures';
import { proposalRestQuery } from '../lib/api/endpoints/list-proposal-messages';

/** A dry run's answer as a screen keeps it: the compact dialog's and the checkpoint edit's Preview, or the answer alone. */
export interface Answered {
  result: Schemas['DryRunResult'];
}

export interface WholeProposal<T extends Answered> {
  /** The preview with as much of its proposed list as is read: the first messages, then all of them. */
  preview: T | null;
  /** The rest of the list: being read, read (or never needed), or failed. */
  rest: { state: 'reading' } | { state: 'done' } | { state: 'failed'; error: Error; retry: () => void };
  /** The whole list's length, when the preview holds only its first messages. */
  total: number | null;
}

/**
 * A preview answered in part (the dry run asked with first, lib/api/endpoints/dry-run.ts) is
 * completed from the same proposal: the first rows show at once, the whole list once read. A daemon
 * that answered the whole list (it ignores first) needs nothing more. Every screen that previews a
 * dry run completes it here (the compact dialog, the knobs' preview, a checkpoint's edit).
 */
export function useWholeProposal<T extends Answered>(sessionId: string, answered: T | null): WholeProposal<T> {
  const result = answered?.result;
  const from = result && isPartial(result) && result.proposal_id && result.messages_next_cursor ? { id: result.proposal_id, cursor: result.messages_next_cursor } : null;
  const rest = useQuery({ ...proposalRestQuery(sessionId, from?.id ?? '', from?.cursor ?? ''), enabled: from !== null });
  const restOf = from ? rest.data : undefined;
  const preview = useMemo(() => (answered && restOf ? { ...answered, result: withRest(answered.result, restOf) } : answered), [answered, restOf]);
  if (!from || rest.data) return { preview, rest: { state: 'done' }, total: null };
  const total = result?.messages_total ?? null;
  if (rest.isError) return { preview, rest: { state: 'failed', error: rest.error, retry: () => void rest.refetch() }, total };
  return { preview, rest: { state: 'reading' }, total };
}
