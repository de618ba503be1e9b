import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hasResponseSchema, validateComponent, validateResponseBody } from '../../src/domain/contract/validator';
import { loopbackSimulator } from './test-support/loopback-simulator';
import { IMPLAUSIBLE_CASES } from '../daemon/fault-injection/implausible';
import { bounded, checkAgentTree, checkCost, checkRecord, checkSession, checkSessionDetail, checkStats, type Notice } from '../../src/domain/plausibility';
import { checkRecords } from '../../src/domain/record-pages-check';
import { TRIGGERS } from '../../src/domain/contract/enums.gen';

/**
 * The contract test: every endpoint of the simulated daemon, over real HTTP, answers bodies that
 * validate against the OpenAPI document (faults aside, which are tested to break it on purpose).
 */
const sim = loopbackSimulator();
const HEADERS = { 'Content-Type': 'application/json', 'X-Kaged-User-Id': 'contract-test' };

async function call(method: string, template: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${sim.url}${path}`, { method, headers: { ...HEADERS, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json: unknown = await res.json();
  expect(hasResponseSchema(template, method, res.status), `${method} ${template} declares no response for ${res.status}`).toBe(true);
  const problem = validateResponseBody(template, method, res.status, json);
  expect(problem, `${method} ${path} → ${res.status}: ${JSON.stringify(problem)}`).toBeNull();
  // The body was just validated against the contract; the assertions below read into it freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, json: json as Record<string, any> };
}

describe('implausible faults: contract-valid answers a careful client must not believe', () => {
  // Each case over real HTTP: the answer still validates, and src/domain/plausibility.ts catches it.
  const SESSION = 'ses_gen_refactor';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies just validated against the contract
  const detect: Record<string, (get: (template: string, path: string) => Promise<any>) => Promise<Notice[]>> = {
    'cost-infinite': async (get) => checkCost((await get('/sessions/{session_id}', `/sessions/${SESSION}`)).cost),
    'date-future': async (get) => checkSession(await get('/sessions/{session_id}', `/sessions/${SESSION}`), Date.now()),
    'agent-cycle': async (get) => checkAgentTree((await get('/sessions/{session_id}', `/sessions/${SESSION}`)).agents).notices,
    'agent-parent-missing': async (get) => checkAgentTree((await get('/sessions/{session_id}', `/sessions/${SESSION}`)).agents).notices,
    'duplicate-records': async (get) => checkRecords((await get('/sessions/{session_id}/compactions', `/sessions/${SESSION}/compactions`)).items, SESSION).notices,
    'foreign-record': async (get) => checkRecords((await get('/sessions/{session_id}/compactions', `/sessions/${SESSION}/compactions`)).items, SESSION).notices,
    'after-above-before': async (get) => checkRecord((await get('/sessions/{session_id}/compactions', `/sessions/${SESSION}/compactions`)).items[0]),
    'lower-above-upper': async (get) => checkSessionDetail(await get('/sessions/{session_id}', `/sessions/${SESSION}`), Date.now()),
    'messages-grew': async (get) => checkRecord((await get('/sessions/{session_id}/compactions', `/sessions/${SESSION}/compactions`)).items[0]),
    'p50-above-max': async (get) => checkStats(await get('/sessions/{session_id}/compaction-stats', `/sessions/${SESSION}/compaction-stats`), TRIGGERS),
    'totals-not-sums': async (get) => checkStats(await get('/sessions/{session_id}/compaction-stats', `/sessions/${SESSION}/compaction-stats`), TRIGGERS),
    'unknown-trigger': async (get) => checkStats(await get('/sessions/{session_id}/compaction-stats', `/sessions/${SESSION}/compaction-stats`), TRIGGERS),
    'plugins-fired-huge': async (get) => {
      const id = (await call('GET', '/sessions/{session_id}/compactions', `/sessions/${SESSION}/compactions?limit=1`)).json.items[0].id as string;
      const record = await get('/sessions/{session_id}/compactions/{compaction_id}', `/sessions/${SESSION}/compactions/${id}`);
      return bounded(record.plugins_fired, 100).hidden > 0 ? [{ kind: 'list-huge', message: `${record.plugins_fired.length}` }] : [];
    },
  };
  it.each(IMPLAUSIBLE_CASES)('implausible:%s', async (name) => {
    const check = detect[name];
    if (!check) throw new Error(`no detection for ${name}`);
    const notices = await check(async (template, path) => (await call('GET', template, path, undefined, { 'X-Kaged-Mock-Fault': `implausible:${name}` })).json);
    expect(notices.length, name).toBeGreaterThan(0);
  });
});

describe('simulated daemon honours the contract', () => {
  it('health, projects, models, prompts, plugins and knob schemas', async () => {
    expect((await call('GET', '/health', '/health')).json.simulated).toBe(true);
    const projects = await call('GET', '/projects', '/projects');
    expect(projects.json.items.length).toBeGreaterThanOrEqual(3);
    await call('GET', '/projects/{project_id}/compaction-stats', '/projects/kaged-demo/compaction-stats');
    expect((await call('GET', '/projects/{project_id}/compaction-stats', '/projects/nope/compaction-stats')).status).toBe(404);
    expect((await call('GET', '/models', '/models')).json.items.some((m: { catalog_max_input_tokens: null }) => m.catalog_max_input_tokens === null)).toBe(true);
    await call('GET', '/prompts', '/prompts');
    const plugins = await call('GET', '/plugins', '/plugins');
    for (const p of plugins.json.items as { name: string }[]) {
      await call('GET', '/plugins/{plugin_name}/knob-schema', `/plugins/${p.name}/knob-schema`);
    }
    expect((await call('GET', '/plugins/{plugin_name}/knob-schema', '/plugins/missing/knob-schema')).status).toBe(404);
  });

  it('sessions, agents, messages (paged, with superseded), stats, config and checkpoints of every session', async () => {
    const sessions = await call('GET', '/sessions', '/sessions');
    expect(sessions.json.items.length).toBeGreaterThanOrEqual(10);
    await call('GET', '/sessions', '/sessions?project_id=spotter&status=idle');
    for (const s of sessions.json.items as { id: string }[]) {
      const detail = await call('GET', '/sessions/{session_id}', `/sessions/${s.id}`);
      for (const agent of detail.json.agents as { agent_path: string }[]) {
        const q = encodeURIComponent(agent.agent_path);
        const page = await call('GET', '/sessions/{session_id}/messages', `/sessions/${s.id}/messages?agent_path=${q}&include_superseded=true&limit=50`);
        if (page.json.next_cursor) await call('GET', '/sessions/{session_id}/messages', `/sessions/${s.id}/messages?agent_path=${q}&include_superseded=true&limit=50&cursor=${page.json.next_cursor}`);
        await call('GET', '/sessions/{session_id}/compaction-stats', `/sessions/${s.id}/compaction-stats?agent_path=${q}`);
        await call('GET', '/sessions/{session_id}/compaction-config', `/sessions/${s.id}/compaction-config?agent_path=${q}`);
      }
      await call('GET', '/sessions/{session_id}/compaction-stats', `/sessions/${s.id}/compaction-stats`);
      await call('GET', '/sessions/{session_id}/checkpoints', `/sessions/${s.id}/checkpoints`);
      await call('GET', '/sessions/{session_id}/compactions', `/sessions/${s.id}/compactions?limit=20`);
    }
    expect((await call('GET', '/sessions/{session_id}', '/sessions/ses_missing')).status).toBe(404);
  });

  it('ledger filters, sort, cursor paging, one record, audit and events', async () => {
    const all = await call('GET', '/sessions/{session_id}/compactions', '/sessions/ses_gen_refactor/compactions?limit=1000');
    const filtered = await call('GET', '/sessions/{session_id}/compactions', '/sessions/ses_gen_refactor/compactions?flag=bad,unflagged&strategy=summarize,drop&fallback=false&sort=-threshold_estimate&limit=5');
    expect(filtered.json.total).toBeLessThan(all.json.total);
    const next = await call('GET', '/sessions/{session_id}/compactions', `/sessions/ses_gen_refactor/compactions?flag=bad,unflagged&strategy=summarize,drop&fallback=false&sort=-threshold_estimate&limit=5&cursor=${filtered.json.next_cursor}`);
    expect(next.json.items[0].threshold_estimate).toBeLessThanOrEqual(filtered.json.items[4].threshold_estimate);
    expect((await call('GET', '/sessions/{session_id}/compactions', '/sessions/ses_gen_refactor/compactions?cursor=bogus')).status).toBe(400);
    expect((await call('GET', '/sessions/{session_id}/compactions', '/sessions/ses_gen_refactor/compactions?strategy=magic')).status).toBe(400);
    const id = all.json.items[0].id as string;
    await call('GET', '/sessions/{session_id}/compactions/{compaction_id}', `/sessions/ses_gen_refactor/compactions/${id}`);
    await call('GET', '/audit', `/audit?session_id=ses_gen_refactor&compaction_id=${id}`);
    await call('GET', '/audit', '/audit?type=compaction.completed,compaction.noop&limit=10');
    const events = await call('GET', '/events', '/events?since=0&limit=20');
    expect(events.json.items.every((f: { seq: number }, i: number, list: { seq: number }[]) => i === 0 || f.seq === (list[i - 1] as { seq: number }).seq + 1)).toBe(true);
  });

  it('flag with optimistic concurrency: 200, then 409 with the current record for a stale version', async () => {
    const page = await call('GET', '/sessions/{session_id}/compactions', '/sessions/ses_gen_memory/compactions?limit=1');
    const record = page.json.items[0] as { id: string; version: number };
    const path = `/sessions/ses_gen_memory/compactions/${record.id}`;
    const saved = await call('PATCH', '/sessions/{session_id}/compactions/{compaction_id}', path, { flag: 'bad', notes: 'lost the plan', version: record.version });
    expect(saved.json.version).toBe(record.version + 1);
    const stale = await call('PATCH', '/sessions/{session_id}/compactions/{compaction_id}', path, { flag: 'good', version: record.version });
    expect(stale.status).toBe(409);
    expect(stale.json.details.current.operator_notes).toBe('lost the plan');
    expect((await call('PATCH', '/sessions/{session_id}/compactions/{compaction_id}', path, { flag: 'great', version: 1 })).status).toBe(400);
    const audit = await call('GET', '/audit', `/audit?compaction_id=${record.id}&type=compaction.flagged`);
    expect(audit.json.items.at(-1).data.notes_length).toBe('lost the plan'.length);
  });

  it('dry run, manual compact (idempotent), config write, checkpoint resume and rollback', async () => {
    const dry = await call('POST', '/sessions/{session_id}/compactions/dry-run', '/sessions/ses_gen_memory/compactions/dry-run', { agent_path: 'primary', strategy: 'summarize', lower_threshold: 0.3 });
    expect(dry.json.record.dry_run).toBe(true);
    const before = await call('GET', '/sessions/{session_id}/compactions', '/sessions/ses_gen_memory/compactions?limit=1');
    const key = { 'Idempotency-Key': 'contract-1' };
    const first = await call('POST', '/sessions/{session_id}/compact', '/sessions/ses_gen_memory/compact', { agent_path: 'primary', strategy: 'drop', lower_threshold: 0.3 }, key);
    const again = await call('POST', '/sessions/{session_id}/compact', '/sessions/ses_gen_memory/compact', { agent_path: 'primary', strategy: 'drop', lower_threshold: 0.3 }, key);
    expect(first.json.outcome).toBe('completed');
    expect(again.json.record.id).toBe(first.json.record.id);
    const after = await call('GET', '/sessions/{session_id}/compactions', '/sessions/ses_gen_memory/compactions?limit=1');
    expect(after.json.total).toBe(before.json.total + 1);
    expect((await call('POST', '/sessions/{session_id}/compact', '/sessions/ses_gen_memory/compact', { agent_path: 'primary', upper_threshold: 0.5, lower_threshold: 0.7 })).status).toBe(400);

    const config = await call('GET', '/sessions/{session_id}/compaction-config', '/sessions/ses_gen_refactor/compaction-config?agent_path=primary%2Fexplore');
    const written = await call('PUT', '/sessions/{session_id}/compaction-config', '/sessions/ses_gen_refactor/compaction-config?agent_path=primary%2Fexplore', { version: config.json.version, set: { upper_threshold: 0.9 }, unset: ['strategy', 'summarize.enabled'] });
    expect(written.status, JSON.stringify(written.json)).toBe(200);
    expect(written.json.sources.upper_threshold).toBe('own');
    expect(written.json.sources.strategy).toBe('inherited');
    expect(written.json.sources['summarize.enabled']).not.toBe('own');
    expect((await call('PUT', '/sessions/{session_id}/compaction-config', '/sessions/ses_gen_refactor/compaction-config?agent_path=primary%2Fexplore', { version: config.json.version, set: {}, unset: [] })).status).toBe(409);

    const review = await call('GET', '/sessions/{session_id}', '/sessions/ses_gen_review');
    expect(review.json.compaction_pending).toBe(true);
    const proposalPath = `/sessions/ses_gen_review/checkpoints/${review.json.pending_checkpoint_id}/proposal`;
    const proposal = await call('GET', '/sessions/{session_id}/checkpoints/{checkpoint_id}/proposal', proposalPath);
    expect(proposal.json.record.strategy).toBe('checkpoint');
    const resumed = await call('POST', '/sessions/{session_id}/checkpoints/{checkpoint_id}/resume', `/sessions/ses_gen_review/checkpoints/${review.json.pending_checkpoint_id}/resume`, { action: 'approve' });
    expect(resumed.json.checkpoint.resolution).toBe('approved');
    expect(resumed.json.result.outcome).toBe('completed');
    // Approving applies exactly what the reviewer was shown.
    expect(resumed.json.result.record.id).toBe(proposal.json.record.id);
    expect(resumed.json.result.record.superseded_message_ids).toEqual(proposal.json.record.superseded_message_ids);
    expect(resumed.json.result.record.summary).toBe(proposal.json.record.summary);
    expect((await call('GET', '/sessions/{session_id}/checkpoints/{checkpoint_id}/proposal', proposalPath)).status).toBe(404);

    const checkpoints = await call('GET', '/sessions/{session_id}/checkpoints', '/sessions/ses_gen_memory/checkpoints');
    const target = (checkpoints.json.items as { id: string; compaction_id: string | null }[]).find((c) => c.compaction_id);
    const rollbackPath = `/sessions/ses_gen_memory/checkpoints/${target?.id}/rollback`;
    const preview = await call('POST', '/sessions/{session_id}/checkpoints/{checkpoint_id}/rollback', rollbackPath, { dry_run: true });
    expect(preview.json.restore_message_ids.length).toBeGreaterThan(0);
    const done = await call('POST', '/sessions/{session_id}/checkpoints/{checkpoint_id}/rollback', rollbackPath, {});
    expect(done.json.rolled_back_compaction_ids).toEqual(preview.json.rolled_back_compaction_ids);
  });

  it('knobs: built-in knob schema, config history, field errors (422), stale saves (409), dry run with pending values', async () => {
    const schema = await call('GET', '/compaction/knob-schema', '/compaction/knob-schema');
    expect(schema.json.knobs.length).toBeGreaterThan(10);
    const path = '/sessions/ses_gen_memory/compaction-config?agent_path=primary';
    const config = await call('GET', '/sessions/{session_id}/compaction-config', path);
    const invalid = await call('PUT', '/sessions/{session_id}/compaction-config', path, { version: config.json.version, set: { upper_threshold: 0.333 }, unset: [] });
    expect(invalid.status).toBe(422);
    const saved = await call('PUT', '/sessions/{session_id}/compaction-config', path, { version: config.json.version, set: { upper_threshold: 0.75 }, unset: [] });
    const stale = await call('PUT', '/sessions/{session_id}/compaction-config', path, { version: config.json.version, set: { upper_threshold: 0.7 }, unset: [] });
    expect(stale.status).toBe(409);
    expect(stale.json.details.current.version).toBe(saved.json.version);
    const history = await call('GET', '/sessions/{session_id}/compaction-config/history', '/sessions/ses_gen_memory/compaction-config/history?agent_path=primary&limit=1');
    expect(history.json.items[0].version).toBe(saved.json.version);
    const dry = await call('POST', '/sessions/{session_id}/compactions/dry-run', '/sessions/ses_gen_memory/compactions/dry-run', { agent_path: 'primary', pending: { set: { strategy: 'summarize' } }, checkpoint_sub_strategy: 'summarize' });
    expect(dry.json.record.strategy).toBe('summarize');
    const badPending = await call('POST', '/sessions/{session_id}/compactions/dry-run', '/sessions/ses_gen_memory/compactions/dry-run', { agent_path: 'primary', pending: { set: { strategy: 'nope' } } });
    expect(badPending.status).toBe(422);
    const badCompact = await call('POST', '/sessions/{session_id}/compact', '/sessions/ses_gen_memory/compact', { agent_path: 'primary', pending: { unset: ['nope'] } });
    expect(badCompact.status).toBe(422);
  });

  it('aggregates across sessions: health, breakdowns, top sessions, spirals, cross-session ledger, review queue, plugin pages, audit log', async () => {
    const health = await call('GET', '/compaction-health', '/compaction-health?tz=Europe/Paris');
    expect(health.json.totals.events).toBeGreaterThan(0);
    expect(health.json.totals.noops + health.json.totals.failures).toBeGreaterThan(0);
    await call('GET', '/compaction-health', '/compaction-health?project_id=payments-api&bucket=1d&from=2026-10-01T00:00:00Z&to=2030-01-01T00:00:00Z');
    expect((await call('GET', '/compaction-health', '/compaction-health?tz=Nowhere/Land')).status).toBe(400);
    expect((await call('GET', '/compaction-health', '/compaction-health?project_id=nope')).status).toBe(404);
    for (const by of ['strategy', 'agent_path', 'trigger', 'plugin', 'plugin_version', 'summarizer_model']) {
      const table = await call('GET', '/compaction-health/breakdown', `/compaction-health/breakdown?by=${by}`);
      expect(table.json.rows.length).toBeGreaterThan(0);
    }
    expect((await call('GET', '/compaction-health/breakdown', '/compaction-health/breakdown?by=colour')).status).toBe(400);
    const top = await call('GET', '/compaction-health/top-sessions', '/compaction-health/top-sessions?limit=3');
    expect(top.json.by_cost).toHaveLength(3);
    const spirals = await call('GET', '/compaction-health/spirals', '/compaction-health/spirals');
    expect(spirals.json.items.length).toBeGreaterThan(0);
    await call('GET', '/compaction-health/spirals', '/compaction-health/spirals?burst_count=3&burst_minutes=30&min_ratio=0.9&min_ineffective=1&min_noops=1&project_id=kaged-demo');
    expect((await call('GET', '/compaction-health/spirals', '/compaction-health/spirals?burst_count=1')).status).toBe(400);

    const ledger = await call('GET', '/compactions', '/compactions?flag=bad,unflagged&sort=-cost_usd&limit=5');
    const next = await call('GET', '/compactions', `/compactions?flag=bad,unflagged&sort=-cost_usd&limit=5&cursor=${ledger.json.next_cursor}`);
    expect(next.json.items[0].cost_usd).toBeLessThanOrEqual(ledger.json.items[4].cost_usd);
    await call('GET', '/compactions', '/compactions?plugin=hindsight&plugin_version=0.4.1&summarizer_model=none&fallback=true&limit=3');
    expect((await call('GET', '/compactions', '/compactions?strategy=magic')).status).toBe(400);

    const queue = await call('GET', '/review-queue', '/review-queue?plugin=hindsight');
    expect(queue.json.position).toBe(1);
    const second = await call('GET', '/review-queue', `/review-queue?plugin=hindsight&started_at=${queue.json.started_at}&after=${queue.json.item.id}`);
    expect(second.json.item.id).toBe(queue.json.next_id);
    expect((await call('GET', '/review-queue', '/review-queue')).status).toBe(400);
    const bad = await call('GET', '/review-queue', '/review-queue?plugin=hindsight&flag=bad');
    expect(bad.json.item.operator_flag).toBe('bad');

    const plugin = await call('GET', '/plugins/{plugin_name}/activity', '/plugins/hindsight/activity');
    expect(plugin.json.versions.length).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/plugins/{plugin_name}/activity', '/plugins/nope/activity')).status).toBe(404);

    const noops = await call('GET', '/audit', '/audit?type=compaction.noop&sort=-at&limit=5');
    expect(noops.json.items.length).toBeGreaterThan(0);
    await call('GET', '/audit', '/audit?project_id=payments-api&agent_path=primary&actor=harness&from=2026-01-01T00:00:00Z&type=compaction.failed,config.changed');
    expect((await call('GET', '/audit', '/audit?sort=sideways')).status).toBe(400);
  });

  it('the event stream over WebSocket resumes after a seq', async () => {
    const since = sim.daemon.store.lastSeq - 3;
    const ws = new WebSocket(`${sim.url.replace('http', 'ws')}/events?since=${since}`);
    const frames: { seq: number }[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { seq: number };
        expect(validateComponent('EventFrame', frame)).toBeNull();
        frames.push(frame);
        if (frames.length === 3) resolve();
      });
      ws.on('error', reject);
    });
    ws.close();
    expect(frames.map((f) => f.seq)).toEqual([since + 1, since + 2, since + 3]);
  });

  it('a stream ticket opens the WebSocket once, so the bearer token stays out of the URL', async () => {
    sim.daemon.options.requireToken = 'tok';
    const opens = (query: string) =>
      new Promise<boolean>((resolve) => {
        const ws = new WebSocket(`${sim.url.replace('http', 'ws')}/events?${query}`);
        ws.on('open', () => {
          ws.close();
          resolve(true);
        });
        ws.on('error', () => resolve(false));
      });
    try {
      expect((await call('POST', '/events/ticket', '/events/ticket')).status).toBe(401);
      const { status, json } = await call('POST', '/events/ticket', '/events/ticket', undefined, { Authorization: 'Bearer tok', 'X-Kaged-User-Id': 'viewer-ann' });
      expect(status).toBe(201);
      expect(await opens(`ticket=${json.ticket}`)).toBe(true);
      expect(await opens(`ticket=${json.ticket}`), 'a ticket is single-use').toBe(false);
      expect(await opens('ticket=tkt_forged')).toBe(false);
      expect(await opens(''), 'no credential').toBe(false);
      expect(await opens('access_token=tok'), 'the fallback for clients without tickets').toBe(true);
    } finally {
      sim.daemon.options.requireToken = null;
    }
  });

  it('faults break the contract on purpose, visibly', async () => {
    const invalid = await fetch(`${sim.url}/sessions`, { headers: { 'X-Kaged-Mock-Fault': 'invalid' } });
    expect(validateResponseBody('/sessions', 'get', 200, await invalid.json())).not.toBeNull();
    // An audit event's numbers live in its free-form data: the corruption must land where the contract looks.
    const audit = await fetch(`${sim.url}/audit?limit=5`, { headers: { 'X-Kaged-Mock-Fault': 'invalid' } });
    expect(validateResponseBody('/audit', 'get', 200, await audit.json())).not.toBeNull();
    const malformed = await fetch(`${sim.url}/sessions`, { headers: { 'X-Kaged-Mock-Fault': 'malformed' } });
    await expect(malformed.json()).rejects.toThrow();
    const busy = await fetch(`${sim.url}/sessions?__fault=status:503`);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    const forbidden = await fetch(`${sim.url}/sessions/ses_gen_memory/compact`, { method: 'POST', headers: { ...HEADERS, 'X-Kaged-User-Id': 'viewer-1' }, body: '{"agent_path":"primary"}' });
    expect(forbidden.status).toBe(403);
  });
});

describe('compression: a large answer goes gzip- or Brotli-encoded where the request accepts it', () => {
  /** The raw bytes and headers (Node's fetch would decode them out of sight). */
  function raw(path: string, acceptEncoding: string | null): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { 'X-Kaged-User-Id': 'contract-test' };
      if (acceptEncoding !== null) headers['Accept-Encoding'] = acceptEncoding;
      httpGet(`${sim.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      }).on('error', reject);
    });
  }
  const PAGE = '/sessions/ses_gen_refactor/compactions?limit=50';

  it('answers the same JSON in Brotli, gzip or as it is, as the request asks, with its length and Vary', async () => {
    const plain = await raw(PAGE, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await raw(PAGE, 'gzip, deflate, br');
    const gz = await raw(PAGE, 'gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const answer of [plain, br, gz]) {
      expect(answer.headers['content-length']).toBe(String(answer.body.byteLength));
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    }
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
  });

  it('leaves small answers as they are', async () => {
    const health = await raw('/health', 'br');
    expect(health.body.byteLength).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
