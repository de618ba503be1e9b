import { Store } from './store';

/**
 * Which Store fields survive a page reload (demo mode, IndexedDB) and a restart of the loopback
 * server (a data folder), and how each is saved. To persist a new field, add one line here; the
 * field must hold plain serialisable data (Map, array, object, string, number, boolean, null).
 *
 *   value    saved whole whenever its JSON changed (small values and small maps)
 *   entries  a Map saved entry by entry: an entry is rewritten when the Store was told it changed
 *            (Store.touch, which every Store mutator and every write request calls) — for big maps
 *   log      an append-only array: each save appends what was added since the last one
 */
export const PERSISTED_FIELDS = {
  projects: 'value',
  sessions: 'entries',
  dropped: 'entries',
  audit: 'log',
  events: 'log',
  idempotency: 'value',
  idCounter: 'value',
  historySpec: 'value',
  historyEdits: 'value',
  imports: 'value',
  follows: 'value',
  windowOverrides: 'value',
} as const satisfies Partial<Record<keyof Store, PersistKind>>;

export type PersistKind = 'value' | 'entries' | 'log';
export type PersistedField = keyof typeof PERSISTED_FIELDS;

/** Bump when a field changes meaning: older saved data is then discarded and the seed used. */
export const PERSIST_FORMAT = 4;

export interface PersistMeta {
  format: number;
  seed: number;
  scale: string;
  saved_at: string;
}

/** Everything saved, as the backends hand it back. */
export interface Snapshot {
  meta: PersistMeta;
  values: Record<string, unknown>;
  entries: Record<string, Record<string, unknown>>;
  logs: Record<string, unknown[]>;
}

/** One save: only what changed since the previous one, already as JSON text (the Store may change while it is written). */
export interface WriteBatch {
  meta: PersistMeta;
  values: Record<string, string>;
  entries: Record<string, { put: Record<string, string>; remove: string[] }>;
  /** New log items, one JSON text each… */
  appends: Record<string, string[]>;
  /** …added after this many items (so a batch can be applied again after a crash). */
  appendAt: Record<string, number>;
  /** Logs written again from scratch (after a reset, or when one shrank). */
  rewrites: Record<string, string[]>;
}

export interface PersistBackend {
  /** What is saved, or null when nothing is. */
  load(): Promise<Snapshot | null>;
  write(batch: WriteBatch): Promise<void>;
  clear(): Promise<void>;
  /** Where the data lives, for the start-up line. */
  readonly location: string;
}

const fields = Object.entries(PERSISTED_FIELDS) as [PersistedField, PersistKind][];

/** Map → [key, value] pairs; everything else as is (JSON-compatible). */
function toPlain(value: unknown): unknown {
  return value instanceof Map ? { __map: [...value.entries()] } : value;
}

function fromPlain(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && '__map' in value) return new Map((value as { __map: [unknown, unknown][] }).__map);
  return value;
}

type Fields = Record<PersistedField, unknown>;
const read = (store: Store, field: PersistedField): unknown => (store as unknown as Fields)[field];

/**
 * The persisted state of one Store as a series of small batches: remembers what it last wrote
 * (a value's JSON, a log's length) and answers the difference.
 */
export class SnapshotDiffer {
  private readonly valueJson = new Map<string, string>();
  private readonly logLength = new Map<string, number>();
  private readonly savedKeys = new Map<string, Set<string>>();

  constructor(private readonly meta: Omit<PersistMeta, 'saved_at'>) {}

  /** Remembers a loaded snapshot as already written. */
  seen(snapshot: Snapshot): void {
    for (const [field, kind] of fields) {
      if (kind === 'value' && field in snapshot.values) this.valueJson.set(field, JSON.stringify(snapshot.values[field]));
      if (kind === 'log') this.logLength.set(field, snapshot.logs[field]?.length ?? 0);
      if (kind === 'entries') this.savedKeys.set(field, new Set(Object.keys(snapshot.entries[field] ?? {})));
    }
  }

