/**
 * Runtime configuration: config.json, served beside index.html, says where the daemon is and who
 * the operator is. It is read at start, so pointing Compactor at another daemon needs no rebuild.
 */
import type { ApiSettings } from '../lib/api/client';
import { checkHeaderValue, checkToken } from './connection-security';

export type RuntimeConfig = ApiSettings;

/** Used when config.json is missing or broken (the app says so). */
export const BUILT_IN_CONFIG: RuntimeConfig = { apiBaseUrl: '/api/v1', userId: 'operator', token: null };

/**
 * Whether a base URL has a usable shape: an absolute http(s) URL, or a path from the page's
 * origin (`/api/v1`). Answers what is wrong, or null.
 */
export function checkBaseUrl(value: string): string | null {
  const text = value.trim();
  if (text === '') return 'The API base URL is empty.';
  if (text.startsWith('/')) {
    if (text.startsWith('//')) return 'Write the scheme: https://host/api/v1, or a path such as /api/v1.';
    return /[?#\s]/.test(text) ? 'The API base URL must not contain a query, fragment or spaces.' : null;
  }
  const notAbsolute = 'The API base URL must be an absolute http(s) URL (https://host/api/v1) or a path (/api/v1).';
  // Without scheme:// ("localhost:4010/api") URL() would read "localhost:" as the scheme; a scheme
  // that is plainly one (javascript:…, data:…) is named.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(text)?.[1];
    return scheme && !/^https?$/i.test(scheme) ? `The API base URL must use http or https, not ${scheme.toLowerCase()}.` : notAbsolute;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return notAbsolute;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `The API base URL must use http or https, not ${url.protocol.replace(':', '')}.`;
  if (url.search || url.hash) return 'The API base URL must not contain a query or fragment.';
  return null;
}

/** Trailing slashes removed: `/api/v1/` → `/api/v1`. */
export function normalizeBaseUrl(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Checks the parsed config.json; throws an Error whose message says what to fix. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('config.json must hold a JSON object.');
  const record = raw as Record<string, unknown>;
  const unknownKeys = Object.keys(record).filter((k) => !['apiBaseUrl', 'userId', 'token'].includes(k));
  if (unknownKeys.length > 0) throw new Error(`config.json has unknown keys: ${unknownKeys.join(', ')} (expected apiBaseUrl, userId, token).`);
  const { apiBaseUrl, userId, token } = record;
  if (typeof apiBaseUrl !== 'string') throw new Error('config.json: apiBaseUrl must be a string such as "/api/v1".');
  const urlProblem = checkBaseUrl(apiBaseUrl);
  if (urlProblem !== null) throw new Error(`config.json: ${urlProblem}`);
  if (typeof userId !== 'string' || userId.trim() === '') throw new Error('config.json: userId must be a non-empty string.');
  if (token !== undefined && token !== null && typeof token !== 'string') throw new Error('config.json: token must be a string or null.');
  const headerProblem = checkHeaderValue('userId', userId.trim()) ?? (token ? checkToken(token, 'token') : null);
  if (headerProblem !== null) throw new Error(`config.json: ${headerProblem}`);
  return { apiBaseUrl: normalizeBaseUrl(apiBaseUrl), userId: userId.trim(), token: token || null };
}

/**
 * The connection overrides read back from this browser's storage, each checked as the Settings
 * screen checks what is typed: storage can be edited by hand or by another script on the origin
 * (a `javascript:` base URL would be tried against the CSP on every request). What fails is
 * dropped, and said.
 */
export function checkStoredOverrides(raw: unknown): { overrides: Partial<RuntimeConfig>; problems: string[] } {
  const overrides: Partial<RuntimeConfig> = {};
  const problems: string[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { overrides, problems: raw === undefined ? [] : ['The stored connection settings are not an object.'] };
  const { apiBaseUrl, userId, token } = raw as Record<string, unknown>;
  if (apiBaseUrl !== undefined) {
    const problem = typeof apiBaseUrl === 'string' ? checkBaseUrl(apiBaseUrl) : 'The API base URL is not text.';
    if (problem === null) overrides.apiBaseUrl = normalizeBaseUrl(apiBaseUrl as string);
    else problems.push(problem);
  }
  if (userId !== undefined) {
    const problem = typeof userId !== 'string' || userId.trim() === '' ? 'The operator id is empty or not text.' : checkHeaderValue('The operator id', userId.trim());
    if (problem === null) overrides.userId = (userId as string).trim();
    else problems.push(problem);
  }
  if (token !== undefined) {
    const problem = token === null ? null : typeof token !== 'string' ? 'The token is not text.' : checkToken(token);
    if (problem === null) overrides.token = (token as string | null) || null;
    else problems.push(problem);
  }
  return { overrides, problems };
}

export interface LoadedConfig {
  config: RuntimeConfig;
  /** Why config.json could not be used (the built-in config is used instead), or null. */
  problem: string | null;
}

/** Fetches config.json relative to the document's base URI and checks it. Never throws. */
export async function loadRuntimeConfig(baseUri: string, fetchImpl: typeof fetch = fetch): Promise<LoadedConfig> {
  const url = new URL('config.json', baseUri);
  let raw: unknown;
  try {
    const response = await fetchImpl(url, { cache: 'no-store' });
    if (!response.ok) return { config: BUILT_IN_CONFIG, problem: `${url.pathname} answered ${response.status}.` };
    const text = await response.text();
    try {
      raw = JSON.parse(text);
    } catch {
      return { config: BUILT_IN_CONFIG, problem: `${url.pathname} is not valid JSON.` };
    }
  } catch (error) {
    return { config: BUILT_IN_CONFIG, problem: `${url.pathname} could not be fetched (${error instanceof Error ? error.message : String(error)}).` };
  }
  try {
    return { config: parseRuntimeConfig(raw), problem: null };
  } catch (error) {
    return { config: BUILT_IN_CONFIG, problem: (error as Error).message };
  }
}
