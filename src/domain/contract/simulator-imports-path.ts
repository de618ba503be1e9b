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

/**
 * How a folder followed in demo mode is looked at (mocks/follow/handle-folder-source.ts), and what
 * the Import dialog says of it. A browser tells a page nothing when a file changes, so the page
 * asks: a lookup is one file's size and time (getFile) or one directory's listing. Looking at the
 * whole folder every time costs the page in proportion to the folder (2,000 transcripts: 2,000
 * lookups a beat); instead the lookups are a fixed number a second, whatever the folder's size:
 * - a file that grew in the last `growingForMs` (a running session) is looked at every `growingEveryMs`;
 *   (at most `growingShare` of the lookups: beyond that, running sessions take turns);
 * - the rest (idle sessions, and the folders, for new files) are looked at in turn with the
 *   lookups left, each no more often than a growing file: a small folder is looked at whole each time.
 * 400 lookups a second: a lookup is a stat through the browser's process (well under a
 * millisecond of the page's time), so a followed folder takes a small fixed share of the page,
 * and a folder of 2,000 quiet transcripts is still looked at whole within 7 s (quietLookWithinMs).
 */
export const BROWSER_FOLLOW_PACE = {
  /** Time between two beats of lookups. */
  tickMs: 250,
  lookupsPerSecond: 400,
  growingEveryMs: 750,
  growingForMs: 60_000,
  growingShare: 0.25,
} as const;

export type FollowPace = { readonly [K in keyof typeof BROWSER_FOLLOW_PACE]: number };

/** Lookups a beat: all of them, and those growing files may take. */
export function lookupsPerTick(pace: FollowPace = BROWSER_FOLLOW_PACE): { all: number; growing: number } {
  const all = Math.max(1, Math.floor((pace.lookupsPerSecond * pace.tickMs) / 1000));
  return { all, growing: Math.floor(all * pace.growingShare) };
}

/** The longest a change to a quiet file (or a new file) waits to be seen in a followed folder of `entries` files and folders. */
export function quietLookWithinMs(entries: number, pace: FollowPace = BROWSER_FOLLOW_PACE): number {
  const { all, growing } = lookupsPerTick(pace);
  const ticks = Math.max(Math.ceil(pace.growingEveryMs / pace.tickMs), Math.ceil(entries / (all - growing)));
  return (ticks + 1) * pace.tickMs;
}
