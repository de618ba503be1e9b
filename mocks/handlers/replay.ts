import { http } from 'msw';
import { replaySession } from '../daemon/threshold-lab/replay';
import type { SimulatedDaemon } from '../runtime';
import type { Schemas } from '../store/types';
import { API, readJson, respond } from './respond';
import { validateBody } from './validate';

/** POST /sessions/{id}/replay: the threshold lab (kaged API). */
export function replayHandlers(daemon: SimulatedDaemon) {
  return [
    http.post(`${API}/sessions/:session_id/replay`, async ({ params, request }) =>
      respond(async () => {
        const body = validateBody<Schemas['ReplayRequest']>('ReplayRequest', await readJson(request));
        return replaySession(daemon.store, String(params.session_id), body);
      }),
    ),
  ];
}
