// A followed session whose messages were dropped (daemon/transcripts/resident-sessions.ts) made again
// from its files as they were read: each file up to the bytes read then, prepared as an import
// prepares it, replayed with the session's own record ids and checked against what was dropped.

import { MAX_FILE_BYTES, prepareInThread, type ImportPreparer } from '../daemon/transcripts/imports';
import { restoreMessages } from '../daemon/transcripts/resident-sessions';
import type { Store } from '../store/store';
import type { FolderSource } from './folder-source';

/** The daemon as a re-read needs it: its current store (a reset replaces it) and its import preparer. */
export interface RereadTarget {
  readonly store: Store;
  readonly prepareImport?: ImportPreparer;
}

/**
 * Brings back the dropped messages of `sessionId` from the files of `group`. False when the files
 * now say otherwise (shorter than what was read, or another transcript): the caller reads them
 * again whole, with the rewrite's notice.
 */
export async function rereadDropped(target: RereadTarget, source: FolderSource, group: string, sessionId: string): Promise<boolean> {
  const store = target.store;
  const known = store.follows.groups[group];
  const files: { name: string; bytes: Uint8Array<ArrayBuffer> }[] = [];
  for (const [name, read] of Object.entries(known?.files ?? {}).sort(([a], [b]) => (a === group ? -1 : b === group ? 1 : a.localeCompare(b)))) {
    const got = await source.read(name, 0, MAX_FILE_BYTES);
    if (!got || got.bytes.length < read.bytes) return false;
    files.push({ name, bytes: got.bytes.slice(0, read.bytes) });
  }
  const unit = (await (target.prepareImport ?? prepareInThread)({ files }, () => {})).prepared.units[0];
  const session = store.session(sessionId);
  return unit !== undefined && session !== undefined && target.store === store && restoreMessages(store, session, unit.transcript);
}
