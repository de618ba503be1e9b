/**
 * Transcript import throughput and threshold-lab replay time. `npm run bench` prints the vitest
 * table and, after it, the figures in MB/s and ms; nothing here asserts a time.
 *
 * - import: a 25 MB Claude Code transcript generated from the largest fixture (eight copies, fresh
 *   response and tool ids each), through the whole in-thread path (hash, parse, import, tokenize
 *   with a cold token cache, seed into a fresh Store with the harness running before every call);
 * - replay: the largest fixture session (4d5611e5…, 3.2 MB) under three settings in one request.
 */
import { afterAll, bench, describe } from 'vitest';
import { importFiles } from '../daemon/transcripts/imports';
import { replaySession } from '../daemon/threshold-lab/replay';
import { seedStore } from '../daemon/seeding/seed';
import { resetTokenCountCache } from '../engine/estimate';
import { Store } from '../store/store';
import { largeClaudeTranscript } from './large-transcript';
import { loadFixturesFromDisk } from './node-fixtures';

const big = largeClaudeTranscript(8);
const megabytes = big.byteLength / 1e6;

const store = seedStore({ seed: 24, scale: 'normal', transcripts: loadFixturesFromDisk() });
const threeSettings = {
  agent_path: 'primary',
  settings: [{ set: {} }, { set: { upper_threshold: 0.6, lower_threshold: 0.4 } }, { set: { strategy: 'drop', 'summarize.enabled': false, upper_threshold: 0.5, lower_threshold: 0.3 } }],
};

const importMs: number[] = [];
const replayMs: number[] = [];

describe('transcript import and replay', () => {
  bench(
    `import a ${megabytes.toFixed(1)} MB Claude Code transcript (hash, parse, tokenize cold, seed)`,
    async () => {
      resetTokenCountCache();
      const started = performance.now();
      const job = await importFiles(new Store(), [{ name: 'big.jsonl', bytes: big.slice() }]);
      importMs.push(performance.now() - started);
      if (job.state !== 'done') throw new Error(job.error ?? job.state);
    },
    { iterations: 3, warmupIterations: 0, time: 0 },
  );

  bench(
    'replay the largest fixture session under three settings',
    () => {
      const started = performance.now();
      replaySession(store, 'ses_4d5611e5-241', threeSettings);
      replayMs.push(performance.now() - started);
    },
    { iterations: 10, warmupIterations: 1, time: 0 },
  );
});

afterAll(() => {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  if (importMs.length > 0) {
    console.log(`import throughput: ${(megabytes / (mean(importMs) / 1000)).toFixed(2)} MB/s (${megabytes.toFixed(1)} MB in ${mean(importMs).toFixed(0)} ms mean over ${importMs.length} runs)`);
  }
  if (replayMs.length > 0) console.log(`replay of the largest fixture, three settings: ${mean(replayMs).toFixed(0)} ms mean over ${replayMs.length} runs`);
});
