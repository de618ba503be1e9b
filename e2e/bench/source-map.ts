/**
 * Where a long frame's script is in the source: the build's source maps (vite.config.ts builds
 * with sourcemap: true) turn "index-abc.js, character 225683" into
 * "node_modules/@tanstack/query-core/build/modern/notifyManager.js:32".
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

interface LoadedFile {
  /** Offsets of each line's first character. */
  lineStarts: number[];
  map: SourceMapConsumer | null;
}

export class SourceLocator {
  private readonly files = new Map<string, LoadedFile | null>();

  constructor(private readonly dist: string) {}

  /** "src/features/x.ts:12", or null when the file is not the build's or has no map. */
  locate(url: string, charPosition: number): string | null {
    if (charPosition < 0) return null;
    const path = new URL(url, 'http://x').pathname;
    const file = this.load(path);
    if (!file?.map) return null;
    let line = 0;
    while (line + 1 < file.lineStarts.length && (file.lineStarts[line + 1] as number) <= charPosition) line += 1;
    const original = file.map.originalPositionFor({ line: line + 1, column: charPosition - (file.lineStarts[line] as number) });
    if (!original.source) return null;
    return `${original.source.replace(/^(\.\.\/)+/, '')}:${original.line}`;
  }

  private load(path: string): LoadedFile | null {
    if (this.files.has(path)) return this.files.get(path) ?? null;
    const js = join(this.dist, path);
    let loaded: LoadedFile | null = null;
    if (existsSync(js)) {
      const text = readFileSync(js, 'utf8');
      const lineStarts = [0];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
      const mapPath = `${js}.map`;
      loaded = { lineStarts, map: existsSync(mapPath) ? new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8')) as RawSourceMap) : null };
    }
    this.files.set(path, loaded);
    return loaded;
  }
}
