import { http } from 'msw';
import { emitLiveBurst, parseLiveBurst } from '../daemon/live/bench-live';
import type { SimulatedDaemon } from '../runtime';
import { readJson, respond } from './respond';

/**
 * /__mock/bench/…: simulator controls for the browser benchmark (e2e/bench). Not part of the kaged API.
 * POST /__mock/bench/live {session_id, count, rate}: sends `count` compaction.completed frames at
 * `rate` per second and answers, once all are sent, with each record's id and send time.
 */
export function benchHandlers(daemon: SimulatedDaemon) {
  return [http.post('*/__mock/bench/live', async ({ request }) => respond(async () => emitLiveBurst(daemon.store, parseLiveBurst(await readJson(request)))))];
}
