import { describe, expect, it } from 'vitest';
import { importShapeProblem, isImportCapability, isImportJobEnvelope } from './simulator-imports';

const capability = {
  available: true,
  formats: [{ id: 'claude-code', label: 'Claude Code', extensions: ['.jsonl'] }],
  expected: 'Claude Code session JSONL or an OpenAI-chat trajectory JSON',
  max_file_bytes: 1_000,
  jobs: [],
};

const job = {
  id: 'imp_1',
  state: 'running',
  created_at: '2026-01-01T00:00:00.000Z',
  finished_at: null,
  progress: { phase: 'parsing', fraction: 0.4, bytes_done: 40, bytes_total: 100, files_done: 0, files_total: 2 },
  files: [],
  sessions: [],
  error: null,
};

describe('simulator import shapes', () => {
  it('accepts what the simulator answers', () => {
    expect(isImportCapability(capability)).toBe(true);
    expect(isImportJobEnvelope({ job })).toBe(true);
  });

  it('tells a real daemon (or anything else) from the simulator, naming the first problem', () => {
    expect(isImportCapability({ code: 'not_found', message: 'No endpoint' })).toBe(false);
    expect(isImportCapability('<!doctype html>')).toBe(false);
    expect(importShapeProblem('ImportJobEnvelope', { job: { ...job, state: 'paused' } })).toMatch(/^\/job\/state must be equal to one of the allowed values/);
    expect(importShapeProblem('ImportJob', { ...job, progress: { ...job.progress, fraction: 2 } })).toMatch(/fraction must be <= 1/);
  });
});
