/**
 * The first screen's requests started by `src/app/early-requests.ts` before the app's code was
 * evaluated, taken over here by the API client: the client's request for the same URL with the
 * same identity headers gets the early request's answer instead of asking again, once. What the
 * first screen's queries have not taken when main.tsx closes the handover is dropped (never
 * adopted later: a later query asks afresh).
 *
 * The early script and this module share nothing but this global (the early script imports no
 * module of the app, so it loads in one small file).
 */

/** One request the early script started. */
export interface EarlyRequest {
  /** Absolute URL, as the client's Request spells it. */
  url: string;
  /** The X-Kaged-User-Id and Authorization headers it was sent with (null: none). */
  userId: string;
  authorization: string | null;
  response: Promise<Response>;
  /** Aborts the early request: the adopting caller's signal (time limit, cancel) is passed on. */
  abort: (reason: unknown) => void;
}

export interface EarlyStart {
  /** The fetch of config.json (the same request the app makes: runtime-config.ts). */
  config: Promise<Response>;
  /** The requests started, filled in once config.json has been read (`ready`). */
  requests: EarlyRequest[];
  ready: Promise<void>;
}

declare global {
  /** Set by the early script; 'closed' once the app has taken what it takes (the early script then does nothing). */
  var __compactorEarly: EarlyStart | 'closed' | undefined;
}

function open(): EarlyStart | null {
  const early = globalThis.__compactorEarly;
  return early === undefined || early === 'closed' ? null : early;
}

/**
 * The early fetch of config.json, or null (the early script did not run: then it never will, and
 * the app fetches config.json itself).
 */
export function takeEarlyConfig(): Promise<Response> | null {
  const early = open();
  if (early === null) globalThis.__compactorEarly = 'closed';
  return early?.config ?? null;
}

/** Settles once the early requests have started (or the early script decided to start none). */
export function earlyRequestsStarted(): Promise<void> {
  return open()?.ready ?? Promise.resolve();
}

/**
 * The early answer to this request, if one was started for the same GET, URL and identity
 * headers and not taken yet; the caller's `signal` then aborts it as it would the caller's own
 * fetch (its reason is the fetch's rejection).
 */
export function takeEarlyAnswer(request: Request, signal: AbortSignal): Promise<Response> | null {
  const early = open();
  if (early === null || request.method !== 'GET') return null;
  const index = early.requests.findIndex(
    (r) => r.url === request.url && r.userId === request.headers.get('X-Kaged-User-Id') && r.authorization === request.headers.get('Authorization'),
  );
  if (index < 0) return null;
  const [taken] = early.requests.splice(index, 1) as [EarlyRequest];
  if (signal.aborted) taken.abort(signal.reason);
  else signal.addEventListener('abort', () => taken.abort(signal.reason), { once: true });
  return taken.response;
}

/** Ends the handover: early requests not taken are aborted, and none is taken from now on. */
export function closeEarlyAnswers(): void {
  const early = open();
  globalThis.__compactorEarly = 'closed';
  for (const left of early?.requests ?? []) left.abort(new DOMException('not adopted by the first screen', 'AbortError'));
}
