import type { Scope } from './scope';
import type { Tables } from './tables';

/**
 * Aggregate answers kept while the data is unchanged. Every change made through the Store (a
 * flag, a note, a new record, an audit event, a reset) gives new tables (tablesOf), and the
 * answers computed from the old ones go with them: no invalidation to forget. A few dozen
 * answers per state are kept (the health view asks five, a plugin page one).
 */
export const RESULT_CACHE_SIZE = 48;

export interface Answer<T> {
  value: T;
  /** Milliseconds spent computing it (0 when it came from the cache). */
  ms: number;
  cached: boolean;
}

const caches = new WeakMap<Tables, Map<string, unknown>>();

/** What a scope resolves to: two requests with the same key get the same answer. */
export function scopeKey(scope: Scope): string {
  const { projectId, sessionId, agentPath, origin, range } = scope;
  return JSON.stringify([projectId, sessionId, agentPath, origin, range.from, range.to, range.zone.name, range.bucket]);
}

/** The answer for key under these tables, computed once (fresh: compute anyway, as for Cache-Control: no-cache). */
export function cachedAnswer<T>(tables: Tables, key: string, compute: () => T, fresh = false): Answer<T> {
  let cache = caches.get(tables);
  if (!cache) {
    cache = new Map();
    caches.set(tables, cache);
  }
  if (!fresh && cache.has(key)) {
    const value = cache.get(key) as T;
    // Most recently used last.
    cache.delete(key);
    cache.set(key, value);
    return { value, ms: 0, cached: true };
  }
  const start = performance.now();
  const value = compute();
  const ms = performance.now() - start;
  cache.delete(key);
  cache.set(key, value);
  for (const old of cache.keys()) {
    if (cache.size <= RESULT_CACHE_SIZE) break;
    cache.delete(old);
  }
  return { value, ms, cached: false };
}
