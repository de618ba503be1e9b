import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toDetail, toSummary } from '../daemon/read-models/views';
import { importFiles } from '../daemon/transcripts/imports';
import { dropMessages } from '../daemon/transcripts/resident-sessions';
import { FolderBackend } from '../store/backends/folder';
import { restoreStore, SnapshotDiffer, type Snapshot } from '../store/persisted';
import { Persistence } from '../store/persistence';
import { Store } from '../store/store';
import type { SessionState } from '../store/types';
import { followedSessionId, groupOf } from './follow-files';
import { Follower, type FollowOptions } from './follower';
import { NodeFolderSource } from './node-folder-source';
import { sessionAnswers } from './test-support/session-answers';
import { until } from './test-support/until';

const FIXTURES = new URL('../fixtures/transcripts/', import.meta.url);
const CLAUDE = 'ae4a77f8-aedd-4bc1-888f-c94edc91af04';
const CLAUDE_FILES = [`${CLAUDE}.jsonl`, `${CLAUDE}__subagents__agent-aac57f5.jsonl`, `${CLAUDE}__subagents__agent-acompact-946d2b.jsonl`];
const CODEX = 'rollout-2026-02-23T20-34-25-019c8bfe-ec25-79e0-97d7-bda6a9c575ff.jsonl';
const LONG_AGO = new Date('2026-01-01T00:00:00Z');

let folder = '';
let store: Store;
let follower: Follower | null = null;

const idOf = (name: string) => followedSessionId(groupOf(name));
const messagesOf = (s: SessionState | undefined) => s?.agents.reduce((n, a) => n + a.messages.filter((m) => m.metadata.kind !== 'compaction_summary').length, 0) ?? 0;

function copyFixture(from: string, to = from.split('/').pop() as string, old = false): string {
  const path = join(folder, to);
  copyFileSync(new URL(from, FIXTURES), path);
  if (old) utimesSync(path, LONG_AGO, LONG_AGO);
  return to;
}

async function follow(options: Partial<FollowOptions> = {}): Promise<Follower> {
  // As the daemon does: a session changed is saved (Store.touch).
  follower = new Follower({ store, changed: (id) => id && store.touch(id) }, new NodeFolderSource(folder), { idleMs: 60_000, settleMs: 10, ...options });
  await follower.start();
  await until(() => follower?.progress.state === 'watching');
  return follower;
}

async function importedMessages(name: string, bytes: Uint8Array): Promise<number> {
  const reference = new Store();
  const job = await importFiles(reference, [{ name, bytes: new Uint8Array(bytes) }]);
  return messagesOf(reference.session(job.sessions[0] ?? ''));
}

const answers = (id: string) => sessionAnswers(store, id);

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'resident-'));
  store = new Store();
});

afterEach(async () => {
  await follower?.close();
  follower = null;
  rmSync(folder, { recursive: true, force: true });
});

