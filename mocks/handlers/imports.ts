import { http, HttpResponse } from 'msw';
import type { ImportCapability } from '../../src/features/imports/lib/simulator-imports';
import { importJob, MAX_FILE_BYTES, recentJobs, startImport, type RawFile } from '../daemon/imports';
import { EXPECTED_FORMATS } from '../importers/prepare';
import type { SimulatedDaemon } from '../runtime';
import { errorResponse } from './respond';

/**
 * /__mock/imports: transcript imports (simulator only, not the kaged API; shapes in
 * src/features/imports/lib/simulator-imports.schema.json).
 *   GET  /__mock/imports            the capability probe, with the recent jobs
 *   POST /__mock/imports            multipart/form-data, one "files" part per file → 202 { job }
 *   GET  /__mock/imports/:job_id    { job }: progress, then a report per file
 */
export function importHandlers(daemon: SimulatedDaemon) {
  return [
    http.get('*/__mock/imports', () => {
      const body: ImportCapability = {
        available: true,
        formats: [
          { id: 'claude-code', label: 'Claude Code session (JSONL, with its subagent files)', extensions: ['.jsonl'] },
          { id: 'openai-chat', label: 'OpenAI-chat trajectory (mini-swe-agent / SWE-agent .traj.json, messages array)', extensions: ['.json'] },
        ],
        expected: EXPECTED_FORMATS,
        max_file_bytes: MAX_FILE_BYTES,
        jobs: recentJobs(daemon.store),
      };
      return HttpResponse.json(body);
    }),
    http.post('*/__mock/imports', async ({ request }) => {
      let form: FormData;
      try {
        form = await request.formData();
      } catch {
        return errorResponse(400, 'invalid_request', 'Send the files as multipart/form-data, one part named "files" per file.');
      }
      const files: RawFile[] = [];
      for (const part of form.getAll('files')) {
        if (typeof part === 'string') continue;
        files.push({ name: part.name || `file-${files.length + 1}`, bytes: new Uint8Array(await part.arrayBuffer()) });
      }
      if (files.length === 0) return errorResponse(400, 'invalid_request', 'No files: send one multipart part named "files" per file.');
      const store = daemon.store;
      const job = startImport(store, files, daemon.prepareImport, () => daemon.store);
      return HttpResponse.json({ job }, { status: 202 });
    }),
    http.get('*/__mock/imports/:job_id', ({ params }) => {
      const job = importJob(daemon.store, String(params.job_id));
      return job ? HttpResponse.json({ job }) : errorResponse(404, 'not_found', `No import job ${String(params.job_id)}.`);
    }),
  ];
}
