import type { ImportCapability } from '../../../src/domain/contract/simulator-imports';
import { EXPECTED_FORMATS, TRANSCRIPT_FORMATS } from '../../../src/domain/transcripts/formats';
import type { Store } from '../../store/store';
import { DaemonError } from '../errors';
import { MAX_FILE_BYTES, recentJobs } from './imports';

/**
 * How transcripts reach an import (simulator only): the capability probe, and chunked uploads,
 * for large files in demo mode, where every request body crosses to the page in one piece: parts
 * of at most 8 MiB so the page never stalls on one, resumable at the offset a file holds.
 */

/** GET /__mock/imports: the formats, the size limit, the recent jobs, and how a folder is followed here (in the browser, or only from the command line). */
export function importCapability(store: Store, followInBrowser: boolean): ImportCapability {
  return {
    available: true,
    formats: TRANSCRIPT_FORMATS.map(({ id, label, extensions }) => ({ id, label, extensions })),
    expected: EXPECTED_FORMATS,
    max_file_bytes: MAX_FILE_BYTES,
    jobs: recentJobs(store),
    follow: followInBrowser ? 'browser-folder' : 'command-line',
  };
}

export const MAX_PART_BYTES = 8 * 1024 * 1024;

interface Upload {
  id: string;
  files: { name: string; parts: Uint8Array[]; bytes: number }[];
}

export interface UploadView {
  upload: { id: string; files: { name: string; bytes: number }[] };
}

function uploadView(u: Upload): UploadView {
  return { upload: { id: u.id, files: u.files.map((f) => ({ name: f.name, bytes: f.bytes })) } };
}

function assemble(f: Upload['files'][number]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(f.bytes);
  let at = 0;
  for (const p of f.parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** Staged bytes of chunked uploads: transient, not simulator state (an upload not imported is lost on restart). */
export class UploadStaging {
  private readonly uploads = new Map<string, Upload>();
  private seq = 0;

  /** POST /__mock/imports/uploads: a new, empty upload. */
  create(): UploadView {
    this.seq += 1;
    const upload: Upload = { id: `upl_${this.seq}`, files: [] };
    this.uploads.set(upload.id, upload);
    return uploadView(upload);
  }

  /** PUT …/uploads/{id}/parts?file=NAME&offset=N: appends a part where the file ends (409 with its length elsewhere). */
  appendPart(uploadId: string, name: string | null, offset: number, bytes: Uint8Array): UploadView {
    const upload = this.uploads.get(uploadId);
    if (!upload) throw new DaemonError(404, 'not_found', `No upload ${uploadId}.`);
    if (!name) throw new DaemonError(400, 'invalid_request', 'Name the file: ?file=<relative path>&offset=<bytes already sent>.');
    if (bytes.byteLength > MAX_PART_BYTES) throw new DaemonError(413, 'part_too_large', `A part may hold at most ${MAX_PART_BYTES} bytes.`);
    let file = upload.files.find((f) => f.name === name);
    if (!file) {
      file = { name, parts: [], bytes: 0 };
      upload.files.push(file);
    }
    if (offset !== file.bytes) throw new DaemonError(409, 'offset_mismatch', `${name} holds ${file.bytes} bytes; send the part at offset ${file.bytes}.`, { bytes: file.bytes });
    if (file.bytes + bytes.byteLength > MAX_FILE_BYTES) throw new DaemonError(413, 'file_too_large', `${name} would exceed ${MAX_FILE_BYTES} bytes.`);
    file.parts.push(bytes);
    file.bytes += bytes.byteLength;
    return uploadView(upload);
  }

  /** The files of an upload with files, each assembled, for POST /__mock/imports {upload_id}; the upload is gone after. */
  take(uploadId: unknown): { name: string; bytes: Uint8Array<ArrayBuffer> }[] {
    const upload = typeof uploadId === 'string' ? this.uploads.get(uploadId) : undefined;
    if (!upload || upload.files.length === 0) throw new DaemonError(400, 'invalid_request', 'Name an upload with files: { "upload_id": "upl_…" }.');
    this.uploads.delete(upload.id);
    return upload.files.map((f) => ({ name: f.name, bytes: assemble(f) }));
  }
}
