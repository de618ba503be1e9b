import { http } from 'msw';
import { breakdown, parseDimension } from '../daemon/aggregates/breakdown';
import { compactionHealth } from '../daemon/aggregates/health';
import { crossLedger } from '../daemon/aggregates/ledger';
import { pluginActivity } from '../daemon/aggregates/plugin-activity';
import { reviewQueue } from '../daemon/aggregates/review-queue';
import { parseScope } from '../daemon/aggregates/scope';
import { parseSpiralParameters, spirals, topSessions } from '../daemon/aggregates/sessions';
import { DaemonError } from '../daemon/errors';
import type { SimulatedDaemon } from '../runtime';
import { API, respond } from './respond';

const query = (request: Request) => new URL(request.url).searchParams;

function limitParam(params: URLSearchParams, fallback: number, max: number): number {
  const raw = params.get('limit');
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new DaemonError(400, 'invalid_request', `limit must be a whole number from 1 to ${max}`, { field: 'limit' });
  return n;
}

/** Aggregates across sessions (issue 9): health, breakdowns, top sessions, spirals, the cross-session ledger, the review queue, plugin pages. */
export function aggregateHandlers(daemon: SimulatedDaemon) {
  const store = () => daemon.store;
  return [
    http.get(`${API}/compaction-health`, ({ request }) =>
      respond(() => {
        const { scope, parts } = parseScope(store(), query(request));
        return compactionHealth(scope, parts);
      }),
    ),
    http.get(`${API}/compaction-health/breakdown`, ({ request }) =>
      respond(() => {
        const params = query(request);
        const dim = parseDimension(params.get('by'));
        const { scope, parts } = parseScope(store(), params);
        return breakdown(scope, parts, dim);
      }),
    ),
    http.get(`${API}/compaction-health/top-sessions`, ({ request }) =>
      respond(() => {
        const params = query(request);
        const { scope, parts } = parseScope(store(), params);
        return topSessions(scope, parts, limitParam(params, 10, 100));
      }),
    ),
    http.get(`${API}/compaction-health/spirals`, ({ request }) =>
      respond(() => {
        const params = query(request);
        const parameters = parseSpiralParameters(params);
        const { scope, parts } = parseScope(store(), params);
        return spirals(scope, parts, parameters, limitParam(params, 50, 500));
      }),
    ),
    http.get(`${API}/compactions`, ({ request }) => respond(() => crossLedger(store(), query(request)))),
    http.get(`${API}/review-queue`, ({ request }) => respond(() => reviewQueue(store(), query(request)))),
    http.get(`${API}/plugins/:plugin_name/activity`, ({ params, request }) =>
      respond(() => {
        const { scope, parts } = parseScope(store(), query(request));
        return pluginActivity(store(), String(params.plugin_name), scope, parts);
      }),
    ),
  ];
}

