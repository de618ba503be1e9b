/**
 * The first screen's data, asked for before the app's code has arrived and run (index.html loads
 * this small file first, `async`): on a slow device evaluating the libraries and the entry takes
 * a second or more, and the first screen's requests used to leave only after it. This reads
 * config.json (handed to the app, which checks it as always) and starts the requests the route's
 * `prefetch` makes (app/router.tsx), with the same URLs and identity headers; the API client
 * takes each answer instead of asking again (lib/api/early-answers.ts), and checks and reports it
 * as any other. A request the app does not make the same way is not taken (and is aborted).
 *
 * Then it asks for the page's code (app/first-screen-code.ts). No import of the app's modules (only
 * types, and first-screen-code.ts, written for it): the file stays small and loads on its own.
 * e2e/early-requests.spec.ts counts the requests (each once) and fails them.
 */
import type { EarlyRequest } from '../lib/api/early-answers';
import { linkFirstScreenCode } from './first-screen-code';

/** The first page of a session's ledger in its default view (features/compaction-ledger: LEDGER_FIRST_PAGE_SIZE, the default sort). */
export const DEFAULT_LEDGER_FIRST_PAGE = 'sort=-created_at&limit=50';

/**
 * The shell's read on every screen that the early script can take: the project switcher's projects
 * (app/router.tsx's prefetchRoute asks for the same). Left to the shell's first render, it left only
 * after it, and its answer, validators and the render they cause landed between the first screen's
 * data and its render. Not the health: the live stream asks for it afresh when it connects (a cached
 * answer could hide a restart), so an early one would be asked twice.
 */
export const SHELL_PATHS: readonly string[] = ['/projects'];

/**
 * The API paths the route's prefetch asks for first: the page's, for the default views only (the
 * sessions list; a session's view without search parameters: the session, its stats, the ledger's
 * first page; with parameters, the session alone; elsewhere none), then the shell's.
 */
export function earlyPaths(pathname: string, search: string): string[] {
  return [...pagePaths(pathname, search), ...SHELL_PATHS];
}

function pagePaths(pathname: string, search: string): string[] {
  if (pathname === '/' || pathname === '/sessions') return ['/sessions'];
  const match = /^\/sessions\/([^/]+)$/.exec(pathname);
  if (match === null) return [];
  let id: string;
  try {
    id = encodeURIComponent(decodeURIComponent(match[1] as string));
  } catch {
    return [];
  }
  const session = `/sessions/${id}`;
  return search === '' ? [session, `${session}/compaction-stats`, `${session}/compactions?${DEFAULT_LEDGER_FIRST_PAGE}`] : [session];
}

/** Anything stored by the Settings screen (an override, a token for this tab): the app then asks itself. */
function storedConnection(): boolean {
  try {
    const stored = JSON.parse(localStorage.getItem('compactor.settings') ?? 'null') as { state?: { overrides?: object } } | null;
    return Object.keys(stored?.state?.overrides ?? {}).length > 0 || sessionStorage.getItem('compactor.settings.token') !== null;
  } catch {
    return true;
  }
}

/** The requests for config.json's connection, or none where the app's would differ or the shape is not config.json's. */
async function startRequests(config: Promise<Response>, paths: string[]): Promise<EarlyRequest[]> {
  const answer = await config;
  if (!answer.ok) return [];
  const raw = (await answer.clone().json()) as Record<string, unknown>;
  const { apiBaseUrl, userId, token } = raw;
  if (typeof apiBaseUrl !== 'string' || typeof userId !== 'string' || (token !== undefined && token !== null && typeof token !== 'string')) return [];
  const base = apiBaseUrl.trim().replace(/\/+$/, '');
  const authorization = token ? `Bearer ${token}` : null;
  // A token going to another origin waits for the operator's confirmation (config/connection-security.ts).
  if (authorization !== null && new URL(base, document.baseURI).origin !== window.location.origin) return [];
  const headers: Record<string, string> = { 'X-Kaged-User-Id': userId.trim() };
  if (authorization !== null) headers.Authorization = authorization;
  return paths.map((path) => {
    const controller = new AbortController();
    const url = new URL(base + path, document.baseURI).href;
    const response = fetch(url, { headers, signal: controller.signal });
    // Not taken, or failed before it was: the app's own request reports what it gets.
    response.catch(() => undefined);
    return { url, userId: headers['X-Kaged-User-Id'] as string, authorization, response, abort: (reason: unknown) => controller.abort(reason) };
  });
}

function start(): void {
  // Demo mode: the simulated daemon is not running yet (main.tsx starts it).
  if ((import.meta.env.DEV && __KAGED_SIMULATED__) || globalThis.__compactorEarly !== undefined) return;
  const config = fetch(new URL('config.json', document.baseURI), { cache: 'no-store' });
  const requests: EarlyRequest[] = [];
  const paths = earlyPaths(window.location.pathname, window.location.search);
  const started = storedConnection() ? Promise.resolve([]) : startRequests(config, paths);
  const ready = started.then(
    (list) => void requests.push(...list),
    () => undefined,
  );
  // The page's code once its data has left: over HTTP/1.1 (six connections) the other way round
  // would queue the data behind a dozen files.
  void ready.then(() => linkFirstScreenCode(document, window.location.pathname));
  globalThis.__compactorEarly = { config, requests, ready };
}

if (typeof document !== 'undefined') start();
