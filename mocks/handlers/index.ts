import { http, type RequestHandler } from 'msw';
import type { SimulatedDaemon } from '../runtime';
import { aggregateHandlers } from './aggregates';
import { apiHandlers } from './api';
import { benchHandlers } from './bench';
import { controlHandlers, type SocketControl } from './control';
import { FaultBook, faultHandler } from './faults';
import { importHandlers } from './imports';
import { knobHandlers } from './knobs';
import { replayHandlers } from './replay';
import { actorOf, API, errorResponse } from './respond';
import { decodeUrlPart } from '../../src/domain/text';

/** Identity checks a real daemon makes: the bearer token when one is required, and read-only operators. */
function guardHandler(daemon: SimulatedDaemon) {
  return http.all(`${API}/*`, ({ request }) => {
    const token = daemon.options.requireToken;
    if (token && request.headers.get('authorization') !== `Bearer ${token}`) {
      return errorResponse(401, 'unauthorized', 'A valid bearer token is required.');
    }
    // A stream ticket changes nothing: read-only operators may follow the live stream too.
    if (request.method !== 'GET' && actorOf(request).startsWith('viewer') && !new URL(request.url).pathname.endsWith('/events/ticket')) {
      return errorResponse(403, 'forbidden', `Operator ${actorOf(request)} may read but not change anything.`);
    }
    return undefined;
  });
}

/** A request about one session (the kaged API's or the simulator's controls), its id the first group. */
const SESSION_PATH = /\/(?:api\/v1|__mock)\/sessions\/([^/?]+)/;

/** A request about a session may need its messages: a followed session's, dropped while idle, are read again first. */
function residentHandler(daemon: SimulatedDaemon) {
  return http.all(SESSION_PATH, async ({ request }) => {
    const match = SESSION_PATH.exec(new URL(request.url).pathname);
    if (match?.[1] && daemon.resident) await daemon.resident(decodeUrlPart(match[1]));
    return undefined;
  });
}

export interface SimulatorHandlers {
  handlers: RequestHandler[];
  faults: FaultBook;
}

/** The same handler list serves the browser (msw worker), Node tests and the loopback server. */
export function createHandlers(daemon: SimulatedDaemon, sockets: SocketControl, faults = new FaultBook()): SimulatorHandlers {
  const api = [guardHandler(daemon), ...apiHandlers(daemon), ...knobHandlers(daemon), ...replayHandlers(daemon), ...aggregateHandlers(daemon)];
  return {
    faults,
    handlers: [residentHandler(daemon), ...controlHandlers(daemon, faults, sockets), ...benchHandlers(daemon), ...importHandlers(daemon), faultHandler(faults, () => api), ...api],
  };
}

/**
 * After a request was answered: a write marks the session it named as changed, so persistence
 * saves it (flag and note edits are not structural: history sessions keep them as edits).
 */
export function noteWrite(daemon: SimulatedDaemon, method: string, url: URL): void {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  const match = /\/(?:api\/v1|__mock)\/sessions\/([^/]+)(\/compactions\/[^/]+)?/.exec(url.pathname);
  const sessionId = match?.[1] ? decodeUrlPart(match[1]) : null;
  daemon.changed(sessionId, !(method === 'PATCH' && match?.[2]));
}
