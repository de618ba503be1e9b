// An upload, from the bytes given to the files an import reads: multipart bodies read, files too
// large refused, text decoded and hashed (a session's identity is its file's SHA-256).

import { prepareImport } from './prepare';
import { refused, type PreparedFile, type SourceFile } from './reports';
import type { PreparedImport } from './units';

/** The largest file an import reads; larger ones are reported, never read. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

export interface RawFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** What was uploaded: files, or a multipart/form-data body (one "files" part per file) still to be read. */
export type ImportUpload = { files: RawFile[] } | { multipart: ArrayBuffer; contentType: string };

/** The files of an upload, in the order given. A multipart body is read here (in a worker, off the page's thread). */
export async function uploadedFiles(upload: ImportUpload): Promise<RawFile[]> {
  if ('files' in upload) return upload.files;
  const form = await new Response(upload.multipart, { headers: { 'content-type': upload.contentType } }).formData();
  const files: RawFile[] = [];
  for (const part of form.getAll('files')) {
    if (typeof part === 'string') continue;
    files.push({ name: part.name || `file-${files.length + 1}`, bytes: new Uint8Array(await part.arrayBuffer()) });
  }
  return files;
}

/** Why a file is not imported: its size. */
export function tooLargeMessage(name: string, bytes: number): string {
  return `${name}: ${bytes.toLocaleString('en-US')} bytes is more than the simulator imports (${MAX_FILE_BYTES.toLocaleString('en-US')} bytes).`;
}

/** Files too large to import become refusals; the others are read. */
export function splitOversized(files: readonly RawFile[]): { ok: RawFile[]; tooBig: PreparedFile[] } {
  const ok: RawFile[] = [];
  const tooBig: PreparedFile[] = [];
  for (const f of files) {
    if (f.bytes.byteLength <= MAX_FILE_BYTES) ok.push(f);
    else {
      const base = { name: f.name, text: '', bytes: f.bytes.byteLength, sha256: '0'.repeat(64) };
      tooBig.push(refused(base, null, tooLargeMessage(f.name, f.bytes.byteLength)));
    }
  }
  return { ok, tooBig };
}

/** What a preparer hands back: the files as given (names and sizes, in order) and the prepared import. */
export interface PreparedUpload {
  given: { name: string; bytes: number }[];
  prepared: PreparedImport;
}

/** Reads, parses, imports and counts an upload in this thread, pausing between slices. */
export async function prepareUpload(upload: ImportUpload, pause: () => Promise<void>, onProgress: (fraction: number) => void): Promise<PreparedUpload> {
  const files = await uploadedFiles(upload);
  const { ok, tooBig } = splitOversized(files);
  const sources = await readSources(ok);
  const total = Math.max(1, sources.reduce((n, f) => n + f.text.length, 0));
  const prepared = await prepareImport(sources, { pause, onProgress: (chars) => onProgress(Math.min(1, chars / total)) });
  return { given: files.map((f) => ({ name: f.name, bytes: f.bytes.byteLength })), prepared: { units: prepared.units, rejected: [...prepared.rejected, ...tooBig] } };
}

/** Hex SHA-256 of bytes (WebCrypto: browsers, workers and Node 20 alike). */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Decodes and hashes raw files. Invalid UTF-8 becomes U+FFFD (the file is still hashed as given). */
export async function readSources(raw: readonly { name: string; bytes: Uint8Array<ArrayBuffer> }[]): Promise<SourceFile[]> {
  const decoder = new TextDecoder('utf-8');
  return Promise.all(raw.map(async (r) => ({ name: r.name, text: decoder.decode(r.bytes), bytes: r.bytes.byteLength, sha256: await sha256Hex(r.bytes) })));
}
