import { http, HttpResponse } from 'msw';
import { importCapability, UploadStaging } from '../daemon/transcripts/import-intake';
import { importJob, startImport } from '../daemon/transcripts/imports';
import type { SimulatedDaemon } from '../runtime';
import { errorResponse, respond } from './respond';

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
 * The probe and the uploads are daemon/transcripts/import-intake.ts; this file only parses and delegates.
 */

/** Whether a multipart body holds a "files" part with a file name (looked up in its first bytes' headers, not parsed). */
function hasFilePart(body: ArrayBuffer): boolean {
  const head = new TextDecoder().decode(new Uint8Array(body, 0, Math.min(body.byteLength, 4096)));
  return /content-disposition:[^\r\n]*name="files"[^\r\n]*filename=/i.test(head);
}

export function importHandlers(daemon: SimulatedDaemon) {
  const uploads = new UploadStaging();
  return [
    http.post('*/__mock/imports/uploads', () => respond(() => HttpResponse.json(uploads.create(), { status: 201 }))),
    http.put('*/__mock/imports/uploads/:upload_id/parts', async ({ params, request }) =>
      respond(async () => {
        const q = new URL(request.url).searchParams;
        return uploads.appendPart(String(params.upload_id), q.get('file'), Number(q.get('offset') ?? '0'), new Uint8Array(await request.arrayBuffer()));
      }),
    ),
    http.get('*/__mock/imports', () => HttpResponse.json(importCapability(daemon.store, daemon.options.followInBrowser === true))),
    http.post('*/__mock/imports', async ({ request }) => {
      // The body is handed over unread: the preparer reads the parts (in a Web Worker in the
      // browser), so a 100 MB upload costs the page no parsing.
      const contentType = request.headers.get('content-type') ?? '';
      if (/^application\/json/i.test(contentType)) {
        return respond(async () => {
          const body = (await request.json().catch(() => null)) as { upload_id?: unknown } | null;
          const job = startImport(daemon.store, { files: uploads.take(body?.upload_id) }, daemon.prepareImport, () => daemon.store);
          return HttpResponse.json({ job }, { status: 202 });
        });
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
