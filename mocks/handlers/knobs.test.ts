import { beforeAll, describe, expect, it } from 'vitest';
import { validateResponseBody } from '../../src/domain/contract/validator';
import { checkKnobList, checkManifest } from '../../src/domain/knobs/manifest-check';
import { loopbackSimulator } from '../server/test-support/loopback-simulator';

/** The knobs endpoints over real HTTP: every answer is also checked against the contract. */
const sim = loopbackSimulator();
const SESSION = 'ses_gen_refactor';
const EXPLORE = 'primary%2Fexplore';

/** Reseeds the daemon (a few seconds): once before the tests that save; each of them uses its own agent. */
async function reset(): Promise<void> {
  expect((await fetch(`${sim.url.replace(/\/api\/v1$/, '')}/__mock/reset`, { method: 'POST' })).status).toBe(200);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

async function call(method: string, template: string, path: string, body?: unknown, user = 'op-1'): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Kaged-User-Id': user },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Json;
  expect(validateResponseBody(template, method, res.status, json), `${method} ${path} → ${res.status}`).toBeNull();
  return { status: res.status, json };
}

const CONFIG = '/sessions/{session_id}/compaction-config';
const getConfig = (agent = EXPLORE, session = SESSION) => call('GET', CONFIG, `/sessions/${session}/compaction-config?agent_path=${agent}`);
const putConfig = (version: number, set: Json, unset: string[] = [], agent = EXPLORE, user = 'op-1', session = SESSION) =>
  call('PUT', CONFIG, `/sessions/${session}/compaction-config?agent_path=${agent}`, { version, set, unset }, user);
const history = (agent = EXPLORE, session = SESSION) =>
  call('GET', '/sessions/{session_id}/compaction-config/history', `/sessions/${session}/compaction-config/history?agent_path=${agent}`);

describe('GET /compaction/knob-schema', () => {
  it('describes every built-in config key as a well-formed knob in a declared group, with the daemon defaults', async () => {
    const { json } = await call('GET', '/compaction/knob-schema', '/compaction/knob-schema');
    const entries = checkKnobList(json.knobs, null, { modelAliases: [] });
    expect(entries.flatMap((e) => e.problems)).toEqual([]);
    const groups = new Set((json.groups as Json[]).map((g) => g.id));
    expect([...groups]).toEqual(['trigger', 'strategy', 'summarize', 'prune', 'always_keep']);
    expect((json.knobs as Json[]).every((k) => groups.has(k.group))).toBe(true);
    // The knobs cover the built-in block exactly, and their defaults are what an agent without own values gets.
    const config = await getConfig('primary', 'ses_gen_memory');
    const builtinKeys = Object.keys(config.json.sources).filter((k) => !k.startsWith('plugin_knobs.'));
    expect((json.knobs as Json[]).map((k) => k.key).sort()).toEqual(builtinKeys.sort());
    const byKey = new Map((json.knobs as Json[]).map((k) => [k.key, k.default]));
    expect(byKey.get('summarize.window_messages')).toBe(20);
    expect(byKey.get('upper_threshold')).toBe(0.85);
    const delegate = (json.knobs as Json[]).find((k) => k.key === 'delegate.plugin');
    expect(delegate?.options.map((o: Json) => o.value)).toEqual(['hindsight', 'chunked-summarizer', 'checkpoint-summary']);
  });
});

