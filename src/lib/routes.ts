/** The addresses of the app's screens (app/router.tsx declares the routes), for links between features. */

export function sessionHref(sessionId: string): string {
  return `/sessions/${encodeURIComponent(sessionId)}`;
}

export function compactionHref(sessionId: string, compactionId: string): string {
  return `${sessionHref(sessionId)}/compactions/${encodeURIComponent(compactionId)}`;
}

export function checkpointHref(sessionId: string, checkpointId: string): string {
  return `${sessionHref(sessionId)}/checkpoints/${encodeURIComponent(checkpointId)}`;
}

/** The knobs screen: an agent's compaction settings, one knob group in view. */
export function knobsHref(sessionId: string, agentPath?: string, group?: string): string {
  const params = new URLSearchParams();
  if (agentPath) params.set('agent', agentPath);
  if (group) params.set('group', group);
  const query = params.toString();
  return `${sessionHref(sessionId)}/knobs${query ? `?${query}` : ''}`;
}
