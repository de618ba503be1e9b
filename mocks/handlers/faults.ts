import { delay, getResponse, http, HttpResponse, type RequestHandler } from 'msw';
import { hostileBody } from '../daemon/fault-injection/hostile-answer';
import { implausibleBody, IMPLAUSIBLE_CASES, isImplausibleCase } from '../daemon/fault-injection/implausible';
import { API, errorResponse } from './respond';

/**
 * Fault scenarios, chosen per request (header X-Kaged-Mock-Fault or query __fault), per server
 * start (MOCK_FAULTS, JSON rules) or at run time (POST /__mock/faults). The header is either a
 * fault, for that request, or a scoped fault (JSON, see `ScopedFault`): a browser can then send
 * one header with every request (Playwright's extraHTTPHeaders) and only the matching ones fail,
 * with no request interception (which would turn off the browser's HTTP cache).
 *   status:N      answer N with the Error shape (503 adds Retry-After: 2)
 *   latency:MS    answer normally after MS milliseconds
 *   timeout       never answer
 *   malformed     a 200 whose body is not JSON
 *   invalid       the real answer, with one field corrupted so it breaks the contract
 *   implausible:C the real answer, contract-valid but implausible (case C of mocks/daemon/fault-injection/implausible.ts:
 *                 cost-infinite, date-future, agent-cycle, duplicate-records, foreign-record, …)
 *   hostile       (rules only) the real answer with the strings under the rule's `keys` replaced in
 *                 turn by its `texts` (mocks/daemon/fault-injection/hostile-answer.ts)
 */
export interface FaultRule {
  method?: string;
  /** Regular expression source matched against the path after /api/v1. */
  path: string;
  fault: string;
  /** How many requests it hits; unlimited when absent. */
  times?: number;
  /** `hostile`: which keys' strings to replace, and the texts to put there in turn. */
  keys?: string[];
  texts?: string[];
}

interface ActiveRule extends FaultRule {
  re: RegExp;
  left: number;
}

export class FaultBook {
  private rules: ActiveRule[] = [];

  set(rules: readonly FaultRule[]): void {
    this.rules = rules.map((r) => {
      parseFault(r.fault); // rejects unknown faults up front
      return { ...r, re: new RegExp(r.path), left: r.times ?? Number.POSITIVE_INFINITY };
    });
  }

  clear(): void {
    this.rules = [];
  }

  list(): FaultRule[] {
    return this.rules.map(({ method, path, fault, left, keys }) => ({ method, path, fault, ...(Number.isFinite(left) ? { times: left } : {}), ...(keys ? { keys } : {}) }));
  }

  /** The rule for this request, if one matches; consumes one of its `times`. */
  take(method: string, apiPath: string): FaultRule | null {
    const rule = this.rules.find((r) => r.left > 0 && (!r.method || r.method.toUpperCase() === method) && r.re.test(apiPath));
    if (!rule) return null;
    rule.left -= 1;
    return rule;
  }
}

/** A per-request fault that applies only to the requests it names. */
export interface ScopedFault {
  fault: string;
  /** Only requests of this method. */
  method?: string;
  /** Only paths (after /api/v1) matching this regular expression source. */
  path?: string;
  /** Not paths matching this regular expression source. */
  except?: string;
  /** Not requests whose body contains this text (a rollback, not its dry-run preview). */
  unlessBody?: string;
}

/**
 * The fault a request's header gives it: the header itself (a fault), or a scoped fault's when the
 * request is in its scope, else null. A malformed scoped fault is thrown, to be answered 400.
 */
export async function headerFault(given: string, method: string, apiPath: string, body: () => Promise<string>): Promise<string | null> {
  if (!given.startsWith('{')) return given;
  let scoped: ScopedFault;
  try {
    scoped = JSON.parse(given) as ScopedFault;
  } catch {
    throw new Error(`a scoped fault that is not JSON: ${given.slice(0, 100)}`);
  }
  if (typeof scoped.fault !== 'string') throw new Error('a scoped fault without "fault"');
  if (scoped.method && scoped.method.toUpperCase() !== method) return null;
  if (scoped.path && !new RegExp(scoped.path).test(apiPath)) return null;
  if (scoped.except && new RegExp(scoped.except).test(apiPath)) return null;
  if (scoped.unlessBody && (await body()).includes(scoped.unlessBody)) return null;
  return scoped.fault;
}