describe('GET /plugins and knob schemas', () => {
  it('lists every plugin; a malformed manifest comes through as data with its precise problems', async () => {
    const { json } = await call('GET', '/plugins', '/plugins');
    const byName = new Map((json.items as Json[]).map((p) => [p.name, p]));
    expect([...byName.keys()]).toEqual(['hindsight', 'memory-markdown', 'guard-rails', 'chunked-summarizer', 'checkpoint-summary', 'context-meter', 'legacy-exporter']);
    for (const name of ['hindsight', 'chunked-summarizer', 'checkpoint-summary']) expect(byName.get(name)?.problems).toEqual([]);
    const meter = byName.get('context-meter');
    expect(meter?.problems).toEqual(checkManifest(meter?.manifest, 'context-meter', { modelAliases: ['haiku'] }).problems);
    expect(meter?.problems.map((p: Json) => p.message)).toContain('Plugin "context-meter", knob "warn_at": min (0.9) is greater than max (0.5).');
    expect(meter?.problems.map((p: Json) => p.message)).toContain('Plugin "context-meter", knob "history_turns": step must be greater than 0, not 0.');
    expect(meter?.problems.map((p: Json) => p.message)).toContain('Plugin "context-meter", knob "verbose": key is declared twice (knobs #2 and #7).');
    const legacy = byName.get('legacy-exporter');
    expect(legacy?.problems.map((p: Json) => p.field)).toEqual(['version', 'roles', 'hooks', 'knobs']);
  });

  it("a malformed plugin's knob schema holds its well-formed knobs and the problems", async () => {
    const { json } = await call('GET', '/plugins/{plugin_name}/knob-schema', '/plugins/context-meter/knob-schema');
    expect(json.knobs.map((k: Json) => k.key)).toEqual(['sample_every', 'verbose']);
    expect(json.problems.length).toBe(8);
    const good = await call('GET', '/plugins/{plugin_name}/knob-schema', '/plugins/chunked-summarizer/knob-schema');
    expect(good.json.problems).toEqual([]);
    expect(good.json.knobs.map((k: Json) => k.key)).toContain('prune.mode');
  });
});

describe('GET …/compaction-config', () => {
  it('says for each key its source and, when inherited, from which ancestor; and lists the attached plugins', async () => {
    const { json } = await getConfig();
    expect(json.plugins).toEqual(['memory-markdown', 'chunked-summarizer', 'context-meter']);
    expect(json.sources.strategy).toBe('own');
    expect(json.sources['summarize.model']).toBe('inherited');
    expect(json.inherited_from['summarize.model']).toBe('primary');
    expect(json.values.summarize.model).toBe('haiku');
    expect(json.sources.upper_threshold).toBe('default');
    expect(json.inherited_from.upper_threshold).toBeUndefined();
    expect(json.values.plugin_knobs['chunked-summarizer']['prune.mode']).toBe('off');
    expect(json.sources['plugin_knobs.chunked-summarizer.prune.mode']).toBe('default');
  });
});

