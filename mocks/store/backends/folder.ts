import { appendFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PersistBackend, PersistMeta, Snapshot, WriteBatch } from '../persisted';

/**
 * Persistence in a folder (the loopback server): meta.json, values/<field>.json,
 * entries/<field>/<key>.json and logs/<field>.jsonl (appended). Files are replaced atomically
 * (write, then rename); a log line torn by a crash is dropped on load.
 */
export class FolderBackend implements PersistBackend {
  constructor(private readonly dir: string) {}

  get location(): string {
    return this.dir;
  }

  private async replace(path: string, text: string): Promise<void> {
    const tmp = `${path}.tmp`;
    await writeFile(tmp, text);
    await rename(tmp, path);
  }

  async load(): Promise<Snapshot | null> {
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
      const items: unknown[] = [];
      for (const line of (await readFile(join(this.dir, 'logs', file), 'utf8')).split('\n')) {
        if (line === '') continue;
        try {
          items.push(JSON.parse(line));
        } catch {
          break; // a torn last line: everything before it stands
        }
      }
      snapshot.logs[file.slice(0, -6)] = items;
    }
    return snapshot;
  }

  async write(batch: WriteBatch): Promise<void> {
    for (const sub of ['values', 'logs']) await mkdir(join(this.dir, sub), { recursive: true });
    for (const [field, text] of Object.entries(batch.values)) await this.replace(join(this.dir, 'values', `${field}.json`), text);
    for (const [field, { put, remove }] of Object.entries(batch.entries)) {
      const folder = join(this.dir, 'entries', field);
      await mkdir(folder, { recursive: true });
      for (const [key, text] of Object.entries(put)) await this.replace(join(folder, `${encodeURIComponent(key)}.json`), text);
      for (const key of remove) await rm(join(folder, `${encodeURIComponent(key)}.json`), { force: true });
    }
    for (const [field, lines] of Object.entries(batch.rewrites)) await this.replace(join(this.dir, 'logs', `${field}.jsonl`), lines.map((l) => `${l}\n`).join(''));
    for (const [field, lines] of Object.entries(batch.appends)) await appendFile(join(this.dir, 'logs', `${field}.jsonl`), lines.map((l) => `${l}\n`).join(''));
    await this.replace(join(this.dir, 'meta.json'), JSON.stringify(batch.meta));
  }

  async clear(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

async function list(dir: string): Promise<string[]> {
  return existsSync(dir) ? (await readdir(dir)).sort() : [];
}
