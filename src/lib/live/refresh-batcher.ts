/**
 * Refetches coalesced: the query keys live frames make stale are collected and handed over
 * together, at most once per interval, however fast frames come (a burst of a thousand frames
 * costs one refetch of each key it touched, not a thousand). The first change after a quiet spell
 * goes out after `settleMs` (the rest of its burst: a compaction's turns, the compaction and its
 * rollback point come as several frames within milliseconds, and cost one refetch of each key).
 */
import type { QueryKey } from '@tanstack/react-query';

export interface RefreshBatcherOptions {
  /** Receives the distinct keys made stale since the last flush. */
  flush: (keys: QueryKey[]) => void;
  /** The shortest time between two flushes. */
  intervalMs: number;
  /** How long the first change after a quiet spell waits for the rest of its burst (0: the next tick). */
  settleMs?: number;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export class RefreshBatcher {
  private readonly pending = new Map<string, QueryKey>();
  private timer: unknown = null;
  private lastFlush = Number.NEGATIVE_INFINITY;
  private readonly options: Required<RefreshBatcherOptions>;

  constructor(options: RefreshBatcherOptions) {
    this.options = {
      now: () => Date.now(),
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      settleMs: 0,
      ...options,
    };
  }

  /** Marks these keys stale; they are flushed with the next batch. */
  add(keys: readonly QueryKey[]): void {
    for (const key of keys) this.pending.set(JSON.stringify(key), key);
    if (this.pending.size === 0 || this.timer !== null) return;
    const wait = Math.max(this.options.settleMs, this.lastFlush + this.options.intervalMs - this.options.now());
    this.timer = this.options.setTimer(() => this.flushNow(), wait);
  }

  /** Keys waiting for the next flush. */
  get size(): number {
    return this.pending.size;
  }

  private flushNow(): void {
    this.timer = null;
    if (this.pending.size === 0) return;
    const keys = coveringKeys([...this.pending.values()]);
    this.pending.clear();
    this.lastFlush = this.options.now();
    this.options.flush(keys);
  }

  /** Drops what is pending (the stream closed, or everything is being refetched anyway). */
  clear(): void {
    if (this.timer !== null) this.options.clearTimer(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}

function isPrefix(prefix: QueryKey, key: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, index) => JSON.stringify(part) === JSON.stringify(key[index]));
}

/** The keys without those another key of the list already covers as a prefix (react-query invalidates by prefix). */
export function coveringKeys(keys: readonly QueryKey[]): QueryKey[] {
  return keys.filter((key, index) => !keys.some((other, otherIndex) => otherIndex !== index && isPrefix(other, key) && (other.length < key.length || otherIndex < index)));
}