describe('dry run and manual compact with pending values', () => {
  const DRY = '/sessions/{session_id}/compactions/dry-run';
  const dry = (body: Json) => call('POST', DRY, `/sessions/${SESSION}/compactions/dry-run`, { agent_path: 'primary/explore', ...body });

  it('previews unsaved values (strategy, plugin, plugin knobs, summarize, prune) without saving them', async () => {
    const { json: before } = await getConfig();
    const plain = await dry({});
    const pending = await dry({
      pending: {
        set: {
          strategy: 'delegate',
          'delegate.plugin': 'chunked-summarizer',
          'plugin_knobs.chunked-summarizer.keep_last_messages': 4,
          'plugin_knobs.chunked-summarizer.chunks': 2,
          'summarize.max_summary_tokens': 800,
          'prune.protect_tokens': 10_000,
          lower_threshold: 0.3,
        },
      },
    });
    expect(pending.status).toBe(200);
    expect(plain.json.record.strategy).toBe('drop');
    expect(pending.json.record.strategy).toBe('delegate');
    expect(pending.json.record.window_lower).toBe(0.3);
    expect(pending.json.record.summary).toContain('### Chunk 2 of 2');
    expect((await getConfig()).json).toEqual(before);
  });

  it('refuses invalid pending values with the same 422 field errors as a save', async () => {
    const { status, json } = await dry({ pending: { set: { upper_threshold: 0.333, strategy: 'delegate' } } });
    expect(status).toBe(422);
    expect(json.details.errors.map((e: Json) => e.key)).toEqual(['upper_threshold']);
    const cross = await dry({ pending: { set: { strategy: 'delegate' } } });
    expect(cross.json.details.errors).toEqual([{ key: 'delegate.plugin', message: 'the delegate strategy needs a compactor plugin: choose chunked-summarizer' }]);
  });

  it('pending unset previews returning to the inherited value', async () => {
    // Summarize (the primary's strategy) needs "Summarize at threshold", which this agent turned off.
    const inherited = await dry({ pending: { set: { 'summarize.enabled': true }, unset: ['strategy'] } });
    expect(inherited.json.record.strategy).toBe('summarize');
  });

  it('the checkpoint sub-strategy and the delegate plugin ride on the request', async () => {
    const noSummarizer = { pending: { set: { 'summarize.enabled': false } }, strategy: 'checkpoint' };
    const drop = await dry({ ...noSummarizer, checkpoint_sub_strategy: 'drop' });
    const summarize = await dry({ ...noSummarizer, checkpoint_sub_strategy: 'summarize' });
    expect(drop.json.record.summary).toBeNull();
    expect(summarize.json.record.summary).toContain('[simulated summary]');
    const delegated = await dry({ strategy: 'delegate', delegate_plugin: 'chunked-summarizer' });
    expect(delegated.json.record.plugins_fired.some((p: Json) => p.name === 'chunked-summarizer')).toBe(true);
  });

  it('a saved change shows in a later dry run', async () => {
    const { json } = await getConfig();
    expect((await dry({})).json.record.strategy).toBe('drop');
    await putConfig(json.version, { strategy: 'delegate', 'delegate.plugin': 'chunked-summarizer', 'plugin_knobs.chunked-summarizer.chunks': 3 });
    const later = await dry({});
    expect(later.json.record.strategy).toBe('delegate');
    expect(later.json.record.summary).toContain('### Chunk 3 of 3');
  });

  it("a checkpoint keeps its request's sub-strategy when the operator edits and resumes it", async () => {
    const review = 'ses_gen_review';
    const detail = await call('GET', '/sessions/{session_id}', `/sessions/${review}`);
    // Resolve the seeded proposal first so a new one can be made.
    await call('POST', '/sessions/{session_id}/checkpoints/{checkpoint_id}/resume', `/sessions/${review}/checkpoints/${detail.json.pending_checkpoint_id}/resume`, { action: 'reject' });
    const paused = await call('POST', '/sessions/{session_id}/compact', `/sessions/${review}/compact`, {
      agent_path: 'primary',
      strategy: 'checkpoint',
      checkpoint_sub_strategy: 'summarize',
      pending: { set: { 'summarize.enabled': false } },
    });
    expect(paused.json.outcome).toBe('pending_checkpoint');
    const resumed = await call('POST', '/sessions/{session_id}/checkpoints/{checkpoint_id}/resume', `/sessions/${review}/checkpoints/${paused.json.checkpoint_id}/resume`, { action: 'edit', overrides: {} });
    expect(resumed.json.result.outcome).toBe('completed');
    expect(resumed.json.result.record.summary).toContain('[simulated summary]');
  });

  it('a manual compact carries the delegate plugin', async () => {
    const compact = await call('POST', '/sessions/{session_id}/compact', `/sessions/${SESSION}/compact`, { agent_path: 'primary/explore', strategy: 'delegate', delegate_plugin: 'chunked-summarizer' });
    expect(compact.json.outcome).toBe('completed');
    expect(compact.json.record.strategy).toBe('delegate');
    expect(compact.json.record.fallback_occurred).toBe(false);
    expect(compact.json.record.plugins_fired.some((p: Json) => p.name === 'chunked-summarizer' && p.role === 'compactor')).toBe(true);
  });
});

