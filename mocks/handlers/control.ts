import { http, HttpResponse } from 'msw';
import type { Scale } from '../daemon/seeding/seed';
import { renameSessionAgent, retitleSession } from '../daemon/fault-injection/rename-agent';
import { advanceOnRequest } from '../daemon/live/simulation';
import { followStatus } from '../daemon/transcripts/followed-session';
import type { SimulatedDaemon } from '../runtime';
import type { FaultBook, FaultRule } from './faults';
import { readJson, respond } from './respond';

export interface SocketControl {
  /** Closes every open event-stream socket; refuses new ones for `refuseMs`. */
  drop(refuseMs: number): number;
  /** Ends a refusal `drop` began (a reset: what a test left behind must not refuse the next one's sockets). */
  endRefusal?(): void;
}

/** /__mock/…: controls of the simulator itself, for tests and demos. Not part of the kaged API. */
export function controlHandlers(daemon: SimulatedDaemon, faults: FaultBook, sockets: SocketControl) {
  return [
    http.post('*/__mock/reset', async ({ request }) =>
      respond(async () => {
        const body = (await readJson(request)) as { seed?: number; scale?: Scale; live?: boolean };
        faults.clear();
        sockets.endRefusal?.();
        daemon.reset({ ...(body.seed === undefined ? {} : { seed: body.seed }), ...(body.scale ? { scale: body.scale } : {}), ...(body.live === undefined ? {} : { live: body.live }) });
        return { ok: true, sessions: daemon.store.sessions.size, last_seq: daemon.store.lastSeq };
      }),
    ),
    // As if the daemon process restarted with nothing kept (MOCK_PERSIST=0): seeded afresh, its
    // event sequence starting over, a new instance_id, every event socket dropped.
    http.post('*/__mock/restart', async ({ request }) =>
      respond(async () => {
        const body = (await readJson(request)) as { refuse_ms?: number };
        faults.clear();
        daemon.reset();
        const dropped = sockets.drop(body.refuse_ms ?? 0);
        return { ok: true, dropped, last_seq: daemon.store.lastSeq, instance_id: daemon.store.instanceId };
      }),
    ),
    http.get('*/__mock/follow', () =>
      daemon.followProgress ? HttpResponse.json(followStatus(daemon.store, daemon.followProgress)) : HttpResponse.json({ code: 'not_found', message: 'No folder is followed (npm run mock:api -- --follow <folder>)', details: null }, { status: 404 }),
    ),
    http.get('*/__mock/faults', () => HttpResponse.json({ rules: faults.list() })),
    http.post('*/__mock/faults', async ({ request }) =>
      respond(async () => {
        const body = (await readJson(request)) as { rules?: FaultRule[] };
        faults.set(body.rules ?? []);
        return { rules: faults.list() };
      }),
    ),
    http.delete('*/__mock/faults', () => {
      faults.clear();
      return HttpResponse.json({ rules: [] });
    }),
    http.post('*/__mock/ws/drop', async ({ request }) =>
      respond(async () => {
        const body = (await readJson(request)) as { refuse_ms?: number };
        return { dropped: sockets.drop(body.refuse_ms ?? 0) };
      }),
    ),
    http.post('*/__mock/sessions/:session_id/advance', async ({ params, request }) =>
      respond(async () => {
        const body = (await readJson(request)) as { max_turns?: number; until_compaction?: boolean; agent_path?: string };
        return advanceOnRequest(daemon.store, String(params.session_id), { maxTurns: body.max_turns, untilCompaction: body.until_compaction, agentPath: body.agent_path });
      }),
    ),
    // Hostile-text tests: a session title no transcript would give (5,000 characters, markup, lone surrogates).
    http.post('*/__mock/sessions/:session_id/title', async ({ params, request }) =>
      respond(async () => {
        const body = (await readJson(request)) as { title?: unknown };
        if (typeof body.title !== 'string') throw new Error('title must be a string');
        return retitleSession(daemon.store, String(params.session_id), body.title);
      }),
    ),
    // Hostile-text tests: an agent path no transcript would give, wherever the session names the agent.
    http.post('*/__mock/sessions/:session_id/agents/rename', async ({ params, request }) =>
      respond(async () => {
        const body = (await readJson(request)) as { from?: unknown; to?: unknown };
        if (typeof body.from !== 'string' || typeof body.to !== 'string') throw new Error('from and to must be strings');
        return renameSessionAgent(daemon.store, String(params.session_id), body.from, body.to);
      }),
    ),
  ];
}
