import { beforeAll, describe, expect, it } from 'vitest';
import { findPlugin, PLUGIN_CATALOG } from '../../store/plugin-catalog';
import type { Store } from '../../store/store';
import type { AgentState, CompactRequest, SessionState } from '../../store/types';
import { dryRun, manualCompact } from '../services/compaction-service';
import { attachedPlugins, writeConfig } from '../settings/config';
import { seededStore } from '../seeding/test-support/normal-seed';
import { beforeLlmCall } from '../live/simulation';
import { activeMessages, estimateOf } from '../read-models/views';

const CHUNKED = 'chunked-summarizer';
const CHECKPOINT = 'checkpoint-summary';

interface Seeded {
  store: Store;
  session: SessionState;
  explore: AgentState;
  runner: AgentState;
}

/** One seeded store per describe (a copy of the normal seed): tests that change it come last and use their own agent. */
function seeded(): () => Seeded {
  let value: Seeded | null = null;
  beforeAll(async () => {
    const store = await seededStore();
    const session = store.session('ses_gen_refactor') as SessionState;
    value = { store, session, explore: store.agent(session, 'primary/explore') as AgentState, runner: store.agent(session, 'primary/test-runner') as AgentState };
  });
  return () => value as Seeded;
}

const delegateTo = (plugin: string, knobs: Record<string, unknown> = {}): CompactRequest['pending'] => ({
  set: { strategy: 'delegate', 'delegate.plugin': plugin, ...Object.fromEntries(Object.entries(knobs).map(([k, v]) => [`plugin_knobs.${plugin}.${k}`, v])) },
});