describe('followed sessions dropped from memory and read again when asked', () => {
  it('a dropped session asked for answers byte for byte as before, and its list figures do not move while dropped', async () => {
    for (const name of CLAUDE_FILES) copyFixture(`claude-code/${name}`);
    copyFixture(`codex-rollout/${CODEX}`);
    const f = await follow();
    for (const id of [await idOf(CLAUDE_FILES[0] as string), await idOf(CODEX)]) {
      const session = await until(() => store.session(id));
      const before = answers(id);
      const summary = JSON.stringify(toSummary(store, session));
      const detail = JSON.stringify(toDetail(store, session));
      dropMessages(store, session);
      expect(messagesOf(session)).toBe(0);
      expect(JSON.stringify(toSummary(store, session))).toBe(summary);
      expect(JSON.stringify(toDetail(store, session))).toBe(detail);
      await f.resident(id);
      expect(store.dropped.has(id)).toBe(false);
      expect(answers(id)).toBe(before);
    }
  });

  it('a file appended to while dropped is read on from where it was; one rewritten is read again whole, with its notice', async () => {
    const lines = readFileSync(new URL(`claude-code/${CLAUDE_FILES[0]}`, FIXTURES), 'utf8').split('\n').filter(Boolean);
    const name = `${CLAUDE}.jsonl`;
    writeFileSync(join(folder, name), `${lines.slice(0, 40).join('\n')}\n`);
    await follow();
    const id = await idOf(name);
    const session = await until(() => store.session(id));
    dropMessages(store, session);
    appendFileSync(join(folder, name), `${lines.slice(40).join('\n')}\n`);
    const expected = await importedMessages(name, readFileSync(join(folder, name)));
    await until(() => !store.dropped.has(id) && messagesOf(store.session(id)) === expected);
    expect(store.session(id)?.followed?.notice).toBeNull();

    dropMessages(store, store.session(id) as SessionState);
    const other = readFileSync(new URL('claude-code/short.jsonl', FIXTURES));
    writeFileSync(join(folder, name), other);
    await follower?.resident(id);
    const reread = await until(() => (store.session(id)?.followed?.notice ? store.session(id) : null));
    expect(reread.followed?.notice).toMatch(/was rewritten; read again whole/);
    expect(store.dropped.has(id)).toBe(false);
    expect(messagesOf(reread)).toBe(await importedMessages('short.jsonl', other));
  });

  it('an idle session is dropped unless it was asked for (viewed) lately; a viewed one is kept until the viewing stops', async () => {
    copyFixture(`claude-code/${CLAUDE_FILES[0]}`, undefined, true);
    copyFixture(`codex-rollout/${CODEX}`, undefined, true);
    const f = await follow({ idleMs: 200, viewedMs: 3_000 });
    const viewed = await idOf(CLAUDE_FILES[0] as string);
    const codex = await idOf(CODEX);
    await until(() => store.dropped.has(viewed) && store.dropped.has(codex));
    await f.resident(viewed);
    expect(messagesOf(store.session(viewed))).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(store.dropped.has(viewed)).toBe(false);
    expect(store.dropped.has(codex)).toBe(true);
    await until(() => store.dropped.has(viewed), 10_000);
  });

  it('N idle followed sessions hold their records and list figures only, and kept data holds them so (no messages, their dropped record)', async () => {
    const N = 12;
    for (let k = 0; k < N; k++) copyFixture(`claude-code/${CLAUDE_FILES[0]}`, `p${k}/${CLAUDE}.jsonl`.replace('/', '-'), true);
    await follow({ idleMs: 200 });
    const sessions = [...store.sessions.values()];
    expect(sessions).toHaveLength(N);
    await until(() => sessions.every((s) => store.dropped.has(s.id)));
    const heldBytes = JSON.stringify(sessions).length;
    const first = sessions[0] as SessionState;
    await follower?.resident(first.id);
    const residentBytes = JSON.stringify(first).length;
    expect(heldBytes / N).toBeLessThan(residentBytes / 5);
    const batch = new SnapshotDiffer({ format: 0, seed: 0, scale: 'normal' }).next(store, true);
    expect(Object.keys(batch?.entries.dropped?.put ?? {}).sort()).toEqual(sessions.slice(1).map((s) => s.id).sort());
    const savedDropped = JSON.parse(batch?.entries.sessions?.put[sessions[1]?.id ?? ''] ?? '{}') as SessionState;
    expect(messagesOf(savedDropped)).toBe(0);
    expect(messagesOf(JSON.parse(batch?.entries.sessions?.put[first.id] ?? '{}') as SessionState)).toBe(messagesOf(first));
  });

  it('a restart over kept data loads followed sessions dropped and keeps them so until asked; asked, they answer byte for byte as before', async () => {
    for (const name of CLAUDE_FILES) copyFixture(`claude-code/${name}`, undefined, true);
    copyFixture(`codex-rollout/${CODEX}`, undefined, true);
    const ids = [await idOf(CLAUDE_FILES[0] as string), await idOf(CODEX)];
    const data = mkdtempSync(join(tmpdir(), 'resident-data-'));
    try {
      await follow({ idleMs: 200 });
      await until(() => ids.every((id) => store.dropped.has(id)));
      const persistence = new Persistence(new FolderBackend(data), { seed: 0, scale: 'normal' });
      persistence.attach(store, null);
      await persistence.flush();
      // Asked for before the restart: back in memory, still kept as dropped (unchanged since).
      const before: Record<string, string> = {};
      for (const id of ids) {
        await follower?.resident(id);
        before[id] = answers(id);
      }
      await persistence.close();
      await follower?.close();

      const snapshot = await new Persistence(new FolderBackend(data), { seed: 0, scale: 'normal' }).load();
      store = restoreStore(snapshot as Snapshot);
      for (const id of ids) {
        expect(store.dropped.has(id)).toBe(true);
        expect(messagesOf(store.session(id))).toBe(0);
      }
      const f = await follow({ idleMs: 200 });
      await new Promise((r) => setTimeout(r, 500));
      expect(ids.every((id) => store.dropped.has(id))).toBe(true);
      for (const id of ids) {
        await f.resident(id);
        expect(store.dropped.has(id)).toBe(false);
        expect(store.session(id)?.followed?.notice).toBeNull();
        expect(answers(id)).toBe(before[id]);
      }
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('sessions asked for at once are read back a bounded number at a time, in the order asked, none lost', async () => {
    const N = 6;
    for (let k = 0; k < N; k++) copyFixture('claude-code/short.jsonl', `s${k}.jsonl`, true);
    // The source as the follower reads it: what is read at once, and in which order.
    let reading = 0;
    let most = 0;
    const order: string[] = [];
    const source = new NodeFolderSource(folder);
    const read = source.read.bind(source);
    source.read = async (name, from, maxSize) => {
      reading += 1;
      most = Math.max(most, reading);
      order.push(name);
      await new Promise((r) => setTimeout(r, 20));
      try {
        return await read(name, from, maxSize);
      } finally {
        reading -= 1;
      }
    };
    follower = new Follower({ store, changed: () => {} }, source, { idleMs: 200, settleMs: 10, readLimits: { reads: 2, bytes: 1024 ** 3 } });
    await follower.start();
    const ids = await Promise.all(Array.from({ length: N }, (_, k) => idOf(`s${k}.jsonl`)));
    await until(() => ids.every((id) => store.dropped.has(id)));
    const expected = await importedMessages('short.jsonl', readFileSync(new URL('claude-code/short.jsonl', FIXTURES)));
    order.length = 0;
    most = 0;
    const f = follower;
    await Promise.all(ids.map((id) => f.resident(id)));
    expect(most).toBe(2);
    expect(f.readLimit.peak.reads).toBe(2);
    expect(order).toEqual(ids.map((_, k) => `s${k}.jsonl`));
    for (const id of ids) {
      expect(store.dropped.has(id)).toBe(false);
      expect(messagesOf(store.session(id))).toBe(expected);
    }
  });

  it('a start-up backlog of files written lately keeps only the newest in memory (a budget of bytes): the rest run dropped, and come back when asked', async () => {
    const N = 5;
    const size = readFileSync(new URL('claude-code/short.jsonl', FIXTURES)).byteLength;
    const now = Date.now();
    for (let k = 0; k < N; k++) {
      const path = join(folder, copyFixture('claude-code/short.jsonl', `s${k}.jsonl`));
      utimesSync(path, new Date(now - (N - k) * 1_000), new Date(now - (N - k) * 1_000));
    }
    const ids = await Promise.all(Array.from({ length: N }, (_, k) => idOf(`s${k}.jsonl`)));
    const f = await follow({ idleMs: 60_000, backlogResidentBytes: 2 * size });
    const expected = await importedMessages('short.jsonl', readFileSync(new URL('claude-code/short.jsonl', FIXTURES)));
    // Newest first: the two newest fill the budget.
    expect(ids.map((id) => store.dropped.has(id))).toEqual([true, true, true, false, false]);
    expect(ids.every((id) => store.session(id)?.status === 'running')).toBe(true);
    await f.resident(ids[0] as string);
    expect(store.dropped.has(ids[0] as string)).toBe(false);
    expect(messagesOf(store.session(ids[0] as string))).toBe(expected);
  });
});
