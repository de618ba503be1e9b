// Demo mode: the in-browser simulator follows the folders the page hands it (Chromium's File System
// Access API; the Import dialog's "Follow a folder…"). Each folder's directory handle is followed
// by the same follower as `--follow` on Node, through a HandleFolderSource, and kept in IndexedDB:
// after a reload, a folder whose read permission the browser still grants is followed again; one
// it does not (the permission is asked for only on the operator's gesture) is forgotten, and its
// sessions, kept with the rest of the simulator's data, show as idle until it is chosen again.

import { FOLLOW_FOLDER_MESSAGE, type FollowFolderAnswer, type FollowFolderRequest } from '../../src/domain/contract/simulator-imports-path';
import { markFollowedIdle } from '../daemon/transcripts/followed-session';
import type { SimulatedDaemon } from '../runtime';
import { Follower } from './follower';
import { HandleFolderSource, type DirectoryEntry } from './handle-folder-source';

const DB = 'kaged-simulator-follow';
const FOLDERS = 'folders';
/** No growth for this long: a followed session shows as idle (as MOCK_FOLLOW_IDLE_MS on Node). */
const IDLE_MS = 60_000;

type Handle = FileSystemDirectoryHandle & { queryPermission?(descriptor: { mode: 'read' }): Promise<PermissionState> };

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

async function folders(mode: IDBTransactionMode): Promise<IDBObjectStore> {
  const open = indexedDB.open(DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(FOLDERS, { autoIncrement: true });
  const db = await request(open);
  return db.transaction(FOLDERS, mode).objectStore(FOLDERS);
}

export class BrowserFollows {
  private readonly followers: { handle: Handle; follower: Follower }[] = [];

  constructor(private readonly daemon: SimulatedDaemon) {}

  /** Listens for the page's folders, then follows those kept from before that may still be read. */
  async start(): Promise<void> {
    window.addEventListener('message', (event: MessageEvent<Partial<FollowFolderRequest>>) => {
      if (event.source !== window || event.origin !== window.location.origin || event.data?.type !== FOLLOW_FOLDER_MESSAGE) return;
      const port = event.ports[0];
      const handle = event.data.handle as Handle | undefined;
      if (!port || !handle) return;
      void this.add(handle).then((answer) => port.postMessage(answer satisfies FollowFolderAnswer));
    });
    const store = await folders('readonly').catch(() => null);
    const [keys, handles] = store ? await Promise.all([request(store.getAllKeys()), request(store.getAll() as IDBRequest<Handle[]>)]) : [[], []];
    for (const [i, handle] of handles.entries()) {
      const key = keys[i] as IDBValidKey;
      const granted = (await handle.queryPermission?.({ mode: 'read' }).catch(() => 'denied')) === 'granted';
      if (granted) await this.follow(handle);
      else await folders('readwrite').then((s) => request(s.delete(key)));
    }
    this.idleUnfollowed();
  }

  private async add(handle: Handle): Promise<FollowFolderAnswer> {
    try {
      for (const f of this.followers) if (await f.handle.isSameEntry(handle)) return { ok: true, folder: f.follower.folder, already: true };
      await folders('readwrite').then((s) => request(s.add(handle)));
      await this.follow(handle);
      return { ok: true, folder: handle.name, already: false };
    } catch (error) {
      return { ok: false, message: `${handle.name} cannot be followed: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  private async follow(handle: Handle): Promise<void> {
    const follower = new Follower(this.daemon, new HandleFolderSource(handle as unknown as DirectoryEntry), {
      idleMs: IDLE_MS,
      log: (line) => console.info(line),
    });
    this.followers.push({ handle, follower });
    this.daemon.followProgress = follower.progress;
    this.daemon.resident = async (sessionId) => {
      for (const f of this.followers) await f.follower.resident(sessionId);
    };
    await follower.start();
  }

  /** Sessions of folders no longer followed (their permission lapsed) stop showing as running. */
  private idleUnfollowed(): void {
    const followed = new Set(this.followers.map((f) => f.follower.folder));
    for (const session of this.daemon.store.sessions.values()) {
      if (session.followed && !followed.has(session.followed.folder)) markFollowedIdle(this.daemon.store, session.id);
    }
  }
}
