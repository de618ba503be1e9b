import { http, HttpResponse } from 'msw';
import type { ImportCapability } from '../../src/domain/contract/simulator-imports';
import { importJob, MAX_FILE_BYTES, recentJobs, startImport } from '../daemon/transcripts/imports';
import { EXPECTED_FORMATS, TRANSCRIPT_FORMATS } from '../../src/domain/transcripts/formats';
import type { SimulatedDaemon } from '../runtime';
import { errorResponse } from './respond';

/**
 * /__mock/imports: transcript imports (simulator only, not the kaged API; shapes in
 * src/domain/contract/simulator-imports.schema.json).
 *   GET  /__mock/imports            the capability probe, with the recent jobs
 *   POST /__mock/imports            multipart/form-data, one "files" part per file → 202 { job }
 *                                   or JSON { "upload_id": … } to import a chunked upload → 202 { job }
 *   GET  /__mock/imports/:job_id    { job }: progress, then a report per file
 * Chunked upload (large files in demo mode, where every request body crosses to the page in one
 * piece: send ≤ 8 MiB parts so the page never stalls on one):
 *   POST /__mock/imports/uploads                              → 201 { upload: { id, files } }
 *   PUT  /__mock/imports/uploads/:id/parts?file=NAME&offset=N  raw bytes → { upload }; 409 with the
 *                                   file's current length when offset is not where it ends (resume there)
 */
/** Whether a multipart body holds a "files" part with a file name (looked up in its first bytes' headers, not parsed). */
function hasFilePart(body: ArrayBuffer): boolean {
  const head = new TextDecoder().decode(new Uint8Array(body, 0, Math.min(body.byteLength, 4096)));
  return /content-disposition:[^\r\n]*name="files"[^\r\n]*filename=/i.test(head);
}

export const MAX_PART_BYTES = 8 * 1024 * 1024;

interface Upload {
  id: string;
  files: { name: string; parts: Uint8Array[]; bytes: number }[];
}

function uploadView(u: Upload) {
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

export function importHandlers(daemon: SimulatedDaemon) {
  // Staged bytes of chunked uploads: transient, not simulator state (an upload not imported is lost on restart).
  const uploads = new Map<string, Upload>();
  let uploadSeq = 0;
  return [
    http.post('*/__mock/imports/uploads', () => {
      uploadSeq += 1;
      const upload: Upload = { id: `upl_${uploadSeq}`, files: [] };
      uploads.set(upload.id, upload);
      return HttpResponse.json(uploadView(upload), { status: 201 });
    }),
    http.put('*/__mock/imports/uploads/:upload_id/parts', async ({ params, request }) => {
      const upload = uploads.get(String(params.upload_id));
      if (!upload) return errorResponse(404, 'not_found', `No upload ${String(params.upload_id)}.`);
      const q = new URL(request.url).searchParams;
      const name = q.get('file');
      const offset = Number(q.get('offset') ?? '0');
      if (!name) return errorResponse(400, 'invalid_request', 'Name the file: ?file=<relative path>&offset=<bytes already sent>.');
      const bytes = new Uint8Array(await request.arrayBuffer());
      if (bytes.byteLength > MAX_PART_BYTES) return errorResponse(413, 'part_too_large', `A part may hold at most ${MAX_PART_BYTES} bytes.`);
      let file = upload.files.find((f) => f.name === name);
      if (!file) {
        file = { name, parts: [], bytes: 0 };
        upload.files.push(file);
      }
      if (offset !== file.bytes) {
        return HttpResponse.json({ code: 'offset_mismatch', message: `${name} holds ${file.bytes} bytes; send the part at offset ${file.bytes}.`, details: { bytes: file.bytes } }, { status: 409 });
      }
      if (file.bytes + bytes.byteLength > MAX_FILE_BYTES) return errorResponse(413, 'file_too_large', `${name} would exceed ${MAX_FILE_BYTES} bytes.`);
      file.parts.push(bytes);
      file.bytes += bytes.byteLength;
      return HttpResponse.json(uploadView(upload));
    }),
    http.get('*/__mock/imports', () => {
      const body: ImportCapability = {
        available: true,
        formats: TRANSCRIPT_FORMATS.map(({ id, label, extensions }) => ({ id, label, extensions })),
        expected: EXPECTED_FORMATS,
        max_file_bytes: MAX_FILE_BYTES,
        jobs: recentJobs(daemon.store),
        follow: daemon.options.followInBrowser ? 'browser-folder' : 'command-line',
      };
      return HttpResponse.json(body);
    }),
    http.post('*/__mock/imports', async ({ request }) => {
      // The body is handed over unread: the preparer reads the parts (in a Web Worker in the
      // browser), so a 100 MB upload costs the page no parsing.
      const contentType = request.headers.get('content-type') ?? '';
      if (/^application\/json/i.test(contentType)) {
        const body = (await request.json().catch(() => null)) as { upload_id?: unknown } | null;
        const upload = typeof body?.upload_id === 'string' ? uploads.get(body.upload_id) : undefined;
        if (!upload || upload.files.length === 0) return errorResponse(400, 'invalid_request', 'Name an upload with files: { "upload_id": "upl_…" }.');
        uploads.delete(upload.id);
        const files = upload.files.map((f) => ({ name: f.name, bytes: assemble(f) }));
        const job = startImport(daemon.store, { files }, daemon.prepareImport, () => daemon.store);
        return HttpResponse.json({ job }, { status: 202 });
      }
      const boundary = /^multipart\/form-data;.*boundary=/i.test(contentType);
      if (!boundary) return errorResponse(400, 'invalid_request', 'Send the files as multipart/form-data, one part named "files" per file.');
      const multipart = await request.arrayBuffer();
      if (!hasFilePart(multipart)) return errorResponse(400, 'invalid_request', 'No files: send one multipart part named "files" per file.');
      const job = startImport(daemon.store, { multipart, contentType }, daemon.prepareImport, () => daemon.store);
      return HttpResponse.json({ job }, { status: 202 });
    }),
    http.get('*/__mock/imports/:job_id', ({ params }) => {
      const job = importJob(daemon.store, String(params.job_id));
      return job ? HttpResponse.json({ job }) : errorResponse(404, 'not_found', `No import job ${String(params.job_id)}.`);
    }),
  ];
}
