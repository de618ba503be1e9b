// A subagent file that joins its followed session while the session goes on (its own compaction
// recorded before the primary's): dropped from memory and asked for again, or loaded by a restart
// over kept data, the session comes back quietly with the same ids and the same answers; a
// subagent file rewritten meanwhile still reads as rewritten.

import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importFiles } from '../daemon/transcripts/imports';
import { dropMessages } from '../daemon/transcripts/resident-sessions';
import { FolderBackend } from '../store/backends/folder';
import { restoreStore, type Snapshot } from '../store/persisted';
import { Persistence } from '../store/persistence';
import { Store } from '../store/store';
import type { SessionState } from '../store/types';
import { followedSessionId } from './follow-files';
import { Follower } from './follower';
import { NodeFolderSource } from './node-folder-source';
import { sessionAnswers } from './test-support/session-answers';
import { until } from './test-support/until';

const FIXTURES = new URL('../fixtures/transcripts/claude-code/', import.meta.url);
const CLAUDE = 'ae4a77f8-aedd-4bc1-888f-c94edc91af04';
const MAIN = `${CLAUDE}.jsonl`;
const SUBAGENT = `${CLAUDE}__subagents__agent-a4d5611.jsonl`;
const COMPACTION_AGENT = `${CLAUDE}__subagents__agent-acompact-946d2b.jsonl`;

/** The real session's lines, and a real window with a compaction of its own (another real session's file) as its subagent. */
function fixtureLines(): { main: string[]; subagent: string } {
  const main = readFileSync(new URL(MAIN, FIXTURES), 'utf8').split('\n').filter(Boolean);
  const other = readFileSync(new URL('4d5611e5-241a-462a-8d15-5122611a9569.jsonl', FIXTURES), 'utf8');
  return { main, subagent: other.replaceAll('4d5611e5-241a-462a-8d15-5122611a9569', CLAUDE).replaceAll('"isSidechain":false', '"isSidechain":true') };
}

let folder = '';
let data = '';
let store: Store;
let follower: Follower | null = null;

async function follow(): Promise<Follower> {
  follower = new Follower({ store, changed: (id) => id && store.touch(id) }, new NodeFolderSource(folder), { idleMs: 60_000, settleMs: 10 });
  await follower.start();
  await until(() => follower?.progress.state === 'watching');
  return follower;
}

/** Follows the session as it is written: the primary up to before its compaction, then the subagent whole (its compaction recorded first), then the primary's rest. */
async function followSubagentJoiningFirst(): Promise<SessionState> {
  const { main, subagent } = fixtureLines();
  const boundary = main.findIndex((line) => line.includes('"compact_boundary"'));
  writeFileSync(join(folder, MAIN), `${main.slice(0, boundary - 20).join('\n')}\n`);
  await follow();
  const id = await followedSessionId(MAIN);
  await until(() => store.session(id));
  writeFileSync(join(folder, SUBAGENT), subagent);
  await until(() => store.session(id)?.compactions.length === 1 && store.session(id)?.agents.length === 2);
  appendFileSync(join(folder, MAIN), `${main.slice(boundary - 20).join('\n')}\n`);
  const session = await until(() => (store.session(id)?.compactions.length === 2 ? store.session(id) : null));
  // The subagent's record came first, the primary's after it: not the order a read of the whole gives.
  expect(session.compactions.map((r) => r.agent_path)).toEqual([session.agents[1]?.agent_path, 'primary']);
  return session;
}

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'subagent-join-'));
  data = mkdtempSync(join(tmpdir(), 'subagent-join-data-'));
  store = new Store();
});

