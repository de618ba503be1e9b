/**
 * The typed kaged API client: one openapi-fetch client per connection settings, with a middleware
 * that checks every response body against the contract before anything else reads it (with the
 * endpoint's compiled validators, loaded while its first request is on its way; the body is read
 * and parsed once, and the checked value is what the caller gets), a request time
 * limit, and `unwrap()` turning a result into data or an ApiError.
 */
import createClient, { createQuerySerializer, defaultPathSerializer, type Client, type Middleware } from 'openapi-fetch';
import { wellFormed } from '../../domain/text';
import { ApiError, parseRetryAfter } from './api-error';
import type { paths } from '../../domain/contract/schema.gen';
import { loadResponseValidators, responseValidator } from '../../domain/contract/response-validators';
import { checkWith, type CompiledValidator } from '../../domain/contract/validation';
import { trackRequest } from './pending-requests';
import { takeEarlyAnswer } from './early-answers';

export interface ApiSettings {
  /** Absolute (`https://host/api/v1`) or relative to the page (`/api/v1`). */
  apiBaseUrl: string;
  /** Sent as X-Kaged-User-Id. */
  userId: string;
  /** Sent as `Authorization: Bearer …` when set. */
  token: string | null;
}

export interface ClientOptions {
  /** Per-request time limit; 15 s unless told. */
  timeoutMs?: number;
  /** For tests; the page's fetch otherwise. */
  fetch?: typeof globalThis.fetch;
}

export type KagedClient = Client<paths>;

export const DEFAULT_TIMEOUT_MS = 15_000;

/** The endpoint (`GET /sessions/{session_id}`) each response answered, for unwrap(). */
const endpoints = new WeakMap<Response, string>();

function endpointName(request: Request, schemaPath: string): string {
  return `${request.method} ${schemaPath}`;
}

/** The first characters of a body that is not JSON, for the error message. */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return 'an empty body';
  return `"${flat.length > 60 ? `${flat.slice(0, 60)}…` : flat}"`;
}

/**
 * A response whose body was read and parsed once, by the checking middleware: openapi-fetch takes
 * the data from it without reading or parsing the body a second time.
 */
class CheckedResponse extends Response {
  readonly #text: string;
  readonly #body: unknown;

  constructor(original: Response, text: string, body: unknown) {
    const headers = new Headers(original.headers);
    // openapi-fetch reads a body without a length as text and parses it again; this one has one.
    headers.set('Content-Length', String(Math.max(1, text.length)));
    super(null, { status: original.status, statusText: original.statusText, headers });
    this.#text = text;
    this.#body = body;
  }