type Fault =
  | { kind: 'status'; status: number }
  | { kind: 'latency'; ms: number }
  | { kind: 'timeout' }
  | { kind: 'malformed' }
  | { kind: 'invalid' }
  | { kind: 'implausible'; name: string }
  | { kind: 'hostile' };

export function parseFault(spec: string): Fault {
  const [kind, arg = ''] = spec.split(':');
  const n = Number(arg);
  if (kind === 'status' && Number.isInteger(n) && n >= 400 && n <= 599) return { kind, status: n };
  if (kind === 'latency' && Number.isFinite(n) && n >= 0) return { kind, ms: n };
  if (kind === 'timeout' || kind === 'malformed' || kind === 'invalid' || kind === 'hostile') return { kind };
  if (kind === 'implausible' && isImplausibleCase(arg)) return { kind, name: arg };
  throw new Error(`unknown fault "${spec}" (status:N, latency:MS, timeout, malformed, invalid, hostile, implausible:${IMPLAUSIBLE_CASES.join('|')})`);
}

const STATUS_CODES: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'version_conflict', 429: 'rate_limited', 500: 'internal', 502: 'bad_gateway', 503: 'unavailable' };

/**
 * Fields whose content the contract leaves free (an audit event's `data`): a number turned into a
 * string there still validates, so the corruption goes elsewhere.
 */
const FREE_FORM_FIELDS = new Set(['data']);

/** Breaks the contract in one place: the first number found (outside free-form fields) becomes a string. */
export function corrupt(value: unknown): unknown {
  let done = false;
  const walk = (node: unknown): unknown => {
    if (done) return node;
    if (typeof node === 'number') {
      done = true;
      return `${node} (corrupted)`;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, FREE_FORM_FIELDS.has(k) ? v : walk(v)]));
    return node;
  };
  const out = walk(value);
  return done ? out : { ...(value as object), corrupted: true };
}

/** A handler placed before the API: applies a fault, or falls through to the real route. */
export function faultHandler(book: FaultBook, realHandlers: () => RequestHandler[]) {
  return http.all(`${API}/*`, async ({ request }) => {
    const url = new URL(request.url);
    const apiPath = url.pathname.replace(/^.*\/api\/v1/, '');
    const given = request.headers.get('x-kaged-mock-fault') ?? url.searchParams.get('__fault');
    const rule = given === null ? book.take(request.method, apiPath) : null;
    let fault: Fault;
    try {
      const spec = given === null ? rule?.fault : await headerFault(given, request.method, apiPath, () => request.clone().text());
      if (!spec) return undefined;
      fault = parseFault(spec);
    } catch (error) {
      return errorResponse(400, 'invalid_fault', (error as Error).message);
    }
    switch (fault.kind) {
      case 'latency':
        await delay(fault.ms);
        return undefined;
      case 'timeout':
        await delay('infinite');
        return undefined;
      case 'status':
        return errorResponse(fault.status, STATUS_CODES[fault.status] ?? 'error', `Simulated fault: the daemon answered ${fault.status}.`, fault.status === 503 ? { 'Retry-After': '2' } : {});
      case 'malformed':
        return new HttpResponse('{"items": [{"id": "truncated', { status: 200, headers: { 'Content-Type': 'application/json' } });
      case 'invalid': {
        const real = await getResponse(realHandlers(), request.clone());
        if (!real) return undefined;
        return HttpResponse.json(corrupt(await real.json()) as object, { status: real.status });
      }
      case 'hostile': {
        const real = await getResponse(realHandlers(), request.clone());
        if (!real?.ok) return real ?? undefined;
        return HttpResponse.json(hostileBody(await real.json(), rule?.keys ?? [], rule?.texts ?? []) as object, { status: real.status });
      }
      case 'implausible': {
        const real = await getResponse(realHandlers(), request.clone());
        if (!real) return undefined;
        if (!real.ok) return real;
        return new HttpResponse(implausibleBody(fault.name, await real.json()), { status: real.status, headers: { 'Content-Type': 'application/json' } });
      }
    }
  });
}
