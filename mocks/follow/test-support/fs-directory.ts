// A folder on disk seen the way a browser sees a directory it was given (the parts of
// FileSystemDirectoryHandle that handle-folder-source.ts reads), so the follower's tests run the
// same folder through both sources.

import { openAsBlob, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BROWSER_FOLLOW_PACE, type FollowPace } from '../../../src/domain/contract/simulator-imports-path';
import type { DirectoryEntry, FileEntry } from '../handle-folder-source';

/** The browser's pace ten times faster, for tests over a real folder (beats of 25 ms). */
export const FAST_PACE: FollowPace = { ...BROWSER_FOLLOW_PACE, tickMs: 25, lookupsPerSecond: 4_000, growingEveryMs: 75, growingForMs: 6_000 };

function fileEntry(path: string): FileEntry {
  return {
    kind: 'file',
    name: basename(path),
    // As a browser's File: its size and time at once, its bytes only when sliced and read.
    getFile: async () => Object.assign(await openAsBlob(path), { lastModified: Math.floor(statSync(path).mtimeMs) }),
  };
}

export function fsDirectory(path: string): DirectoryEntry {
  return {
    kind: 'directory',
    name: basename(path),
    async *values() {
      for (const entry of readdirSync(path, { withFileTypes: true })) {
        const child = join(path, entry.name);
        if (entry.isDirectory()) yield fsDirectory(child);
        else if (entry.isFile()) yield fileEntry(child);
      }
    },
  };
}
