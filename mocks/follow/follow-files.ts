// The files of a followed folder: which are transcripts, which session file each belongs to (a
// Claude Code subagent file joins its session's file), and the session a group becomes.

/** Names that may be transcripts (JSONL sessions and rollouts, JSON recordings and trajectories). */
export function isTranscriptName(name: string): boolean {
  return /\.(jsonl|json|traj)$/i.test(name);
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

/** A followed session's id: from its session file's place in the folder, so a restart finds the same session. */
export async function followedSessionId(group: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`follow:${group}`)));
  return `ses_${[...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
