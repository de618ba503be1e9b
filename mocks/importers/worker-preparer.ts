// Demo mode's import preparer: runs prepareUpload in a Web Worker (import-worker.ts). The page
// hands over the upload's bytes and gets plain data back in small pieces (a message per slice of
// messages), so neither reading, parsing, tokenizing nor receiving a 100 MB transcript blocks the
// page for long. Where Worker does not exist (Node, tests) the daemon prepares in-thread.

import type { ImportPreparer } from '../daemon/transcripts/imports';
import type { PreparedUnit } from './units';
import type { ImportUpload, PreparedUpload } from './upload';
import type { ImportedMessage } from '../../src/domain/transcripts/types';

export type WorkerRequest = ImportUpload;

export type WorkerReply =
  | { type: 'progress'; fraction: number }
  /** A unit without its messages (transcript.messages and every subagent's are empty). */
  | { type: 'unit'; unit: PreparedUnit }
  /** Messages of unit `unit`'s transcript (window -1) or subagent window `window`, appended in order. */
  | { type: 'messages'; unit: number; window: number; messages: ImportedMessage[] }
  /** Everything sent: the rest of the prepared upload (its units are the ones sent above). */
  | { type: 'done'; upload: PreparedUpload }
  | { type: 'error'; message: string };

export const MESSAGES_PER_REPLY = 2_000;

export const prepareInWorker: ImportPreparer = (upload, onProgress) =>
  new Promise<PreparedUpload>((resolve, reject) => {
    const worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
    const units: PreparedUnit[] = [];
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') onProgress(reply.fraction);
      else if (reply.type === 'unit') units.push(reply.unit);
      else if (reply.type === 'messages') {
        const t = units[reply.unit]?.transcript;
        const target = reply.window < 0 ? t : t?.subagents[reply.window];
        if (target) for (const m of reply.messages) target.messages.push(m);
      } else if (reply.type === 'done') {
        worker.terminate();
        resolve({ given: reply.upload.given, prepared: { units, rejected: reply.upload.prepared.rejected } });
      } else {
        worker.terminate();
        reject(new Error(reply.message));
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`the import worker failed: ${event.message || 'unknown error'}`));
    };
    // The bytes are transferred, not copied: the page has no further use for them.
    const buffers = 'multipart' in upload ? [upload.multipart] : upload.files.map((f) => f.bytes.buffer);
    worker.postMessage(upload satisfies WorkerRequest, buffers);
  });
