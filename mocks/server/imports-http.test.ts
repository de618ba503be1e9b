import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importShapeProblem, type ImportJob } from '../../src/domain/contract/simulator-imports';
import { validateResponseBody } from '../../src/domain/contract/validator';
import { FIXTURES_DIR } from '../importers/node-fixtures';
import { seedCacheFromEnv } from './seed-cache';
import { startSimulator, type RunningSimulator } from './server';

/** The simulator's import endpoints over real HTTP, their answers checked against their schema. */
let sim: RunningSimulator;
let origin: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, daemon: { live: false, seedCache: seedCacheFromEnv() } });
  origin = sim.url.replace(/\/api\/v1$/, '');
}, 60_000);
afterAll(async () => {
  await sim.close();
});

function fixtureBlob(rel: string): Blob {
  return new Blob([readFileSync(join(FIXTURES_DIR, rel))]);
}

async function waitFor(jobId: string): Promise<ImportJob> {
  for (;;) {
    const res = await fetch(`${origin}/__mock/imports/${jobId}`);
    const body: unknown = await res.json();
    expect(res.status).toBe(200);
    expect(importShapeProblem('ImportJobEnvelope', body)).toBeNull();
    const { job } = body as { job: ImportJob };
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('/__mock/imports', () => {
  it('takes a large file in parts (chunked upload), resumable at the offset it holds', async () => {
    const text = readFileSync(join(FIXTURES_DIR, 'openai-chat/astropy__astropy-12907.traj.json'));
    const { upload } = (await (await fetch(`${origin}/__mock/imports/uploads`, { method: 'POST' })).json()) as { upload: { id: string } };
    const part = 100_000;
    for (let at = 0; at < text.length; at += part) {
      const res = await fetch(`${origin}/__mock/imports/uploads/${upload.id}/parts?file=astropy.traj.json&offset=${at}`, { method: 'PUT', body: text.subarray(at, at + part) });
      expect(res.status).toBe(200);
    }
    const stale = await fetch(`${origin}/__mock/imports/uploads/${upload.id}/parts?file=astropy.traj.json&offset=0`, { method: 'PUT', body: text.subarray(0, 10) });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { details: { bytes: number } }).details.bytes).toBe(text.length);
    const res = await fetch(`${origin}/__mock/imports`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ upload_id: upload.id }) });
    expect(res.status).toBe(202);
    const job = await waitFor(((await res.json()) as { job: ImportJob }).job.id);
    expect(job.files.map((f) => [f.file, f.outcome, f.bytes])).toEqual([['astropy.traj.json', 'imported', text.length]]);
  });

  it('answers the capability probe', async () => {
    const res = await fetch(`${origin}/__mock/imports`);
    const body: unknown = await res.json();
    expect(importShapeProblem('ImportCapability', body)).toBeNull();
    expect((body as { formats: { id: string }[] }).formats.map((f) => f.id)).toEqual(['claude-code', 'codex-rollout', 'gemini-cli', 'openai-chat']);
  });

  it('imports a Claude Code session with its subagent and an OpenAI-chat trajectory; the sessions honour the kaged contract', async () => {
    const form = new FormData();
    form.append('files', fixtureBlob('claude-code/4d5611e5-241a-462a-8d15-5122611a9569.jsonl'), '4d5611e5-241a-462a-8d15-5122611a9569.jsonl');
    form.append('files', fixtureBlob('claude-code/4d5611e5-241a-462a-8d15-5122611a9569__subagents__agent-a2898e3.jsonl'), '4d5611e5-241a-462a-8d15-5122611a9569/subagents/agent-a2898e3.jsonl');
    form.append('files', fixtureBlob('openai-chat/django__django-11133.traj.json'), 'django__django-11133.traj.json');
    form.append('files', new Blob(['just some notes']), 'notes.txt');
    const res = await fetch(`${origin}/__mock/imports`, { method: 'POST', body: form });
    expect(res.status).toBe(202);
    const started: unknown = await res.json();
    expect(importShapeProblem('ImportJobEnvelope', started)).toBeNull();
    const job = await waitFor((started as { job: ImportJob }).job.id);
    expect(job.state).toBe('done');
    expect(job.files.map((f) => f.outcome)).toEqual(['imported', 'joined', 'imported', 'rejected']);
    expect(job.files[1]?.agent_path).toBe('primary/agent-a2898e3');
    expect(job.sessions).toHaveLength(2);
    for (const id of job.sessions) {
      const detail = await fetch(`${sim.url}/sessions/${id}`, { headers: { 'X-Kaged-User-Id': 'ana' } });
      const body: unknown = await detail.json();
      expect(validateResponseBody('/sessions/{session_id}', 'GET', detail.status, body)).toBeNull();
    }
    const list = (await (await fetch(`${sim.url}/sessions?project_id=imported`)).json()) as { items: { id: string }[] };
    expect(list.items.map((s) => s.id)).toEqual(expect.arrayContaining(job.sessions));
    const probe = (await (await fetch(`${origin}/__mock/imports`)).json()) as { jobs: { id: string }[] };
    expect(probe.jobs[0]?.id).toBe(job.id);
  });

  it('refuses a body without files, and an unknown job', async () => {
    const empty = await fetch(`${origin}/__mock/imports`, { method: 'POST', body: new FormData() });
    expect(empty.status).toBe(400);
    const notMultipart = await fetch(`${origin}/__mock/imports`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(notMultipart.status).toBe(400);
    expect(((await notMultipart.json()) as { message: string }).message).toMatch(/multipart\/form-data/);
    const noUpload = await fetch(`${origin}/__mock/imports`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"upload_id": "upl_nope"}' });
    expect(noUpload.status).toBe(400);
    expect(((await noUpload.json()) as { message: string }).message).toMatch(/upload_id/);
    expect((await fetch(`${origin}/__mock/imports/imp_nope`)).status).toBe(404);
  });
});
