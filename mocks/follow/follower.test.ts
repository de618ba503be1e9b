import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importFiles, MAX_FILE_BYTES } from '../daemon/transcripts/imports';
import { Store } from '../store/store';
import type { SessionState } from '../store/types';
import type { CompactionRecord } from '../../src/domain/contract/types';
import { followedSessionId, groupOf } from './follow-files';
import { Follower } from './follower';
import type { FolderSource } from './folder-source';
import { HandleFolderSource } from './handle-folder-source';
import { NodeFolderSource } from './node-folder-source';
import { FAST_PACE, fsDirectory } from './test-support/fs-directory';
import { until } from './test-support/until';

const FIXTURES = new URL('../fixtures/transcripts/', import.meta.url);
const CLAUDE = 'ae4a77f8-aedd-4bc1-888f-c94edc91af04';
const claudeLines = readFileSync(new URL(`claude-code/${CLAUDE}.jsonl`, FIXTURES), 'utf8').split('\n').filter(Boolean);
const subagentText = readFileSync(new URL(`claude-code/${CLAUDE}__subagents__agent-aac57f5.jsonl`, FIXTURES), 'utf8');
const BOUNDARY = claudeLines.findIndex((l) => l.includes('compact_boundary'));

let folder = '';
let store: Store;
let follower: Follower | null = null;
const changed: string[] = [];

function target() {
  return { store, changed: (id: string | null) => void (id && changed.push(id)) };
}

/** The same follower over either source: chokidar on Node, a polled directory handle as in the browser. */
const SOURCES: [string, (path: string) => FolderSource][] = [
  ['chokidar on Node', (path) => new NodeFolderSource(path)],
  ['a directory handle polled (the browser)', (path) => new HandleFolderSource(fsDirectory(path), { pace: FAST_PACE, folder: path })],
];

async function startFollowing(source: (path: string) => FolderSource): Promise<Follower> {
  // Idle after 2 s without growth: long enough that a change read late on a loaded machine (CI runs
  // the unit files in parallel) still goes out as running.
  const f = new Follower(target(), source(folder), { idleMs: 2_000, settleMs: 10 });
  await f.start();
  return f;
}

const messagesOf = (s: SessionState | undefined) => (s ? s.agents.reduce((n, a) => n + a.messages.filter((m) => m.metadata.kind !== 'compaction_summary').length, 0) : 0);
const callsOf = (s: SessionState | undefined) => s?.agents.reduce((n, a) => n + (a.recorded?.turns.length ?? 0), 0) ?? 0;
const tokensOf = (s: SessionState | undefined) => s?.agents[0]?.messages.reduce((n, m) => n + m.metadata.token_estimate, 0) ?? 0;
const idOf = (name: string) => followedSessionId(groupOf(name));

/** What an import of the same lines gives: the figures a followed session must reach. */
async function importedFigures(files: { name: string; text: string }[]) {
  const reference = new Store();
  const job = await importFiles(reference, files.map((f) => ({ name: f.name, bytes: new TextEncoder().encode(f.text) })));
  const session = reference.session(job.sessions[0] ?? '') as SessionState;
  return { messages: messagesOf(session), compactions: session.compactions.length, agents: session.agents.length, calls: callsOf(session), tokens: tokensOf(session) };
}

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'follow-'));
  store = new Store();
  changed.length = 0;
});

afterEach(async () => {
  await follower?.close();
  follower = null;
  rmSync(folder, { recursive: true, force: true });
});

it('groups a Claude Code subagent file with its session file (both layouts)', () => {
  expect(groupOf('p/abc.jsonl')).toBe('p/abc.jsonl');
  expect(groupOf('p/abc/subagents/agent-1.jsonl')).toBe('p/abc.jsonl');
  expect(groupOf('p/abc__subagents__agent-1.jsonl')).toBe('p/abc.jsonl');
});

