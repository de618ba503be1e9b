import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PersistBackend, PersistMeta, Snapshot, WriteBatch } from '../persisted';

/**
 * Persistence in a folder (the loopback server): meta.json, values/<field>.json,
 * entries/<field>/<key>.json and logs/<field>.jsonl (appended). Each batch is first written
 * whole to pending.json, then applied, then pending.json is removed: a process killed half-way
 * through (tsx kills a child that is slow to stop) leaves the batch to be applied again at the
 * next start, so the folder never holds half of one. Files are replaced atomically (write, then
 * rename); a log line torn by a crash is dropped.
 */
export class FolderBackend implements PersistBackend {
  /** Items per log as last written, to know when a log must be cut back before an append. */
  private readonly lengths = new Map<string, number>();

  constructor(private readonly dir: string) {}

  get location(): string {
    return this.dir;
  }

  private async replace(path: string, text: string): Promise<void> {
    const tmp = `${path}.tmp`;
    await writeFile(tmp, text);
    await rename(tmp, path);
  }

  private async readLog(field: string): Promise<unknown[]> {
    const path = join(this.dir, 'logs', `${field}.jsonl`);
    const items: unknown[] = [];
    if (!existsSync(path)) return items;
    for (const line of (await readFile(path, 'utf8')).split('\n')) {
      if (line === '') continue;
      try {
        items.push(JSON.parse(line));
      } catch {
        break; // a torn last line: everything before it stands
      }
    }
    return items;
  }

  async load(): Promise<Snapshot | null> {
    const pending = join(this.dir, 'pending.json');
    if (existsSync(pending)) await this.apply(JSON.parse(await readFile(pending, 'utf8')) as WriteBatch, true);
    const metaPath = join(this.dir, 'meta.json');
    if (!existsSync(metaPath)) return null;
    const meta = JSON.parse(await readFile(metaPath, 'utf8')) as PersistMeta;
    const snapshot: Snapshot = { meta, values: {}, entries: {}, logs: {} };
    for (const file of await list(join(this.dir, 'values'))) {
      if (file.endsWith('.json')) snapshot.values[file.slice(0, -5)] = JSON.parse(await readFile(join(this.dir, 'values', file), 'utf8'));
    }
    for (const field of await list(join(this.dir, 'entries'))) {
      const entries: Record<string, unknown> = {};
      for (const file of await list(join(this.dir, 'entries', field))) {
        if (file.endsWith('.json')) entries[decodeURIComponent(file.slice(0, -5))] = JSON.parse(await readFile(join(this.dir, 'entries', field, file), 'utf8'));
      }
      snapshot.entries[field] = entries;
    }
    for (const file of await list(join(this.dir, 'logs'))) {
      if (!file.endsWith('.jsonl')) continue;
      const field = file.slice(0, -6);
      snapshot.logs[field] = await this.readLog(field);
      this.lengths.set(field, snapshot.logs[field].length);
    }
    return snapshot;
  }

  async write(batch: WriteBatch): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await this.replace(join(this.dir, 'pending.json'), JSON.stringify(batch));
    await this.apply(batch, false);
  }

  /** Applies a batch; `again` after a crash, when part of it may already be there. */
  private async apply(batch: WriteBatch, again: boolean): Promise<void> {
    for (const sub of ['values', 'logs']) await mkdir(join(this.dir, sub), { recursive: true });
    for (const [field, text] of Object.entries(batch.values)) await this.replace(join(this.dir, 'values', `${field}.json`), text);
    for (const [field, { put, remove }] of Object.entries(batch.entries)) {
      const folder = join(this.dir, 'entries', field);
      await mkdir(folder, { recursive: true });
      for (const [key, text] of Object.entries(put)) await this.replace(join(folder, `${encodeURIComponent(key)}.json`), text);
      for (const key of remove) await rm(join(folder, `${encodeURIComponent(key)}.json`), { force: true });
    }
    for (const [field, lines] of Object.entries(batch.rewrites)) {
      await this.replace(join(this.dir, 'logs', `${field}.jsonl`), lines.map((l) => `${l}\n`).join(''));
      this.lengths.set(field, lines.length);
    }
    for (const [field, lines] of Object.entries(batch.appends)) {
      const at = batch.appendAt[field] ?? 0;
      const path = join(this.dir, 'logs', `${field}.jsonl`);
      if (again || this.lengths.get(field) !== at) {
        // Cut the log back to where this batch starts (it may hold part of it, or a torn line).
        const kept = (await this.readLog(field)).slice(0, at);
        await this.replace(path, kept.map((item) => `${JSON.stringify(item)}\n`).join(''));
      }
      await appendFile(path, lines.map((l) => `${l}\n`).join(''));
      this.lengths.set(field, at + lines.length);
    }
    await this.replace(join(this.dir, 'meta.json'), JSON.stringify(batch.meta));
    await rm(join(this.dir, 'pending.json'), { force: true });
  }

  async clear(): Promise<void> {
    this.lengths.clear();
    await rm(this.dir, { recursive: true, force: true });
  }
}

async function list(dir: string): Promise<string[]> {
  return existsSync(dir) ? (await readdir(dir)).sort() : [];
}
