import { describe, expect, it } from 'vitest';
import { applyCompaction } from '../../engine/apply';
import type { CompactedOutcome } from '../../engine/engine-types';
import { computePins } from '../../engine/pins';
import { runCompaction } from '../../engine/pipeline';
import { prunedSizes, pruneToolOutputs } from '../../engine/prune';
import { input, parallelSession } from '../../engine/test-support/build';
import type { Store } from '../../store/store';
import type { CompactRequest, Message, Schemas } from '../../store/types';
import { reindex } from '../compaction/compaction-commit';
import { requestValues, runPipeline } from '../compaction/compaction-input';
import { activeMessages } from '../read-models/views';
import { dryRun, manualCompact, proposedList } from './compaction-service';
import { seededStore } from '../seeding/test-support/normal-seed';

describe('a dry run previews exactly what a commit at the same point does', () => {
  it('on every agent of the seeded real and generated sessions, fallback chains included', async () => {
    const store = await seededStore();
    let compared = 0;
    let fellBack = 0;
    for (const session of store.sessions.values()) {
      if (session.pending_checkpoint_id) continue;
      for (const agent of session.agents) {
        const request = { agent_path: agent.agent_path, lower_threshold: 0.3 };
        const preview = dryRun(store, session.id, request);
        const committed = manualCompact(store, session.id, request, 'ana', null);
        if (!committed.record) continue;
        compared += 1;
        if (committed.record.fallback_occurred) fellBack += 1;
        expect(preview.record.fallback_chain, `${session.id} ${agent.agent_path}`).toEqual(committed.record.fallback_chain);
        expect(preview.record.superseded_message_ids, `${session.id} ${agent.agent_path}`).toEqual(committed.record.superseded_message_ids);
        expect(preview.record.after_estimate).toBe(committed.record.after_estimate);
      }
    }
    expect(compared).toBeGreaterThanOrEqual(5);
    // The django-11133 session's compactor times out: the preview must show the same fallback to drop.
    expect(fellBack).toBeGreaterThanOrEqual(1);
  });
});

/** The dry run as it was made before session 10: the pipeline, then pins, pruning and the commit's own two steps again. */
function referenceDryRun(store: Store, sessionId: string, request: CompactRequest): Schemas['DryRunResult'] {
  const session = store.session(sessionId);
  const agent = session?.agents.find((a) => a.agent_path === request.agent_path);
  if (!session || !agent) throw new Error(`no ${sessionId} ${request.agent_path}`);
  const { agent_path: _agentPath, ...overrides } = request;
  const outcome = runPipeline(store, session, agent, { trigger: 'operator_manual', request: overrides, dryRun: true });
  const compacted = outcome.kind === 'pending' ? outcome.proposal : outcome.kind === 'compacted' ? outcome : null;
  if (!compacted) throw new Error(outcome.kind);
  const values = requestValues(session, agent, overrides);
  const active = computePins(activeMessages(agent), values.always_keep).messages;
  const pruned = prunedSizes(active, pruneToolOutputs(active, values.prune, (m) => m.pin !== null));
  return {
    record: { ...compacted.record, dry_run: true, strategy: outcome.kind === 'pending' ? 'checkpoint' : compacted.record.strategy },
    before_estimate: compacted.record.threshold_estimate,
    messages: reindex(applyCompaction(active, compacted)),
    ...(pruned.length > 0 ? { pruned } : {}),
  };
}

const STRATEGIES = ['drop', 'summarize', 'delegate', 'checkpoint'] as const;

describe("the dry run's view, made once from what the pipeline prepared, is the answer it always was", () => {
  it('byte for byte on every seeded agent under every strategy, before and after the session changes', async () => {
    const store = await seededStore();
    store.clock = () => new Date('2026-11-28T03:00:00.000Z');
    let compared = 0;
    let prunedSome = 0;
    const compare = (sessionId: string, request: CompactRequest): void => {
      const answer = JSON.stringify(dryRun(store, sessionId, request));
      expect(answer, `${sessionId} ${request.agent_path} ${request.strategy}`).toBe(JSON.stringify(referenceDryRun(store, sessionId, request)));
      compared += 1;
      if (answer.includes('"pruned":[')) prunedSome += 1;
    };
    for (const session of store.sessions.values()) {
      if (session.pending_checkpoint_id) continue;
      for (const agent of session.agents) {
        for (const strategy of STRATEGIES) compare(session.id, { agent_path: agent.agent_path, strategy, lower_threshold: 0.3 });
        // The session changes (a compaction committed, then a message added): the next dry run is made afresh.
        manualCompact(store, session.id, { agent_path: agent.agent_path, strategy: 'drop', lower_threshold: 0.3 }, 'ana', null);
        const last = agent.messages.at(-1) as Message;
        agent.messages.push({ ...last, id: `${last.id}_next`, index: agent.messages.length, role: 'user', content: 'And now the tests.', tool_calls: [], tool_call_id: null, tool_name: null });
        for (const strategy of STRATEGIES) compare(session.id, { agent_path: agent.agent_path, strategy, lower_threshold: 0.2 });
      }
    }
    expect(compared).toBeGreaterThanOrEqual(40);
    expect(prunedSome).toBeGreaterThanOrEqual(1);
  });

  it('proposedList gives what applyCompaction then reindex give, each message copied at most once', () => {
    const messages = parallelSession(20);
    const summarized = runCompaction(input(messages, { strategy: 'summarize' })) as CompactedOutcome;
    const dropped = runCompaction(input(messages, { strategy: 'drop', summarize: { enabled: false } })) as CompactedOutcome;
    expect([summarized.kind, dropped.kind]).toEqual(['compacted', 'compacted']);
    const summary = summarized.summary_message as Message;
    // An active list whose indexes are not its positions (an earlier compaction left gaps).
    const gapped = messages.map((m, i) => ({ ...m, index: i * 2 }));
    const cases: Array<[readonly Message[], Pick<CompactedOutcome, 'record' | 'superseded_ids' | 'summary_message'>]> = [
      [messages, summarized],
      [messages, dropped],
      [gapped, summarized],
      [[...messages.slice(0, 3), summary, ...messages.slice(3)], summarized],
      [messages, { ...summarized, superseded_ids: [] }],
      [messages, { ...summarized, superseded_ids: ['not-in-the-list'] }],
    ];
    for (const [active, outcome] of cases) {
      const made = proposedList(active, outcome);
      expect(JSON.stringify(made)).toBe(JSON.stringify(reindex(applyCompaction(active, outcome))));
      // A message that needs no change is the same object.
      for (const m of made) if (active.includes(m)) expect(m.superseded).toBe(false);
    }
  });
});