  /** Everything (after a seed or a reset); null when nothing changed since the last batch. */
  next(store: Store, everything = false): WriteBatch | null {
    const batch: WriteBatch = { meta: { ...this.meta, saved_at: new Date().toISOString() }, values: {}, entries: {}, appends: {}, appendAt: {}, rewrites: {} };
    let changed = everything;
    const touched = new Set(store.touched);
    store.touched.clear();
    for (const [field, kind] of fields) {
      const value = read(store, field);
      if (kind === 'value') {
        const plain = toPlain(value);
        const json = JSON.stringify(plain) ?? 'null';
        if (everything || json !== this.valueJson.get(field)) {
          batch.values[field] = json;
          this.valueJson.set(field, json);
          changed = true;
        }
      } else if (kind === 'log') {
        const list = value as unknown[];
        const saved = this.logLength.get(field) ?? 0;
        if (everything || list.length < saved) {
          batch.rewrites[field] = list.map((item) => JSON.stringify(item));
          changed = true;
        } else if (list.length > saved) {
          batch.appends[field] = list.slice(saved).map((item) => JSON.stringify(item));
          batch.appendAt[field] = saved;
          changed = true;
        }
        this.logLength.set(field, list.length);
      } else {
        const map = value as Map<string, unknown>;
        const saved = this.savedKeys.get(field) ?? new Set<string>();
        const put: Record<string, string> = {};
        for (const [key, entry] of map) {
          if (everything || !saved.has(key) || touched.has(key)) put[key] = JSON.stringify(entry);
        }
        // A dropped session's record goes with its saved form: its messages back in memory, it is
        // still saved without them until it changes (then saved whole, and its record removed).
        const remove = [...saved].filter((key) => !map.has(key) && (field !== 'dropped' || everything || touched.has(key)));
        if (Object.keys(put).length > 0 || remove.length > 0 || everything) {
          batch.entries[field] = { put, remove: everything ? [] : remove };
          changed = true;
        }
        this.savedKeys.set(field, new Set(map.keys()));
      }
    }
    return changed ? batch : null;
  }
}

/**
 * The persisted state of a Store as one Snapshot, deep-copied (structured clone): the Store may
 * change afterwards without changing it. What a reset to the same seed restores (restoreStore of a
 * copy), far quicker than seeding again.
 */
export function snapshotStore(store: Store, meta: Omit<PersistMeta, 'saved_at'>): Snapshot {
  const snapshot: Snapshot = { meta: { ...meta, saved_at: new Date().toISOString() }, values: {}, entries: {}, logs: {} };
  for (const [field, kind] of fields) {
    const value = read(store, field);
    if (kind === 'value') snapshot.values[field] = structuredClone(toPlain(value));
    else if (kind === 'log') snapshot.logs[field] = structuredClone(value as unknown[]);
    else snapshot.entries[field] = structuredClone(Object.fromEntries(value as Map<string, unknown>));
  }
  return snapshot;
}

/** A Store holding the snapshot's data; derived state (indexes, the history's columns) is the caller's to rebuild. */
export function restoreStore(snapshot: Snapshot): Store {
  const store = new Store();
  const target = store as unknown as Fields;
  for (const [field, kind] of fields) {
    if (kind === 'value') {
      if (!(field in snapshot.values)) continue;
      const value = fromPlain(snapshot.values[field]);
      const current = target[field];
      if (current instanceof Map && value instanceof Map) {
        for (const [k, v] of value) current.set(k, v);
      } else {
        target[field] = value;
      }
    } else if (kind === 'log') {
      const list = target[field] as unknown[];
      for (const item of snapshot.logs[field] ?? []) list.push(item);
    } else {
      const map = target[field] as Map<string, unknown>;
      for (const [k, v] of Object.entries(snapshot.entries[field] ?? {})) map.set(k, v);
    }
  }
  for (const session of store.sessions.values()) store.indexCompactions(session);
  store.touched.clear();
  return store;
}
