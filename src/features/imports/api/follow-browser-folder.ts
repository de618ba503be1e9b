/**
 * Demo mode: hand the in-browser simulator a folder to follow. The browser's directory picker
 * (Chromium's File System Access API) gives a handle, which no request body can carry, so it goes
 * to the simulator as a window message (FOLLOW_FOLDER_MESSAGE) with a port for the answer.
 */
import { FOLLOW_FOLDER_MESSAGE, type FollowFolderAnswer, type FollowFolderRequest } from '../../../domain/contract/simulator-imports-path';

export type DirectoryPicker = (options?: { id?: string; mode?: 'read' }) => Promise<FileSystemDirectoryHandle>;

/** The browser's directory picker, or null where there is none (Firefox, Safari). */
export function directoryPicker(): DirectoryPicker | null {
  const picker = (window as Window & { showDirectoryPicker?: DirectoryPicker }).showDirectoryPicker;
  return typeof picker === 'function' ? (options) => picker.call(window, options) : null;
}

const ANSWER_MS = 15_000;

/** The simulator's answer, or null when the operator closed the picker without choosing. */
export async function followBrowserFolder(pick: DirectoryPicker): Promise<FollowFolderAnswer | null> {
  let handle: FileSystemDirectoryHandle;
  try {
    handle = await pick({ id: 'kaged-follow', mode: 'read' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    throw error;
  }
  const channel = new MessageChannel();
  const answer = new Promise<FollowFolderAnswer>((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, message: `The simulator did not answer within ${ANSWER_MS / 1000} s; reload the page and choose the folder again.` }), ANSWER_MS);
    channel.port1.onmessage = (event: MessageEvent<FollowFolderAnswer>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
  });
  window.postMessage({ type: FOLLOW_FOLDER_MESSAGE, handle } satisfies FollowFolderRequest, window.location.origin, [channel.port2]);
  try {
    return await answer;
  } finally {
    channel.port1.close();
  }
}
