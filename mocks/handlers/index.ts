import { http, type RequestHandler } from 'msw';
import type { SimulatedDaemon } from '../runtime';
import { apiHandlers } from './api';
import { benchHandlers } from './bench';
import { controlHandlers, type SocketControl } from './control';
import { FaultBook, faultHandler } from './faults';
import { actorOf, API, errorResponse } from './respond';

/** Identity checks a real daemon makes: the bearer token when one is required, and read-only operators. */
function guardHandler(daemon: SimulatedDaemon) {
  return http.all(`${API}/*`, ({ request }) => {
    const token = daemon.options.requireToken;
    if (token && request.headers.get('authorization') !== `Bearer ${token}`) {
      return errorResponse(401, 'unauthorized', 'A valid bearer token is required.');
    }
    if (request.method !== 'GET' && actorOf(request).startsWith('viewer')) {
      return errorResponse(403, 'forbidden', `Operator ${actorOf(request)} may read but not change anything.`);
    }
    return undefined;
  });
}

export interface SimulatorHandlers {
  handlers: RequestHandler[];
  faults: FaultBook;
}

/** The same handler list serves the browser (msw worker), Node tests and the loopback server. */
export function createHandlers(daemon: SimulatedDaemon, sockets: SocketControl, faults = new FaultBook()): SimulatorHandlers {
  const api = [guardHandler(daemon), ...apiHandlers(daemon)];
  return {
    faults,
    handlers: [...controlHandlers(daemon, faults, sockets), ...benchHandlers(daemon), faultHandler(faults, () => api), ...api],
  };
}
