import type { PersistBackend, Snapshot, WriteBatch } from '../persisted';

/** A backend in memory, for tests: applies batches the way the real ones do. */
export class MemoryBackend implements PersistBackend {
  saved: Snapshot | null = null;
  batches: WriteBatch[] = [];
  readonly location = 'memory';

  async load(): Promise<Snapshot | null> {
    return this.saved && (JSON.parse(JSON.stringify(this.saved)) as Snapshot);
  }

  async write(batch: WriteBatch): Promise<void> {
    this.batches.push(batch);
    const s: Snapshot = this.saved ?? { meta: batch.meta, values: {}, entries: {}, logs: {} };
    s.meta = batch.meta;
    for (const [field, text] of Object.entries(batch.values)) s.values[field] = JSON.parse(text);
    for (const [field, { put, remove }] of Object.entries(batch.entries)) {
      const entries = (s.entries[field] ??= {});
      for (const [key, text] of Object.entries(put)) entries[key] = JSON.parse(text);
      for (const key of remove) delete entries[key];
    }
    for (const [field, lines] of Object.entries(batch.rewrites)) s.logs[field] = lines.map((l) => JSON.parse(l) as unknown);
    for (const [field, lines] of Object.entries(batch.appends)) s.logs[field] = [...(s.logs[field] ?? []).slice(0, batch.appendAt[field] ?? 0), ...lines.map((l) => JSON.parse(l) as unknown)];
    this.saved = s;
  }

  async clear(): Promise<void> {
    this.saved = null;
  }
}
