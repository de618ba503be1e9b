// What each recorded compaction of a transcript cost afterwards, put on its record: the domain's
// measure (src/domain/transcripts/reread.ts) over the transcript at the token profile's sizes,
// with the transcript's message indexes turned into the ids the session's messages got. Only a
// session with a transcript has this; every other record says null (not measured).

import { rereadAfterCompactions, type CompactionReread, type RereadCall } from '../../../src/domain/transcripts/reread';
import type { ImportedTranscript } from '../../../src/domain/transcripts/types';
import type { CompactionRecord, Schemas } from '../../store/types';

function callOf(c: RereadCall, ids: readonly string[]): Schemas['RereadCall'] {
  return {
    message_id: ids[c.message_index] ?? null,
    result_message_id: c.result_index === null ? null : (ids[c.result_index] ?? null),
    tool: c.tool,
    key: c.key,
    file: c.file,
    tokens: c.tokens,
    excluded: c.excluded,
    in_summary: c.in_summary,
  };
}

/** The contract's form of one compaction's measure, the calls pointing at the session's message ids. */
export function rereadAfterOf(m: CompactionReread, ids: readonly string[]): Schemas['RereadAfter'] {
  return {
    window_turns: m.window_turns,
    raw: { ...m.raw },
    adjusted: { ...m.adjusted },
    excluded: { ...m.excluded },
    not_understood: m.not_understood,
    not_in_summary: m.not_in_summary ? { ...m.not_in_summary } : null,
    calls: m.calls.map((c) => callOf(c, ids)),
  };
}

/**
 * Measures every recorded compaction of one agent's transcript and puts the figures on its
 * records (records[k] is the k-th compaction's, null where the session holds none). Measured again
 * each time the transcript grows (a followed file): the window after a compaction fills as turns come.
 */
export function attachRereads(t: ImportedTranscript, sizes: readonly number[], ids: readonly string[], records: readonly (CompactionRecord | null)[]): void {
  for (const m of rereadAfterCompactions(t, sizes)) {
    const record = records[m.compaction_index];
    if (record) record.reread_after = rereadAfterOf(m, ids);
  }
}
