// Web Worker (demo mode): reads, parses, imports and counts the tokens of an upload off the page's
// main thread, then sends the result back in small pieces (worker-preparer.ts's protocol).

import type { PreparedUnit } from './units';
import { prepareUpload } from './upload';
import type { ImportedTranscript } from '../../src/domain/transcripts/types';
import { MESSAGES_PER_REPLY, type WorkerReply, type WorkerRequest } from './worker-preparer';

function reply(message: WorkerReply): void {
  self.postMessage(message);
}

function withoutMessages(t: ImportedTranscript): ImportedTranscript {
  return { ...t, messages: [], subagents: t.subagents.map((s) => ({ ...s, messages: [] })) };
}

function sendUnit(unit: PreparedUnit, index: number): void {
  reply({ type: 'unit', unit: { ...unit, transcript: withoutMessages(unit.transcript) } });
  const windows = [unit.transcript, ...unit.transcript.subagents];
  windows.forEach((w, k) => {
    for (let i = 0; i < w.messages.length; i += MESSAGES_PER_REPLY) {
      reply({ type: 'messages', unit: index, window: k - 1, messages: w.messages.slice(i, i + MESSAGES_PER_REPLY) });
    }
  });
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  void (async () => {
    try {
      // A worker may run flat out: nothing to keep responsive here.
      const upload = await prepareUpload(event.data, () => Promise.resolve(), (fraction) => reply({ type: 'progress', fraction }));
      upload.prepared.units.forEach(sendUnit);
      reply({ type: 'done', upload: { given: upload.given, prepared: { units: [], rejected: upload.prepared.rejected } } });
    } catch (err) {
      reply({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  })();
};
