/**
 * An import from the page: the files go to the simulator in parts (POST /__mock/imports/uploads,
 * then PUT …/parts per ≤ 8 MiB slice, resuming where the simulator says a file ends), the upload
 * is imported (POST /__mock/imports { upload_id }), and the job is read until it ends
 * (GET /__mock/imports/{job}). The page never holds more than one part in memory, and never
 * parses anything: the simulator reads, parses and counts (in demo mode, in a Web Worker).
 */
import { ApiError } from '../../../lib/api/api-error';
import { importShapeProblem, type ImportJob } from '../../../domain/contract/simulator-imports';
import { jobProgress, planParts, uploadProgress, type ChosenFile, type ProgressView } from '../lib/upload-plan';
import { simulatorRequest } from './simulator-request';

const POLL_MS = [200, 300, 500, 800, 1_000];

function checked(body: unknown, endpoint: string): ImportJob {
  const problem = importShapeProblem('ImportJobEnvelope', body);
  if (problem !== null) throw new ApiError({ kind: 'invalid_response', endpoint, message: `${endpoint}: the simulator's answer does not match the import job shape: ${problem}` });
  return (body as { job: ImportJob }).job;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    }, { once: true });
  });
}

export async function runImport(files: readonly ChosenFile[], onProgress: (view: ProgressView) => void, signal: AbortSignal): Promise<ImportJob> {
  const total = files.reduce((n, f) => n + f.file.size, 0);
  onProgress(uploadProgress(0, total));
  const created = await simulatorRequest('POST', '/uploads', { signal });
  const uploadId = (created.body as { upload?: { id?: unknown } } | null)?.upload?.id;
  if (typeof uploadId !== 'string') throw new ApiError({ kind: 'invalid_response', endpoint: 'POST /__mock/imports/uploads', message: 'The simulator did not name the upload.' });

  const sizes = files.map((f) => f.file.size);
  const sentPerFile = sizes.map(() => 0);
  const parts = planParts(sizes);
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] as (typeof parts)[number];
    const chosen = files[part.file] as ChosenFile;
    const offset = sentPerFile[part.file] ?? 0;
    // After a 409 the file resumes where the simulator says it ends; parts it already holds are skipped.
    if (part.end <= offset && part.end !== 0) continue;
    const start = Math.max(part.offset, offset);
    const query = `?file=${encodeURIComponent(chosen.name)}&offset=${start}`;
    const answer = await simulatorRequest('PUT', `/uploads/${encodeURIComponent(uploadId)}/parts${query}`, { body: chosen.file.slice(start, part.end), contentType: 'application/octet-stream', signal });
    if (answer.status === 409) {
      const held = Number((answer.body as { details?: { bytes?: unknown } } | null)?.details?.bytes);
      if (!Number.isFinite(held) || held < 0 || held > chosen.file.size) throw new ApiError({ kind: 'http', endpoint: 'PUT /__mock/imports/uploads/{id}/parts', status: 409, message: `The simulator lost track of ${chosen.name}; import it again.` });
      sentPerFile[part.file] = held;
      // Go back to the part that holds the byte the simulator expects next.
      i = parts.findIndex((p) => p.file === part.file && p.end > held) - 1;
      if (i < -1) i = parts.length;
      continue;
    }
    sentPerFile[part.file] = part.end;
    onProgress(uploadProgress(sentPerFile.reduce((n, b) => n + b, 0), total));
  }

  const started = await simulatorRequest('POST', '', { body: JSON.stringify({ upload_id: uploadId }), contentType: 'application/json', signal });
  let job = checked(started.body, 'POST /__mock/imports');
  for (let k = 0; job.state === 'running'; k += 1) {
    onProgress(jobProgress(job.progress));
    await wait(POLL_MS[Math.min(k, POLL_MS.length - 1)] as number, signal);
    job = checked((await simulatorRequest('GET', `/${encodeURIComponent(job.id)}`, { signal })).body, 'GET /__mock/imports/{job_id}');
  }
  onProgress(jobProgress(job.progress));
  return job;
}
