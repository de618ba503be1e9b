/** Where the simulator's import endpoints sit, under the API base (kept apart from the validator, so the light probe does not load ajv). */
export const IMPORTS_PATH = '/__mock/imports';

/**
 * Demo mode: the page hands the in-browser simulator a folder to follow (a directory handle, which
 * no request body can carry) as a window message of this type, with a MessagePort for the answer.
 */
export const FOLLOW_FOLDER_MESSAGE = 'kaged-simulator:follow-folder';

export interface FollowFolderRequest {
  type: typeof FOLLOW_FOLDER_MESSAGE;
  handle: FileSystemDirectoryHandle;
}

/** The simulator's answer: the folder as its sessions will name it, or why it cannot follow it. */
export type FollowFolderAnswer = { ok: true; folder: string; already: boolean } | { ok: false; message: string };
