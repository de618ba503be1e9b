import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importClaudeCode } from '../../../../src/domain/transcripts/claude-code-session';
import { FIXTURES_DIR } from '../../../importers/node-fixtures';
import { Store } from '../../../store/store';
import type { CompactionRecord } from '../../../store/types';
import { renameSessionAgent } from '../../fault-injection/rename-agent';
import { emitLiveBurst, type BurstClock } from '../../live/bench-live';
import { seededStore } from '../../seeding/test-support/normal-seed';
import { extendTranscriptAgentSteps, drain, seedTranscriptSession } from '../../transcripts/transcript-session';
import { appendLive, buildLive } from './live-part';
import { tablesOf, type Part } from './tables';

/** A part's rows decoded (codes read back through their dictionaries), keyed by record id. */
function decoded(part: Part) {
  const f = part.facts;
  const records = part.records as CompactionRecord[];
  const rows = records.map((r, row) => ({
    id: r.id,
    global: part.idRank?.[row],
    at: f.at[row],
    session: f.sessions[f.session[row] as number],
    agent: f.agents[f.agent[row] as number],
    codes: [f.trigger[row], f.strategy[row], f.before[row], f.after[row], f.window[row], f.summaryTokens[row], f.cost[row], f.duration[row], f.flag[row], f.flaggedAt[row], f.rolledBack[row], f.simulated[row], f.rereadTokens[row], f.rereadCalls[row]],
    primaryUsd: f.primaryUsd[row],
    summarizer: f.summarizers[f.summarizer[row] as number] ?? null,
    fallback: f.fallbackKinds[f.fallback[row] as number] ?? null,
    slots: Object.fromEntries(f.slots.map((s, k) => [`${s.plugin}/${s.hook}/${s.role}`, [f.slotMs[k]?.[row], f.slotKind[k]?.[row]]])),
    versions: Object.fromEntries(Object.entries(f.pluginVersion).map(([name, col]) => [name, f.versions[col[row] as number] ?? null])),
  }));
  const byIdOrder = Array.from(part.byId ?? [], (row) => records[row]?.id);
  const bySession = part.sessions.map((s, k) => [s, Array.from(part.factsBySession.subarray(part.factStart[k], part.factStart[k + 1]), (row) => records[row]?.id), Array.from(part.silentBySession.subarray(part.silentStart[k], part.silentStart[k + 1]), (row) => part.silentEvents?.[row]?.id)]);
  const s = part.silent;
  const silent = Array.from({ length: s.length }, (_, row) => [part.silentEvents?.[row]?.id, s.at[row], s.agents[s.agent[row] as number], s.kind[row], s.strategy[row], s.trigger[row], s.reasons[s.reason[row] as number], s.plugins[s.plugin[row] as number] ?? null, s.before[row]]);
  return { rows, byIdOrder, bySession, silent };
}

const sameAsWhole = (store: Store) => expect(decoded(tablesOf(store).live)).toEqual(decoded(buildLive(store).part));

/** A clock that only moves when the burst waits. */
function fakeClock(): BurstClock {
  let t = 1_000_000;
  return { now: () => t, elapsed: () => t, wait: async (ms) => void (t += ms) };
}

describe('the live part follows the store: appended records folded in equal a whole build', () => {
  it('folds a live burst in (the benchmark\'s path), the agent\'s spend spread over its rows as a whole build spreads it', async () => {
    const store = await seededStore();
    const before = buildLive(store);
    tablesOf(store);
    await emitLiveBurst(store, { session_id: 'ses_gen_refactor', count: 40, rate: 1000 }, fakeClock());
    const folded = appendLive(store, before);
    expect(folded).not.toBeNull();
    expect(folded?.part.facts.length).toBe(before.part.facts.length + 40);
    expect(decoded(folded!.part)).toEqual(decoded(buildLive(store).part));
    sameAsWhole(store);
    // The agent's spend moves between reads (a message came): every row of it follows.
    const agent = store.sessions.get('ses_gen_refactor')!.agents[0]!;
    agent.primary_recorded_usd = (agent.primary_recorded_usd ?? 0) + 12.5;
    await emitLiveBurst(store, { session_id: 'ses_gen_refactor', count: 3, rate: 1000 }, fakeClock());
    sameAsWhole(store);
  }, 60_000);

  it('builds whole after a rename (records changed in place) and a flag (a record replaced)', async () => {
    const store = await seededStore();
    const session = [...store.sessions.values()].find((s) => s.compactions.length > 0 && s.agents.length > 1) ?? [...store.sessions.values()].find((s) => s.compactions.length > 0)!;
    const prev = buildLive(store);
    tablesOf(store);
    const path = session.compactions[0]!.agent_path;
    renameSessionAgent(store, session.id, path, `${path}-renamed`);
    expect(appendLive(store, prev)).toBeNull();
    sameAsWhole(store);
    const record = session.compactions[1] ?? session.compactions[0]!;
    store.replaceCompaction(session, { ...record, operator_flag: 'bad', flagged_at: '2026-11-20T10:00:00.000Z' });
    sameAsWhole(store);
    expect(decoded(tablesOf(store).live).rows.find((r) => r.id === record.id)?.agent).toBe(record.agent_path);
  }, 60_000);

  it('puts an appended record older than rows already there, or tied in time, in its place; builds whole for a new agent', async () => {
    const store = await seededStore();
    const session = store.sessions.get('ses_gen_refactor')!;
    const template = session.compactions[session.compactions.length - 1]!;
    const middle = session.compactions[session.compactions.length >> 1]!;
    const prev = buildLive(store);
    tablesOf(store);
    store.addCompaction(session, { ...template, id: store.nextId('cmp'), created_at: '2020-01-01T00:00:00.000Z' });
    store.addCompaction(session, { ...template, id: store.nextId('cmp'), created_at: middle.created_at });
    store.addCompaction(session, { ...template, id: 'cmp_0', created_at: middle.created_at });
    expect(appendLive(store, prev)).not.toBeNull();
    sameAsWhole(store);
    const next = buildLive(store);
    store.addCompaction(session, { ...template, id: store.nextId('cmp'), agent_path: 'primary/new-agent', created_at: new Date().toISOString() });
    expect(appendLive(store, next)).toBeNull();
    sameAsWhole(store);
  }, 60_000);

  it('follows a transcript that grew: the re-read figures of earlier records, changed in place, are announced', () => {
    const t = importClaudeCode(readFileSync(join(FIXTURES_DIR, 'claude-code/4d5611e5-241a-462a-8d15-5122611a9569.jsonl'), 'utf8'), 'a.jsonl', []).transcript;
    // Early in the window after the first compaction: the turns that follow change its re-read figures.
    const cut = (t.compactions[0]?.boundary_index ?? 0) + 16;
    const head = { ...t, messages: t.messages.slice(0, cut), compactions: t.compactions.filter((c) => c.boundary_index < cut), token_profile: undefined };
    const store = new Store();
    const session = seedTranscriptSession(store, head, { id: 'ses_r', project_id: 'p' });
    const before = new Map(decoded(tablesOf(store).live).rows.map((r) => [r.id, r.codes]));
    drain(extendTranscriptAgentSteps(store, session, session.agents[0]!, t, { messages: head.messages.length, compactions: head.compactions.length }));
    const after = decoded(tablesOf(store).live).rows;
    expect(after.filter((r) => before.has(r.id) && JSON.stringify(before.get(r.id)) !== JSON.stringify(r.codes)).length).toBeGreaterThan(0);
    sameAsWhole(store);
  });
});
