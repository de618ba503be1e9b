/**
 * Flag and notes saves in flight, by compaction id. While one is in flight its values are the
 * truth as far as the screen goes: whatever the cache receives meanwhile (a refetch, a live frame)
 * gets them laid on top, so the optimistic value never flickers back. Each save removes only its
 * own values when it settles; a failed save then rolls back to the daemon's values.
 *
 * Saves of one record run one after another (saveInTurn). A save based on a version that this
 * tab's own earlier save replaced is sent with the version that save produced (rebaseVersion):
 * chaining one's own edits is not a conflict, while anybody else's change still is.
 */
import type { CompactionRecord, Schemas } from '../../../domain/contract/types';

export interface PendingSave {
  /** Present when the save sets the flag (null clears it). */
  flag?: Schemas['Flag'] | null;
  /** Present when the save sets the notes ('' and null clear them). */
  notes?: string | null;
}

interface Entry {
  token: number;
  save: PendingSave;
}

const pending = new Map<string, Entry[]>();
let nextToken = 1;

/** Registers a save in flight; answers the token that ends it. */
export function beginPendingSave(id: string, save: PendingSave): number {
  const token = nextToken++;
  pending.set(id, [...(pending.get(id) ?? []), { token, save }]);
  return token;
}

export function endPendingSave(id: string, token: number): void {
  const rest = (pending.get(id) ?? []).filter((entry) => entry.token !== token);
  if (rest.length === 0) pending.delete(id);
  else pending.set(id, rest);
}

/** The values of every save in flight for this record, later ones winning. */
export function pendingSave(id: string): PendingSave | undefined {
  const entries = pending.get(id);
  if (!entries) return undefined;
  return entries.reduce<PendingSave>((all, entry) => ({ ...all, ...entry.save }), {});
}

/** The record with the saves in flight laid on top; the same object when there are none. */
export function withPendingSave(record: CompactionRecord): CompactionRecord {
  const save = pendingSave(record.id);
  return save ? applySave(record, save) : record;
}

/** The record as the daemon will store it after this save (the version aside). */
export function applySave(record: CompactionRecord, save: PendingSave): CompactionRecord {
  const flag = 'flag' in save ? (save.flag ?? null) : record.operator_flag;
  const notes = 'notes' in save ? (save.notes === '' ? null : (save.notes ?? null)) : record.operator_notes;
  if (flag === record.operator_flag && notes === record.operator_notes) return record;
  return { ...record, operator_flag: flag, operator_notes: notes };
}

const queues = new Map<string, Promise<unknown>>();
/** Per record: version → the version this tab's own save turned it into. */
const ownVersions = new Map<string, Map<number, number>>();

/** Runs `task` after every save of this record queued before it has settled. */
export function saveInTurn<T>(id: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(id) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(id, settled);
  void settled.then(() => {
    if (queues.get(id) === settled) queues.delete(id);
  });
  return run;
}

/** This tab's own save moved the record from version `from` to `to`. */
export function noteOwnSave(id: string, from: number, to: number): void {
  const versions = ownVersions.get(id) ?? new Map<number, number>();
  versions.set(from, to);
  ownVersions.set(id, versions);
}

/** The version to send for an edit based on `version`: past this tab's own later saves. */
export function rebaseVersion(id: string, version: number): number {
  const versions = ownVersions.get(id);
  let current = version;
  for (let guard = 0; versions && guard < 1000; guard += 1) {
    const next = versions.get(current);
    if (next === undefined) break;
    current = next;
  }
  return current;
}

/** For tests. */
export function clearPendingSaves(): void {
  pending.clear();
  queues.clear();
  ownVersions.clear();
}