describe('PUT …/compaction-config', () => {
  beforeAll(reset);

  it('answers 422 with every field error keyed by dotted key, and saves nothing', async () => {
    const before = await getConfig();
    const { status, json } = await putConfig(before.json.version, {
      upper_threshold: 0.333,
      'summarize.model': 'gpt-9',
      'summarize.prompt': '/etc/passwd',
      'summarize.enabled': 'yes',
      strategy: 'shred',
      'plugin_knobs.hindsight.retain_top_k': 3,
      'plugin_knobs.context-meter.warn_at': 0.7,
      'plugin_knobs.chunked-summarizer.prune.mode': 'sometimes',
      nonsense: 1,
    });
    expect(status).toBe(422);
    expect(json.code).toBe('invalid_config');
    expect(Object.fromEntries(json.details.errors.map((e: Json) => [e.key, e.message]))).toEqual({
      upper_threshold: '33.3\u00a0% is not on a step of 1\u00a0% from 5\u00a0% (nearest allowed: 33\u00a0%)',
      'summarize.model': 'model alias "gpt-9" does not exist (known: opus, sonnet, haiku, gpt, deepseek, local-qwen, vllm-tuned)',
      'summarize.prompt': '"/etc/passwd" does not match ^(project|config):/\\S+$',
      'summarize.enabled': 'must be true or false',
      strategy: 'must be one of drop, summarize, delegate, checkpoint, not "shred"',
      'plugin_knobs.hindsight.retain_top_k': 'plugin hindsight is not attached to primary/explore',
      'plugin_knobs.context-meter.warn_at': 'cannot be set while its declaration is malformed: Plugin "context-meter", knob "warn_at": min (0.9) is greater than max (0.5).',
      'plugin_knobs.chunked-summarizer.prune.mode': 'must be one of off, iteration, compaction, not "sometimes"',
      nonsense: 'unknown setting',
    });
    const after = await getConfig();
    expect(after.json).toEqual(before.json);
  });

  it('enforces the cross-field rules on the effective result', async () => {
    const { json: config } = await getConfig();
    const errors = async (set: Json, unset: string[] = []) => (await putConfig(config.version, set, unset)).json.details?.errors;
    expect(await errors({ lower_threshold: 0.9 })).toEqual([{ key: 'lower_threshold', message: 'must be below the upper threshold (85\u00a0%), so compaction stops short of where it starts' }]);
    expect(await errors({ 'summarize.preserve_recent': 20 })).toEqual([{ key: 'summarize.preserve_recent', message: 'must be below the summary window (20 messages)' }]);
    expect(await errors({ strategy: 'delegate' })).toEqual([{ key: 'delegate.plugin', message: 'the delegate strategy needs a compactor plugin: choose chunked-summarizer' }]);
    expect(await errors({ strategy: 'delegate', 'delegate.plugin': 'hindsight' })).toEqual([
      { key: 'delegate.plugin', message: 'hindsight is not attached to this agent (attached: memory-markdown, chunked-summarizer, context-meter)' },
    ]);
    // The same values, valid, pass (checked through a dry run so nothing is saved here).
    const ok = await call('POST', '/sessions/{session_id}/compactions/dry-run', `/sessions/${SESSION}/compactions/dry-run`, {
      agent_path: 'primary/explore',
      pending: { set: { strategy: 'delegate', 'delegate.plugin': 'chunked-summarizer' } },
    });
    expect(ok.status).toBe(200);
  });

  it('saves, records a config.changed audit event (who, which keys, old → new) and lists the history newest first', async () => {
    const { json: v1 } = await getConfig();
    const first = await putConfig(v1.version, { upper_threshold: 0.8, 'plugin_knobs.chunked-summarizer.keep_last_messages': 25 });
    expect(first.status).toBe(200);
    expect(first.json.version).toBe(v1.version + 1);
    expect(first.json.sources.upper_threshold).toBe('own');
    const second = await putConfig(first.json.version, { 'summarize.enabled': true }, ['strategy'], EXPLORE, 'op-2');
    expect(second.json.sources.strategy).toBe('inherited');
    expect(second.json.inherited_from.strategy).toBe('primary');
    expect(second.json.values.strategy).toBe('summarize');

    const audit = await call('GET', '/audit', `/audit?session_id=${SESSION}&type=config.changed`);
    expect(audit.json.items).toHaveLength(2);
    expect(audit.json.items[0]).toMatchObject({
      type: 'config.changed',
      actor: 'op-1',
      session_id: SESSION,
      agent_path: 'primary/explore',
      data: {
        agent_path: 'primary/explore',
        version: v1.version + 1,
        changes: [
          { key: 'plugin_knobs.chunked-summarizer.keep_last_messages', old: 10, new: 25, action: 'set' },
          { key: 'upper_threshold', old: 0.85, new: 0.8, action: 'set' },
        ],
      },
    });
    const { json: h } = await history();
    expect(h.items.map((e: Json) => [e.version, e.actor])).toEqual([
      [v1.version + 2, 'op-2'],
      [v1.version + 1, 'op-1'],
    ]);
    expect(h.items[0].changes).toEqual([
      { key: 'strategy', old: 'drop', new: 'summarize', action: 'unset' },
      { key: 'summarize.enabled', old: false, new: true, action: 'set' },
    ]);
    expect((await history('primary')).json.items).toEqual([]);
    // Each save is also a live frame, so other tabs refresh the config.
    const frames = sim.daemon.store.events.filter((f) => f.type === 'config.changed' && f.session_id === SESSION);
    expect(frames.map((f) => f.data.version)).toEqual([v1.version + 1, v1.version + 2]);
  });

  it('a write that changes nothing keeps the version and records nothing', async () => {
    const { json } = await getConfig('primary', 'ses_gen_memory');
    const same = await putConfig(json.version, { strategy: 'delegate' }, ['summarize.model'], 'primary', 'op-1', 'ses_gen_memory');
    expect(same.status).toBe(200);
    expect(same.json.version).toBe(json.version);
    expect((await history('primary', 'ses_gen_memory')).json.total).toBe(0);
  });

  it('a stale version gets 409 with the current config and the changes since, and nothing is overwritten', async () => {
    const { json: seen } = await getConfig('primary', 'ses_gen_flaky');
    await putConfig(seen.version, { lower_threshold: 0.5 }, [], 'primary', 'tab-2', 'ses_gen_flaky');
    const stale = await putConfig(seen.version, { lower_threshold: 0.4 }, [], 'primary', 'tab-1', 'ses_gen_flaky');
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('version_conflict');
    expect(stale.json.details.your_version).toBe(seen.version);
    expect(stale.json.details.current.version).toBe(seen.version + 1);
    expect(stale.json.details.current.values.lower_threshold).toBe(0.5);
    expect(stale.json.details.changes_since).toHaveLength(1);
    expect(stale.json.details.changes_since[0]).toMatchObject({ actor: 'tab-2', changes: [{ key: 'lower_threshold', old: 0.6, new: 0.5, action: 'set' }] });
    expect((await getConfig('primary', 'ses_gen_flaky')).json.values.lower_threshold).toBe(0.5);
  });

  it('a subagent inherits its parent until it overrides; unset returns it to inheriting', async () => {
    const { json: parent } = await getConfig('primary');
    await putConfig(parent.version, { 'summarize.max_summary_tokens': 900 }, [], 'primary');
    const { json: child } = await getConfig('primary%2Ftest-runner');
    expect(child.values.summarize.max_summary_tokens).toBe(900);
    expect(child.inherited_from['summarize.max_summary_tokens']).toBe('primary');
    const own = await putConfig(child.version, { 'summarize.max_summary_tokens': 2000 }, [], 'primary%2Ftest-runner');
    expect(own.json.sources['summarize.max_summary_tokens']).toBe('own');
    const back = await putConfig(own.json.version, {}, ['summarize.max_summary_tokens'], 'primary%2Ftest-runner');
    expect(back.json.values.summarize.max_summary_tokens).toBe(900);
    expect(back.json.sources['summarize.max_summary_tokens']).toBe('inherited');
  });
});
