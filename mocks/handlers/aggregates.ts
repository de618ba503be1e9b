import { http, HttpResponse } from 'msw';
import { breakdown } from '../daemon/read-models/aggregates/breakdown';
import { parseDimension } from '../daemon/read-models/aggregates/breakdown-groups';
import { compactionHealth } from '../daemon/read-models/aggregates/health';
import { crossLedger } from '../daemon/read-models/aggregates/ledger';
import { pluginActivity } from '../daemon/read-models/aggregates/plugin-activity';
import { reviewQueue } from '../daemon/read-models/aggregates/review-queue';
import { cachedAnswer, scopeKey } from '../daemon/read-models/aggregates/result-cache';
import { parseScope, type PartScope, type Scope } from '../daemon/read-models/aggregates/scope';
import { parseSpiralParameters } from '../daemon/read-models/aggregates/spiral-parameters';
import { spirals } from '../daemon/read-models/aggregates/spirals';
import { topSessions } from '../daemon/read-models/aggregates/top-sessions';
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

/**
 * An aggregate over the request's scope, answered from the cache while the data is unchanged
 * (Cache-Control: no-cache computes it anyway). Server-Timing says how long it took to compute,
 * or that it came from the cache: the benchmark prints it.
 */
function aggregate(daemon: SimulatedDaemon, request: Request, name: string, compute: (scope: Scope, parts: PartScope[], params: URLSearchParams) => unknown, extra: (params: URLSearchParams) => unknown = () => null) {
  return respond(() => {
    const params = query(request);
    const { tables, scope, parts } = parseScope(daemon.store, params);
    const key = `${name} ${scopeKey(scope)} ${JSON.stringify(extra(params))}`;
    const fresh = /no-cache/i.test(request.headers.get('cache-control') ?? '');
    const answer = cachedAnswer(tables, key, () => compute(scope, parts, params), fresh);
    return HttpResponse.json(answer.value as Record<string, unknown>, {
      headers: { 'Server-Timing': answer.cached ? 'aggregate;dur=0;desc="cached"' : `aggregate;dur=${answer.ms.toFixed(1)};desc="computed"` },
    });
  });
}

/** Aggregates across sessions (issue 9): health, breakdowns, top sessions, spirals, the cross-session ledger, the review queue, plugin pages. */
export function aggregateHandlers(daemon: SimulatedDaemon) {
  const store = () => daemon.store;
  return [
    http.get(`${API}/compaction-health`, ({ request }) => aggregate(daemon, request, 'health', (scope, parts) => compactionHealth(scope, parts))),
    http.get(`${API}/compaction-health/breakdown`, ({ request }) =>
      aggregate(daemon, request, 'breakdown', (scope, parts, params) => breakdown(scope, parts, parseDimension(params.get('by'))), (params) => parseDimension(params.get('by'))),
    ),
    http.get(`${API}/compaction-health/top-sessions`, ({ request }) =>
      aggregate(daemon, request, 'top-sessions', (scope, parts, params) => topSessions(scope, parts, limitParam(params, 10, 100)), (params) => limitParam(params, 10, 100)),
    ),
    http.get(`${API}/compaction-health/spirals`, ({ request }) =>
      aggregate(daemon, request, 'spirals', (scope, parts, params) => spirals(scope, parts, parseSpiralParameters(params), limitParam(params, 50, 500)), (params) => [parseSpiralParameters(params), limitParam(params, 50, 500)]),
    ),
    http.get(`${API}/compactions`, ({ request }) => respond(() => crossLedger(store(), query(request)))),
    http.get(`${API}/review-queue`, ({ request }) => respond(() => reviewQueue(store(), query(request)))),
    http.get(`${API}/plugins/:plugin_name/activity`, ({ params: path, request }) =>
      aggregate(daemon, request, 'plugin', (scope, parts) => pluginActivity(store(), String(path.plugin_name), scope, parts), () => String(path.plugin_name)),
    ),
  ];
}
