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
