import type { Store } from '../../store/store';

/** Answers a write again with what its first call answered, when it repeats the same idempotency key. */
export function remember<T>(store: Store, key: string | null, compute: () => T): T {
  if (key === null) return compute();
  if (store.idempotency.has(key)) return store.idempotency.get(key) as T;
  const result = compute();
  store.idempotency.set(key, result);
  return result;
}
