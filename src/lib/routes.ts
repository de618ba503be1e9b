/** The addresses of the app's screens (app/router.tsx declares the routes), for links between features. */
import { wellFormed } from '../domain/text';

/**
 * encodeURIComponent that never throws: an id or agent path from the daemon may hold a lone
 * surrogate ("URI malformed"); it is sent as U+FFFD, the way a daemon decoding JSON would store it.
 */
export function uriComponent(value: string): string {
  return encodeURIComponent(wellFormed(value));
}

export function sessionHref(sessionId: string): string {
  return `/sessions/${uriComponent(sessionId)}`;
}

/** The threshold lab: an agent's history replayed under other settings (query: agent, setting…, recorded; threshold-lab/lib/lab-settings). */
export function thresholdLabHref(sessionId: string, search?: URLSearchParams): string {
  const query = search?.toString() ?? '';
  return `${sessionHref(sessionId)}/lab${query ? `?${query}` : ''}`;
}

/**
 * The threshold lab opened on one moment of a session: an agent chosen and the moment marked (`at`,
 * an event's time or a spiral's start; `event`, the compaction's id, for the way back). Read by
 * threshold-lab/lib/lab-settings.
 */
export function eventReplayHref(sessionId: string, moment: { event: string | null; agent: string | null; at: string | null }): string {
  const params = new URLSearchParams();
  if (moment.agent) params.set('agent', moment.agent);
  if (moment.at) params.set('at', moment.at);
  if (moment.event) params.set('event', moment.event);
  return thresholdLabHref(sessionId, params);
}

export function compactionHref(sessionId: string, compactionId: string): string {
  return `${sessionHref(sessionId)}/compactions/${uriComponent(compactionId)}`;
}

export function checkpointHref(sessionId: string, checkpointId: string): string {
  return `${sessionHref(sessionId)}/checkpoints/${uriComponent(checkpointId)}`;
}

/** The knobs screen: an agent's compaction settings, one knob group in view. */
export function knobsHref(sessionId: string, agentPath?: string, group?: string): string {
  const params = new URLSearchParams();
  if (agentPath) params.set('agent', agentPath);
  if (group) params.set('group', group);
  const query = params.toString();
  return `${sessionHref(sessionId)}/knobs${query ? `?${query}` : ''}`;
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

/** A plugin's review queue: its unrated events, or (flag) those flagged so, to review again. */
export function reviewQueueHref(plugin: string, flag?: 'good' | 'bad' | 'neutral'): string {
  return `/review?plugin=${encodeURIComponent(plugin)}${flag ? `&flag=${flag}` : ''}`;
}

export function pluginHref(name: string): string {
  return `/plugins/${encodeURIComponent(name)}`;
}

export function auditHref(params?: URLSearchParams | string): string {
  const text = params?.toString() ?? '';
  return text ? `/audit?${text}` : '/audit';
}
