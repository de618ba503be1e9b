/**
 * What a live frame means for the compaction records cached in this tab. compaction.completed,
 * compaction.flagged and compaction.updated (figures measured again) carry {record};
 * compaction.rolled_back carries {compaction_ids}. A record is only taken when it holds to the
 * contract (the stream validates the frame, not its data).
 */
import type { CompactionRecord, EventFrame } from '../../domain/contract/types';
import { checkWith } from '../../domain/contract/validation';
import { validate as compactionRecordSchema } from '../../domain/contract/validators/schemas/compaction-record.gen';

export type RecordChange =
  | { kind: 'new'; record: CompactionRecord }
  | { kind: 'changed'; record: CompactionRecord }
  | { kind: 'rolled_back'; sessionId: string; ids: string[] }
  | { kind: 'invalid'; reason: string };

/** Each frame is read once, however many caches follow it (the ledger, the charts' sample). */
const readings = new WeakMap<object, RecordChange | null>();

export function recordChangeOf(frame: Pick<EventFrame, 'type' | 'session_id' | 'data'>): RecordChange | null {
  const known = readings.get(frame);
  if (known !== undefined) return known;
  const change = readChange(frame);
  readings.set(frame, change);
  return change;
}

function readChange(frame: Pick<EventFrame, 'type' | 'session_id' | 'data'>): RecordChange | null {
  switch (frame.type) {
    case 'compaction.completed':
    case 'compaction.flagged':
    case 'compaction.updated': {
      const record = frame.data.record;
      const failure = checkWith(compactionRecordSchema, record);
      if (failure !== null) return { kind: 'invalid', reason: `${frame.type} record breaks the contract at ${failure.fieldPath || '(root)'}: ${failure.message}` };
      const valid = record as CompactionRecord;
      if (valid.session_id !== frame.session_id) return { kind: 'invalid', reason: `${frame.type} record belongs to ${valid.session_id}, not ${frame.session_id}` };
      return { kind: frame.type === 'compaction.completed' ? 'new' : 'changed', record: valid };
    }
    case 'compaction.rolled_back': {
      const ids = frame.data.compaction_ids;
      if (!Array.isArray(ids) || !ids.every((id): id is string => typeof id === 'string')) return { kind: 'invalid', reason: 'compaction.rolled_back without compaction_ids' };
      return { kind: 'rolled_back', sessionId: frame.session_id, ids };
    }
    default:
      return null;
  }
}