describe('seeded plugins', () => {
  const setup = seeded();

  it('every seeded agent has at most one compactor plugin attached, and every attached plugin is installed', () => {
    const { store } = setup();
    for (const session of store.sessions.values()) {
      for (const agent of session.agents) {
        expect(agent.plugins.every((p) => findPlugin(p)), `${session.id} ${agent.agent_path}`).toBe(true);
        expect(attachedPlugins(agent).filter((p) => p.roles.includes('compactor')).length, `${session.id} ${agent.agent_path}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('the modelled plugins are well-formed; the malformed ones are not loaded and explain why', () => {
    expect(findPlugin(CHUNKED)?.check.problems).toEqual([]);
    expect(findPlugin(CHECKPOINT)?.check.problems).toEqual([]);
    const malformed = PLUGIN_CATALOG.filter((p) => !p.loaded);
    expect(malformed.map((p) => p.name)).toEqual(['context-meter', 'legacy-exporter']);
    const meter = findPlugin('context-meter');
    expect(meter?.check.usableKnobs.map((k) => k.key)).toEqual(['sample_every', 'verbose']);
    expect(meter?.check.problems.map((p) => p.knob)).toEqual(['warn_at', 'history_turns', 'alert_tokens', 'report_format', 'verbose', 'label_pattern', 'accent', '#10']);
    expect(findPlugin('legacy-exporter')?.check.problems.every((p) => p.knob === null)).toBe(true);
  });

  it('a malformed observer never fires: the records of its agent carry no hook of it', () => {
    const { session } = setup();
    const fired = session.compactions.flatMap((r) => r.plugins_fired.map((p) => p.name));
    expect(fired).not.toContain('context-meter');
    expect(fired).not.toContain('legacy-exporter');
  });
});

describe('plugin knobs take effect in the simulated engine', () => {
  const setup = seeded();

  it('a dry run with changed keep_last_messages keeps that many recent messages and supersedes a different set', () => {
    const { store, session, explore } = setup();
    const run = (keep: number) => dryRun(store, session.id, { agent_path: explore.agent_path, pending: delegateTo(CHUNKED, { keep_last_messages: keep }) });
    const keep10 = run(10);
    const keep40 = run(40);
    for (const result of [keep10, keep40]) {
      expect(result.record.strategy).toBe('delegate');
      expect(result.record.fallback_occurred).toBe(false);
      expect(result.record.plugins_fired).toContainEqual(expect.objectContaining({ name: CHUNKED, role: 'compactor', result_kind: 'compactor_result' }));
    }
    expect(keep10.record.superseded_message_ids.length).toBeGreaterThan(keep40.record.superseded_message_ids.length);
    const active = activeMessages(explore);
    const tail = (n: number) => active.slice(-n).map((m) => m.id);
    expect(tail(10).some((id) => keep10.record.superseded_message_ids.includes(id))).toBe(false);
    expect(tail(40).some((id) => keep40.record.superseded_message_ids.includes(id))).toBe(false);
    // Nothing was saved by previewing.
    expect(explore.own).toEqual({ strategy: 'drop', 'summarize.enabled': false });
  });

  it('chunks and the summarizer model shape the summary and its cost line', () => {
    const { store, session, explore } = setup();
    const result = dryRun(store, session.id, { agent_path: explore.agent_path, pending: delegateTo(CHUNKED, { chunks: 3, summarizer: 'haiku' }) });
    expect(result.record.summary).toContain('### Chunk 1 of 3');
    expect(result.record.summary).toContain('### Chunk 3 of 3');
    expect(result.record.summarizer_model).toBe('anthropic:claude-haiku-4-5');
    expect(result.record.plugin_cost?.cost_usd).toBeGreaterThan(0);
    expect(result.record.cost_usd).toBeGreaterThan(0);
    const single = dryRun(store, session.id, { agent_path: explore.agent_path, pending: delegateTo(CHUNKED) });
    expect(single.record.summary).not.toContain('### Chunk');
    // Self-compact: no summarizer alias → the agent's own model (local-qwen).
    expect(single.record.summarizer_model).toBe('ollama:qwen3-coder:30b');
  });

  it('a compactor plugin that is not attached to the agent is not called', () => {
    const { store, session, explore } = setup();
    // Per invocation (not saved): the harness skips it and falls back to drop, recording why.
    const result = dryRun(store, session.id, { agent_path: explore.agent_path, strategy: 'delegate', delegate_plugin: CHECKPOINT });
    expect(result.record.fallback_occurred).toBe(true);
    expect(result.record.fallback_reason).toContain(`compactor plugin '${CHECKPOINT}' is not loaded for this agent`);
  });

  it("the delegate plugin's own trigger decides when the harness compacts", () => {
    const { store, session, explore } = setup();
    const estimate = estimateOf(session, explore);
    const save = (set: Record<string, unknown>) => expect(writeConfig(session, explore, { set }).errors).toEqual([]);
    // Fill threshold 100 %: the estimate is below the window, nothing fires.
    save({ strategy: 'delegate', 'delegate.plugin': CHUNKED, [`plugin_knobs.${CHUNKED}.threshold`]: 100 });
    const before = session.compactions.length;
    beforeLlmCall(store, session, explore);
    expect(session.compactions.length).toBe(before);
    // An absolute trigger just below the estimate fires on the next call, through the plugin.
    save({ [`plugin_knobs.${CHUNKED}.max_tokens`]: Math.floor((estimate - 1) / 1000) * 1000 });
    beforeLlmCall(store, session, explore);
    const fired = session.compactions.slice(before);
    expect(fired).toHaveLength(1);
    expect(fired[0]?.trigger).toBe('threshold_crossed');
    expect(fired[0]?.plugins_fired.some((p) => p.name === CHUNKED && p.role === 'compactor')).toBe(true);
  });

  it('checkpoint-summary refuses past its checkpoint cap, and kaged falls back to drop', () => {
    const { store, session, runner } = setup();
    expect(writeConfig(session, runner, { set: { strategy: 'delegate', 'delegate.plugin': CHECKPOINT, [`plugin_knobs.${CHECKPOINT}.max_checkpoints`]: 1 } }).errors).toEqual([]);
    const first = manualCompact(store, session.id, { agent_path: runner.agent_path }, 'op', null);
    expect(first.outcome).toBe('completed');
    expect(first.record?.fallback_occurred).toBe(false);
    expect(first.record?.summarizer_model).toBe('anthropic:claude-haiku-4-5');
    const second = manualCompact(store, session.id, { agent_path: runner.agent_path, lower_threshold: 0.05, upper_threshold: 0.1 }, 'op', null);
    expect(second.record?.fallback_occurred).toBe(true);
    expect(second.record?.fallback_reason).toContain('maximum of 1 checkpoints per session reached (1 written)');
  });

});