  override text(): Promise<string> {
    return Promise.resolve(this.#text);
  }

  override json(): Promise<unknown> {
    return Promise.resolve(this.#body);
  }
}

/** Requests on their way out, by the endpoint whose validators to load once each has left. */
const leaving = new WeakMap<Request, string>();

/**
 * Starts downloading the endpoint's validators (once per endpoint), after its request has left:
 * over HTTP/1.1 the browser opens six connections to a server, and a first screen's calls should
 * not queue behind the files that check them.
 */
function loadValidatorsOf(request: Request): void {
  const endpoint = leaving.get(request);
  // Offline, the download would fail, and some browsers keep a failed module import for the life
  // of the page: the validators are asked for when an answer arrives instead.
  if (endpoint === undefined || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
  void loadResponseValidators(endpoint)?.catch(() => undefined);
}

const validation: Middleware = {
  onRequest({ request, schemaPath }) {
    leaving.set(request, endpointName(request, schemaPath));
    return undefined;
  },
  async onResponse({ request, response, schemaPath }) {
    const endpoint = endpointName(request, schemaPath);
    endpoints.set(response, endpoint);
    let validate: CompiledValidator | null;
    try {
      validate = await responseValidator(endpoint, response.status);
    } catch (cause) {
      // The app's own files, not the daemon: a page reload fetches them again.
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new Error(`${endpoint}: the answer could not be checked against the contract, because this page's validators did not load (${reason}). Reload the page.`, { cause });
    }
    if (validate === null) return undefined;
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The time limit or the network gave out while the answer was read: as when it gives out before.
      throw transportError(endpoint, error) ?? error;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (cause) {
      throw new ApiError({
        kind: 'malformed',
        endpoint,
        status: response.status,
        message: `${endpoint} answered ${response.status} with ${excerpt(text)}, which is not JSON`,
        cause,
      });
    }
    const failure = checkWith(validate, body);
    if (failure !== null) {
      throw new ApiError({
        kind: 'invalid_response',
        endpoint,
        status: response.status,
        fieldPath: failure.fieldPath,
        message: failure.message,
      });
    }
    const checked = new CheckedResponse(response, text, body);
    endpoints.set(checked, endpoint);
    return checked;
  },
  onError({ request, error, schemaPath }) {
    return transportError(endpointName(request, schemaPath), error);
  },
};

/**
 * A request that got no (whole) answer, named by its endpoint: the time limit, or the network.
 * Undefined when the caller gave up (react-query cancelled the query): not a failure to report.
 */
function transportError(endpoint: string, error: unknown): ApiError | undefined {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'AbortError') return undefined;
  if (name === 'TimeoutError') {
    return new ApiError({ kind: 'timeout', endpoint, message: 'no answer within the time limit', cause: error });
  }
  const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return new ApiError({ kind: 'network', endpoint, message: reason || 'network failure', cause: error });
}

const defaultQuerySerializer = createQuerySerializer();

function wellFormedValues(values: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    out[key] = typeof value === 'string' ? wellFormed(value) : Array.isArray(value) ? value.map((v: unknown) => (typeof v === 'string' ? wellFormed(v) : v)) : value;
  }
  return out;
}

export function createApiClient(settings: ApiSettings, options: ClientOptions = {}): KagedClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = { 'X-Kaged-User-Id': settings.userId };
  if (settings.token) headers.Authorization = `Bearer ${settings.token}`;
  const client = createClient<paths>({
    baseUrl: settings.apiBaseUrl,
    headers,
    // Path and query values from the daemon may hold lone surrogates: sent as U+FFFD, never "URI malformed".
    pathSerializer: (pathname, params) => defaultPathSerializer(pathname, wellFormedValues(params)),
    querySerializer: (query) => defaultQuerySerializer(wellFormedValues(query as Record<string, unknown>)),
    // The time limit joins whatever signal the caller passed (react-query's, on cancel); an early
    // request taken over is aborted by it as the client's own would be.
    fetch: (request) => {
      const done = trackRequest(leaving.get(request) ?? `${request.method} ${new URL(request.url).pathname}`);
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);
      // The first screen's requests may have left before this code ran (src/app/early-requests.ts).
      const response = takeEarlyAnswer(request, signal) ?? baseFetch(request, { signal });
      loadValidatorsOf(request);
      void response.then(done, done);
      return response;
    },
  });
  client.use(validation);
  return client;
}

let current: { settings: ApiSettings; client: KagedClient } | null = null;

/** The client for these settings, built once while they stay the same. */
export function clientFor(settings: ApiSettings): KagedClient {
  if (
    current === null ||
    current.settings.apiBaseUrl !== settings.apiBaseUrl ||
    current.settings.userId !== settings.userId ||
    current.settings.token !== settings.token
  ) {
    current = { settings: { ...settings }, client: createApiClient(settings) };
  }
  return current.client;
}

interface ErrorBody {
  code: string;
  message: string;
  details?: Record<string, unknown> | null;
}

/** The data of a successful result; any other result throws its ApiError. */
export function unwrap<D>(result: { data?: D; error?: unknown; response: Response }): Exclude<D, undefined> {
  const { response } = result;
  if (response.ok && result.error === undefined) return result.data as Exclude<D, undefined>;
  // The middleware has already checked the body against the contract's Error schema.
  const body = result.error as ErrorBody;
  throw new ApiError({
    kind: 'http',
    endpoint: endpoints.get(response) ?? response.url,
    status: response.status,
    code: body.code,
    message: body.message,
    details: body.details ?? null,
    retryAfter: response.status === 503 ? parseRetryAfter(response.headers.get('Retry-After')) : null,
  });
}
