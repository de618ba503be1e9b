import type { PersistBackend, PersistMeta, Snapshot, WriteBatch } from '../persisted';

const STORE = 'kv';

function done(request: IDBRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

/**
 * Persistence in IndexedDB (demo mode: the simulated daemon in the browser). One object store of
 * keyed JSON texts: "meta", "v:<field>", "e:<field>:<key>", "l:<field>:<chunk>" (a log is saved
 * as chunks appended in order). Each save is one transaction, so a reload never sees half of it.
 */
export class IndexedDbBackend implements PersistBackend {
  private db: Promise<IDBDatabase> | null = null;
  private chunk = 0;

  constructor(
    private readonly name = 'kaged-simulator',
    private readonly factory: IDBFactory = indexedDB,
  ) {}

  get location(): string {
    return `IndexedDB "${this.name}"`;
  }

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise((resolve, reject) => {
      const request = this.factory.open(this.name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error(`cannot open IndexedDB ${this.name}`));
    });
    return this.db;
  }

  async load(): Promise<Snapshot | null> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readonly');
    const store = tx.objectStore(STORE);
    const [keys, values] = (await Promise.all([done(store.getAllKeys()), done(store.getAll())])) as [IDBValidKey[], string[]];
    const snapshot: Snapshot = { meta: null as unknown as PersistMeta, values: {}, entries: {}, logs: {} };
    keys.forEach((key, i) => {
      const k = String(key);
      const text = values[i] as string;
      if (k === 'meta') {
        snapshot.meta = JSON.parse(text) as PersistMeta;
      } else if (k.startsWith('v:')) {
        snapshot.values[k.slice(2)] = JSON.parse(text);
      } else if (k.startsWith('e:')) {
        const [field, ...rest] = k.slice(2).split(':');
        (snapshot.entries[field as string] ??= {})[rest.join(':')] = JSON.parse(text);
      } else if (k.startsWith('l:')) {
        const [field, chunk] = k.slice(2).split(':');
        // Keys come back sorted, so chunks are in the order they were appended.
        const log = (snapshot.logs[field as string] ??= []);
        for (const item of JSON.parse(text) as unknown[]) log.push(item);
        this.chunk = Math.max(this.chunk, Number(chunk) + 1);
      }
    });
    return snapshot.meta ? snapshot : null;
  }

  private nextChunk(): string {
    this.chunk += 1;
    return this.chunk.toString().padStart(12, '0');
  }

  async write(batch: WriteBatch): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    for (const [field, text] of Object.entries(batch.values)) store.put(text, `v:${field}`);
    for (const [field, { put, remove }] of Object.entries(batch.entries)) {
      for (const [key, text] of Object.entries(put)) store.put(text, `e:${field}:${key}`);
      for (const key of remove) store.delete(`e:${field}:${key}`);
    }
    for (const [field, lines] of Object.entries(batch.rewrites)) {
      store.delete(IDBKeyRange.bound(`l:${field}:`, `l:${field}:\uffff`));
      store.put(`[${lines.join(',')}]`, `l:${field}:${this.nextChunk()}`);
    }
    for (const [field, lines] of Object.entries(batch.appends)) store.put(`[${lines.join(',')}]`, `l:${field}:${this.nextChunk()}`);
    store.put(JSON.stringify(batch.meta), 'meta');
    await committed(tx);
  }

  async clear(): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).clear();
    await committed(tx);
  }
}
