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

/** The aggregated compaction health (all projects, or one), its time range and other view state in `params`. */
export function healthHref(params?: URLSearchParams | string): string {
  const text = params?.toString() ?? '';
  return text ? `/health?${text}` : '/health';
}

/** The ledger across sessions; `search` is a ledger search string ("?project=…&flag=…") or empty. */
export function compactionsHref(search = ''): string {
  return `/compactions${search}`;
}

export function reviewQueueHref(plugin: string): string {
  return `/review?plugin=${encodeURIComponent(plugin)}`;
}

export function pluginHref(name: string): string {
  return `/plugins/${encodeURIComponent(name)}`;
}

export function auditHref(params?: URLSearchParams | string): string {
  const text = params?.toString() ?? '';
  return text ? `/audit?${text}` : '/audit';
}