afterEach(async () => {
  await follower?.close();
  follower = null;
  rmSync(folder, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

describe('a subagent file that joined its followed session later', () => {
  it('dropped and asked for, the session comes back quietly with the same ids and answers', async () => {
    const session = await followSubagentJoiningFirst();
    const before = sessionAnswers(store, session.id);
    dropMessages(store, session);
    await follower?.resident(session.id);
    expect(store.dropped.has(session.id)).toBe(false);
    expect(store.session(session.id)).toBe(session);
    expect(session.followed?.notice).toBeNull();
    expect(sessionAnswers(store, session.id)).toBe(before);
  });

  it('a restart over kept data resumes it: one session, asked for it answers as before', async () => {
    const session = await followSubagentJoiningFirst();
    dropMessages(store, session);
    const persistence = new Persistence(new FolderBackend(data), { seed: 0, scale: 'normal' });
    persistence.attach(store, null);
    await persistence.flush();
    await follower?.resident(session.id);
    const before = sessionAnswers(store, session.id);
    await persistence.close();
    await follower?.close();

    store = restoreStore((await new Persistence(new FolderBackend(data), { seed: 0, scale: 'normal' }).load()) as Snapshot);
    expect(store.dropped.has(session.id)).toBe(true);
    const f = await follow();
    await f.resident(session.id);
    expect([...store.sessions.keys()]).toEqual([session.id]);
    expect(store.session(session.id)?.followed?.notice).toBeNull();
    expect(sessionAnswers(store, session.id)).toBe(before);
  });

  it('one that appears while the simulator is stopped joins the kept session at the restart, quietly: one session, and a drop and re-read answers as before', async () => {
    const { subagent } = fixtureLines();
    copyFileSync(new URL(MAIN, FIXTURES), join(folder, MAIN));
    await follow();
    const id = await followedSessionId(MAIN);
    dropMessages(store, await until(() => store.session(id)));
    const persistence = new Persistence(new FolderBackend(data), { seed: 0, scale: 'normal' });
    persistence.attach(store, null);
    await persistence.flush();
    await persistence.close();
    await follower?.close();

    writeFileSync(join(folder, SUBAGENT), subagent);
    store = restoreStore((await new Persistence(new FolderBackend(data), { seed: 0, scale: 'normal' }).load()) as Snapshot);
    await follow();
    const session = await until(() => (store.session(id)?.agents.length === 2 ? store.session(id) : null));
    expect([...store.sessions.keys()]).toEqual([id]);
    expect(session.compactions.map((r) => r.agent_path)).toEqual(['primary', session.agents[1]?.agent_path]);
    expect(session.followed?.notice).toBeNull();
    const before = sessionAnswers(store, id);
    dropMessages(store, session);
    await follower?.resident(id);
    expect(store.session(id)).toBe(session);
    expect(sessionAnswers(store, id)).toBe(before);
  });

  it("a compaction agent file that joins after its compaction was read: the record takes the summarizer's model and cost as an import of the whole does, and comes back quietly", async () => {
    copyFileSync(new URL(MAIN, FIXTURES), join(folder, MAIN));
    await follow();
    const id = await followedSessionId(MAIN);
    const session = await until(() => store.session(id));
    expect(session.compactions[0]?.summarizer_model).toBeNull();
    copyFileSync(new URL(COMPACTION_AGENT, FIXTURES), join(folder, COMPACTION_AGENT));
    const record = await until(() => (session.compactions[0]?.summarizer_model ? session.compactions[0] : null));
    const reference = new Store();
    const job = await importFiles(reference, [MAIN, COMPACTION_AGENT].map((name) => ({ name, bytes: readFileSync(new URL(name, FIXTURES)) })));
    const imported = reference.session(job.sessions[0] ?? '')?.compactions[0];
    const summarizerOf = (r: typeof record | undefined) => ({ model: r?.summarizer_model, cost: r?.plugin_cost, usd: r?.cost_usd, provenance: r?.provenance });
    expect(summarizerOf(record)).toEqual(summarizerOf(imported));
    expect(store.session(id)).toBe(session);
    expect(session.followed?.notice).toBeNull();

    const before = sessionAnswers(store, id);
    dropMessages(store, session);
    await follower?.resident(id);
    expect(store.session(id)).toBe(session);
    expect(session.followed?.notice).toBeNull();
    expect(sessionAnswers(store, id)).toBe(before);
  });

  it('its file rewritten while the session was dropped: read again whole, with the notice', async () => {
    const session = await followSubagentJoiningFirst();
    dropMessages(store, session);
    const rewritten = readFileSync(join(folder, SUBAGENT), 'utf8').replace(/"text":"([^"])/, '"text":"~');
    writeFileSync(join(folder, SUBAGENT), rewritten);
    await follower?.resident(session.id);
    const reread = await until(() => (store.session(session.id)?.followed?.notice ? store.session(session.id) : null));
    expect(reread.followed?.notice).toMatch(/was rewritten; read again whole/);
    expect(store.dropped.has(session.id)).toBe(false);
  });
});
