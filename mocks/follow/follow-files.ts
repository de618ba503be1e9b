// The files of a followed folder: which are transcripts, which session file each belongs to (a
// Claude Code subagent file joins its session's file), and what of a file can be read now.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Names that may be transcripts (JSONL sessions and rollouts, JSON recordings and trajectories). */
export function isTranscriptName(name: string): boolean {
  return /\.(jsonl|json|traj)$/i.test(name);
}

/** Folder-relative names with forward slashes, as an import gives them. */
export function relativeName(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

/**
 * The session file a file belongs to: `<dir>/<id>.jsonl` for `<dir>/<id>/subagents/<agent>.jsonl`
 * and for `<dir>/<id>__subagents__<agent>.jsonl` (Claude Code), the file itself otherwise.
 */
export function groupOf(name: string): string {
  const nested = /^(.*?)([^/]+)\/subagents\/[^/]+$/.exec(name);
  if (nested) return `${nested[1] ?? ''}${nested[2] ?? ''}.jsonl`;
  const flat = /^(.*?)([^/]+)__subagents__[^/]+$/.exec(name);
  if (flat) return `${flat[1] ?? ''}${flat[2] ?? ''}.jsonl`;
  return name;
}

/** Every transcript file under the folder, by group, each group with its newest modification time. */
export function listGroups(root: string): { group: string; mtime: number }[] {
  const newest = new Map<string, number>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !isTranscriptName(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const group = groupOf(relativeName(root, path));
    const mtime = statSync(path).mtimeMs;
    newest.set(group, Math.max(newest.get(group) ?? 0, mtime));
  }
  return [...newest].map(([group, mtime]) => ({ group, mtime }));
}

/** The files of a group now: its session file (when there) and its subagent files. */
export function groupMembers(root: string, group: string): string[] {
  const members = existsSync(join(root, group)) ? [group] : [];
  const stem = group.replace(/\.jsonl$/i, '');
  const nestedDir = join(root, stem, 'subagents');
  if (group.endsWith('.jsonl') && existsSync(nestedDir)) {
    for (const name of readdirSync(nestedDir)) if (isTranscriptName(name)) members.push(`${stem}/subagents/${name}`);
  }
  const slash = stem.lastIndexOf('/');
  const dir = join(root, stem.slice(0, slash + 1));
  const flatPrefix = `${stem.slice(slash + 1)}__subagents__`;
  if (group.endsWith('.jsonl')) {
    for (const name of readdirSync(dir)) if (name.startsWith(flatPrefix) && isTranscriptName(name)) members.push(`${stem.slice(0, slash + 1)}${name}`);
  }
  return members;
}

export interface ReadableFile {
  name: string;
  /** What can be read now: a JSONL file up to its last complete line (a half-written line waits for its end). */
  bytes: Uint8Array<ArrayBuffer>;
  mtime_ms: number;
}

const NEWLINE = 0x0a;

export function readComplete(root: string, name: string): ReadableFile {
  const path = join(root, name);
  const mtime = statSync(path).mtimeMs;
  const whole = new Uint8Array(readFileSync(path));
  if (!/\.jsonl$/i.test(name)) return { name, bytes: whole, mtime_ms: mtime };
  const end = whole.lastIndexOf(NEWLINE) + 1;
  return { name, bytes: whole.slice(0, end), mtime_ms: mtime };
}

/** A followed session's id: from its session file's place in the folder, so a restart finds the same session. */
export function followedSessionId(group: string): string {
  return `ses_${createHash('sha256').update(`follow:${group}`).digest('hex').slice(0, 16)}`;
}