describe.each(SOURCES)('following a folder through %s', (_label, makeSource) => {
  it('appended lines (a half-written one among them, a compaction, a subagent file later) arrive once each, as an import of the same lines', async () => {
    const name = `proj/${CLAUDE}.jsonl`;
    mkdirSync(join(folder, 'proj'));
    const file = join(folder, name);
    writeFileSync(file, `${claudeLines.slice(0, 40).join('\n')}\n`);
    follower = await startFollowing(makeSource);
    const id = await idOf(name);
    await until(() => store.session(id));
    expect(messagesOf(store.session(id))).toBe((await importedFigures([{ name, text: `${claudeLines.slice(0, 40).join('\n')}\n` }])).messages);

    // Steps through the compaction, each ending with half a line that is completed by the next.
    const steps = [40, 300, BOUNDARY - 5, BOUNDARY + 30, claudeLines.length];
    for (let k = 1; k < steps.length; k++) {
      const from = steps[k - 1] as number;
      const to = steps[k] as number;
      const next = claudeLines[to] ?? '';
      appendFileSync(file, `${claudeLines.slice(from, to).join('\n')}\n${next.slice(0, 50)}`);
      const want = await importedFigures([{ name, text: `${claudeLines.slice(0, to).join('\n')}\n` }]);
      const session = await until(() => messagesOf(store.session(id)) === want.messages && store.session(id));
      expect(session.compactions.length).toBe(want.compactions);
      expect(callsOf(session)).toBe(want.calls);
      expect(tokensOf(session)).toBe(want.tokens);
      if (next) writeFileSync(file, `${claudeLines.slice(0, to).join('\n')}\n`);
    }
    const session = store.session(id) as SessionState;
    expect(session.compactions.filter((r) => r.provenance.origin === 'recorded')).toHaveLength(1);
    // Its re-read grew as turns came after it: each growth went out as compaction.updated, the last
    // with what the session holds (a page open meanwhile shows the figure the ledger would read).
    const recorded = session.compactions[0] as CompactionRecord;
    const updates = store.events.filter((e) => e.type === 'compaction.updated' && (e.data.record as CompactionRecord).id === recorded.id);
    expect(updates.length).toBeGreaterThan(0);
    expect((updates.at(-1)?.data.record as CompactionRecord).reread_after).toEqual(recorded.reread_after);
    expect(session.followed).toMatchObject({ folder, file: name, notice: null });
    const statuses = store.events.flatMap((e) => (e.type === 'session.updated' ? [(e.data.session as { status: string }).status] : []));
    expect(statuses).toContain('running');

    // A subagent file appearing later joins its session.
    writeFileSync(join(folder, `proj/${CLAUDE}__subagents__agent-aac57f5.jsonl`), subagentText);
    const whole = await importedFigures([
      { name, text: `${claudeLines.join('\n')}\n` },
      { name: `proj/${CLAUDE}__subagents__agent-aac57f5.jsonl`, text: subagentText },
    ]);
    await until(() => store.session(id)?.agents.length === whole.agents);
    expect(messagesOf(store.session(id))).toBe(whole.messages);
    expect(store.sessions.size).toBe(1);
    const ids = store.session(id)?.agents.flatMap((a) => a.messages.map((m) => m.id)) ?? [];
    expect(new Set(ids).size).toBe(ids.length);

    // No growth for idleMs: idle.
    await until(() => store.session(id)?.status === 'idle', 10_000);
  }, 120_000);

  it('a truncated or replaced file is read again whole, with a notice; a restart over the kept data reads nothing twice', async () => {
    const source = new URL('codex-rollout/rollout-2026-02-23T12-54-34-019c8a59-e9dd-71f0-9ae3-4079fe9726a9.jsonl', FIXTURES);
    const name = 'sessions/2026/02/23/rollout.jsonl';
    mkdirSync(join(folder, 'sessions/2026/02/23'), { recursive: true });
    copyFileSync(source, join(folder, name));
    const lines = readFileSync(source, 'utf8').split('\n').filter(Boolean);
    follower = await startFollowing(makeSource);
    const id = await idOf(name);
    const full = await importedFigures([{ name, text: `${lines.join('\n')}\n` }]);
    await until(() => messagesOf(store.session(id)) === full.messages);
    expect(store.session(id)?.compactions).toHaveLength(full.compactions);

    // Truncated to its first half: the session is what that half holds, and says why.
    const half = `${lines.slice(0, Math.floor(lines.length / 2)).join('\n')}\n`;
    writeFileSync(join(folder, name), half);
    const halfFigures = await importedFigures([{ name, text: half }]);
    await until(() => messagesOf(store.session(id)) === halfFigures.messages);
    expect(store.session(id)?.followed?.notice).toMatch(/rollout\.jsonl was rewritten; read again whole/);

    // Restart: the same store (kept data) and the same folder: nothing is read again (its listing
    // shows the file as it was read), nothing doubles.
    await follower.close();
    const eventsBefore = store.events.length;
    let reads = 0;
    follower = await startFollowing((path) => {
      const restarted = makeSource(path);
      const read = restarted.read.bind(restarted);
      restarted.read = (file, from, maxSize) => ((reads += 1), read(file, from, maxSize));
      return restarted;
    });
    await until(() => follower?.progress.state === 'watching');
    await new Promise((r) => setTimeout(r, 200));
    expect(reads).toBe(0);
    expect(store.events.filter((e, i) => i >= eventsBefore && e.type !== 'session.updated')).toHaveLength(0);
    expect(messagesOf(store.session(id))).toBe(halfFigures.messages);
    expect(store.sessions.size).toBe(1);

    // Replaced by another file's content: read again whole.
    const other = readFileSync(new URL('codex-rollout/rollout-2026-02-23T12-40-23-019c8a4c-ed82-79a1-aa28-7738fc5ab61a.jsonl', FIXTURES), 'utf8');
    writeFileSync(join(folder, name), other);
    const otherFigures = await importedFigures([{ name, text: other }]);
    await until(() => messagesOf(store.session(id)) === otherFigures.messages && store.session(id)?.compactions.length === otherFigures.compactions);
    expect(store.sessions.size).toBe(1);
  }, 120_000);

  it('a file that is not a transcript makes no session and is not read again until it changes', async () => {
    writeFileSync(join(folder, 'logs.json'), readFileSync(new URL('gemini-cli/logs.json', FIXTURES)));
    follower = await startFollowing(makeSource);
    await until(() => follower?.progress.state === 'watching');
    expect(store.sessions.size).toBe(0);
    expect(store.follows.groups['logs.json']?.refused).toMatch(/prompt log/i);
  });

  it('a real transcript appended in pieces (lines and a multi-byte character split) becomes exactly the session an import of the whole file gives', async () => {
    const name = `proj/${CLAUDE}.jsonl`;
    mkdirSync(join(folder, 'proj'));
    const file = join(folder, name);
    const whole = readFileSync(new URL(`claude-code/${CLAUDE}.jsonl`, FIXTURES));
    const multiByte = whole.findIndex((b) => b >= 0xc0);
    const cuts = [Math.floor(whole.byteLength / 5), multiByte + 1, Math.floor(whole.byteLength / 2) + 7, whole.byteLength - 101, whole.byteLength];
    writeFileSync(file, whole.subarray(0, 1000));
    follower = await startFollowing(makeSource);
    let at = 1000;
    for (const cut of cuts.sort((a, b) => a - b)) {
      appendFileSync(file, whole.subarray(at, cut));
      at = cut;
      await new Promise((r) => setTimeout(r, 150));
    }
    const reference = new Store();
    const job = await importFiles(reference, [{ name, bytes: new Uint8Array(whole) }]);
    const want = reference.session(job.sessions[0] ?? '') as SessionState;
    const id = await idOf(name);
    const shape = (session: SessionState | undefined) =>
      session?.agents.map((a) => a.messages.map((m) => [m.role, m.content, m.tool_calls, m.tool_call_id, m.metadata.token_estimate, m.superseded]));
    const session = await until(() => messagesOf(store.session(id)) === messagesOf(want) && store.session(id));
    expect(shape(session)).toEqual(shape(want));
    const records = (s: SessionState) => JSON.stringify(s.compactions.map((r) => [r.threshold_estimate, r.after_estimate, r.summary_tokens, r.reread_after, r.provenance])).replaceAll(s.id, 'ses');
    expect(records(session)).toBe(records(want));
    expect(session.followed?.notice).toBeNull();
  }, 120_000);

  it('a file over the size an import takes is refused by its size, with the import\'s message, never read', async () => {
    const name = 'proj/huge.jsonl';
    mkdirSync(join(folder, 'proj'));
    writeFileSync(join(folder, name), '');
    truncateSync(join(folder, name), MAX_FILE_BYTES + 1); // sparse: nothing written, nothing to read
    const logged: string[] = [];
    let bytesRead = 0;
    follower = new Follower(target(), ((path: string) => {
      const source = makeSource(path);
      const read = source.read.bind(source);
      source.read = async (file, from, maxSize) => {
        const got = await read(file, from, maxSize);
        bytesRead += got?.bytes.byteLength ?? 0;
        return got;
      };
      return source;
    })(folder), { idleMs: 400, settleMs: 10, log: (l) => logged.push(l) });
    await follower.start();
    await until(() => follower?.progress.state === 'watching');
    expect(store.sessions.size).toBe(0);
    expect(store.follows.groups[name]?.refused).toBe(`${name}: ${(MAX_FILE_BYTES + 1).toLocaleString('en-US')} bytes is more than the simulator imports (${MAX_FILE_BYTES.toLocaleString('en-US')} bytes).`);
    expect(logged.some((l) => l.includes('is more than the simulator imports'))).toBe(true);
    expect(bytesRead).toBe(0);
  });
});
