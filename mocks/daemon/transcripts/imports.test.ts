import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importShapeProblem } from '../../../src/domain/contract/simulator-imports';
import { FIXTURES_DIR, listFixtureFiles } from '../../importers/node-fixtures';
import { Store } from '../../store/store';
import { importedSessionId, importFiles, startImport, prepareInThread, type RawFile } from './imports';
import { catalogModel } from '../../store/catalog';

const encoder = new TextEncoder();
const raw = (name: string, text: string): RawFile => ({ name, bytes: encoder.encode(text) });
const fixture = (rel: string): RawFile => ({ name: rel, bytes: new Uint8Array(readFileSync(join(FIXTURES_DIR, rel))) });

/** A small hand-written Claude Code session: a user ask, a response with two parallel calls, their results, an answer. */
function claudeSession(sessionId: string, extraLines: string[] = []): string {
  const base = { sessionId, version: '2.1.39', cwd: '/w', isSidechain: false, userType: 'external' };
  const usage = (input: number) => ({ input_tokens: 3, cache_read_input_tokens: input - 3, cache_creation_input_tokens: 0, output_tokens: 40 });
  const lines = [
    { ...base, type: 'user', uuid: 'u1', timestamp: '2026-03-01T10:00:00.000Z', message: { role: 'user', content: 'Rename parse() in src/parse.ts to parseAll().' } },
    { ...base, type: 'assistant', uuid: 'a1', timestamp: '2026-03-01T10:00:02.000Z', message: { id: 'msg_1', model: 'claude-sonnet-4-5-20250929', role: 'assistant', content: [{ type: 'thinking', thinking: 'Read both files.', signature: 'x' }], usage: usage(12_000) } },
    { ...base, type: 'assistant', uuid: 'a2', timestamp: '2026-03-01T10:00:03.000Z', message: { id: 'msg_1', model: 'claude-sonnet-4-5-20250929', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_a', name: 'Read', input: { file_path: 'src/parse.ts' } }, { type: 'tool_use', id: 'toolu_b', name: 'Grep', input: { pattern: 'parse(' } }], usage: usage(12_000) } },
    { ...base, type: 'progress', uuid: 'p1', timestamp: '2026-03-01T10:00:03.500Z', data: { type: 'hook_progress' } },
    { ...base, type: 'user', uuid: 'u2', timestamp: '2026-03-01T10:00:04.000Z', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_b', content: 'src/main.ts:3: parse(input)' }, { type: 'tool_result', tool_use_id: 'toolu_a', content: 'export function parse(s: string) {}' }] } },
    { ...base, type: 'assistant', uuid: 'a3', timestamp: '2026-03-01T10:00:06.000Z', message: { id: 'msg_2', model: 'claude-sonnet-4-5-20250929', role: 'assistant', content: [{ type: 'text', text: 'parse() is used once, in src/main.ts. Renaming both.' }], usage: usage(12_180) } },
  ];
  return [...lines.map((l) => JSON.stringify(l)), ...extraLines].join('\n');
}

/** Its subagent's own window (records carry agentId and isSidechain). */
function claudeSubagent(sessionId: string): string {
  const base = { sessionId, agentId: 'b7c1', isSidechain: true, version: '2.1.39' };
  return [
    { ...base, type: 'user', uuid: 's1', timestamp: '2026-03-01T10:01:00.000Z', message: { role: 'user', content: 'Find every caller of parse().' } },
    { ...base, type: 'assistant', uuid: 's2', timestamp: '2026-03-01T10:01:02.000Z', message: { id: 'msg_s', model: 'claude-haiku-4-5-20251001', role: 'assistant', content: [{ type: 'text', text: 'One caller: src/main.ts.' }], usage: { input_tokens: 5_000, output_tokens: 12, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } } },
  ]
    .map((l) => JSON.stringify(l))
    .join('\n');
}

/** The older mini-swe-agent format: the command is in the assistant's text, its output comes back as a user message. */
const OLD_MINI_SWE = JSON.stringify({
  trajectory_format: 'mini-swe-agent-1',
  instance_id: 'demo__demo-1',
  info: { config: { model: { model_name: 'anthropic/claude-sonnet-4-5-20250929' } }, model_stats: { instance_cost: 0.01, api_calls: 2 } },
  messages: [
    { role: 'system', content: 'You are a helpful assistant that can interact with a computer.' },
    { role: 'user', content: '<pr_description>\nFix the off-by-one in src/range.py\n</pr_description>' },
    { role: 'assistant', content: 'THOUGHT: Look at the file first.\n\n```bash\ncat src/range.py\n```' },
    { role: 'user', content: '<returncode>0</returncode>\n<output>\ndef rng(n): return range(n - 1)\n</output>' },
    { role: 'assistant', content: 'THOUGHT: Two commands at once is a format error.\n\n```bash\nls\n```\n\n```bash\npwd\n```' },
    { role: 'user', content: 'Please always provide EXACTLY ONE action in triple backticks.' },
    { role: 'assistant', content: 'THOUGHT: Fix it.\n\n```bash\nsed -i "s/n - 1/n/" src/range.py\n```' },
    { role: 'user', content: '<returncode>0</returncode>\n<output>\n</output>' },
  ],
});

/** A SWE-agent .traj: history[] with tool_call_ids on tool messages. */
const SWE_AGENT = JSON.stringify({
  environment: 'swe_main',
  replay_config: JSON.stringify({ agent: { model: { name: 'gpt-4o' } } }),
  trajectory: [{ action: 'open src/a.py', observation: '…' }],
  history: [
    { role: 'system', content: 'SETTING: you are an autonomous programmer', agent: 'main', message_type: 'system_prompt' },
    { role: 'user', content: [{ type: 'text', text: 'Fix the bug in src/a.py' }], agent: 'main', message_type: 'observation' },
    { role: 'assistant', content: 'Open the file.', agent: 'main', message_type: 'action', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'open', arguments: '{"path":"src/a.py"}' } }] },
    { role: 'tool', content: [{ type: 'text', text: '[File: src/a.py (3 lines total)]' }], agent: 'main', message_type: 'observation', tool_call_ids: ['call_1'] },
  ],
  info: { model_stats: { instance_cost: 0.02 } },
});

async function run(files: RawFile[], store = new Store()) {
  const job = await importFiles(store, files);
  expect(job.state, job.error ?? '').toBe('done');
  expect(importShapeProblem('ImportJob', job)).toBeNull();
  return { store, job };
}

describe('import reports and identity', () => {
  it('imports every fixture, subagents joined to their sessions, one report per file', async () => {
    const files = listFixtureFiles().map(fixture);
    const { store, job } = await run(files);
    expect(job.files.map((f) => f.file)).toEqual(files.map((f) => f.name));
    const main = job.files.find((f) => f.file.endsWith('4d5611e5-241a-462a-8d15-5122611a9569.jsonl'))!;
    expect(main).toMatchObject({ outcome: 'imported', format: 'claude-code', role: 'session', agent_path: 'primary' });
    expect(main.counts).toMatchObject({ sessions: 1, agents: 2, tool_exchanges: 137, parallel_calls: 11, recorded_compactions: 1 });
    expect(main.skipped.map((s) => s.reason)).toEqual(expect.arrayContaining(['progress records', 'file-history-snapshot records', expect.stringMatching(/^thinking blocks/)]));
    expect(main.tokens?.median_error).toBeLessThan(0.1);
    const sub = job.files.find((f) => f.file.endsWith('__agent-a2898e3.jsonl'))!;
    expect(sub).toMatchObject({ outcome: 'joined', role: 'subagent', session_id: main.session_id, agent_path: 'primary/agent-a2898e3' });
    expect(job.files.find((f) => f.file.includes('acompact-e1f845'))).toMatchObject({ outcome: 'joined', role: 'compaction_agent' });
    expect(job.files.filter((f) => f.format === 'openai-chat').map((f) => f.outcome)).toEqual(['imported', 'imported', 'imported']);
    expect(job.files.filter((f) => f.format === 'codex-rollout').map((f) => f.outcome)).toEqual(Array(6).fill('imported'));
    expect(job.files.filter((f) => f.format === 'gemini-cli').map((f) => [f.file.replace(/^.*\//, ''), f.outcome])).toEqual([
      ['logs.json', 'rejected'],
      ['session-2025-12-01T21-45-5b959dae.json', 'imported'],
      ['session-2025-12-28T03-31-4eb0784d.json', 'imported'],
      ['session-2026-01-11T00-25-17b4d5e9.json', 'imported'],
    ]);
    expect(job.files.find((f) => f.file.endsWith('logs.json'))?.message).toMatch(/a Gemini CLI prompt log \(logs\.json\): it holds only the prompts typed/);
    // The same report for every format: the Codex session with its recorded compaction, per-call estimate against recorded usage.
    const codex = job.files.find((f) => f.file.includes('12-54-34'))!;
    expect(codex.counts).toEqual({ sessions: 1, agents: 1, messages: 742, tool_exchanges: 253, tool_calls: 365, parallel_calls: 86, recorded_compactions: 1, recorded_calls: 286 });
    expect(codex.tokens?.calls).toBe(285);
    const codexSession = store.session(codex.session_id!)!;
    expect(codexSession.source).toEqual({ kind: 'codex-rollout', name: 'rollout-2026-02-23T12-54-34-019c8a59-e9dd-71f0-9ae3-4079fe9726a9.jsonl' });
    expect(codexSession.compactions.some((r) => r.threshold_estimate === 209_950)).toBe(true);
    const gemini = job.files.find((f) => f.file.includes('17b4d5e9'))!;
    expect(gemini.counts).toMatchObject({ messages: 444, tool_calls: 181, recorded_calls: 219, recorded_compactions: 0 });
    expect(gemini.tokens?.median_error).toBeLessThan(0.1);
    const session = store.session(main.session_id!)!;
    expect(session.project_id).toBe('imported');
    expect(session.agents.map((a) => a.agent_path)).toEqual(['primary', 'primary/agent-a2898e3']);
    // The recorded compaction is in the ledger, and the agent keeps what the transcript recorded.
    expect(session.compactions.some((r) => r.threshold_estimate === 170251)).toBe(true);
    expect(session.agents[0]?.recorded?.turns.length).toBeGreaterThan(100);
    expect(session.agents[0]?.base_tokens).toBeGreaterThan(20_000);
  });

  it('a session id comes from the content: two runs of the same task never collide', async () => {
    const a = OLD_MINI_SWE;
    const b = OLD_MINI_SWE.replace('Fix it.', 'Fix it now.');
    const { store, job } = await run([raw('run1/demo.traj.json', a), raw('run2/demo.traj.json', b)]);
    const [r1, r2] = job.files;
    expect(r1?.outcome).toBe('imported');
    expect(r2?.outcome).toBe('imported');
    expect(r1?.session_id).not.toBe(r2?.session_id);
    expect(r1?.session_id).toBe(importedSessionId(r1!.sha256));
    expect(store.sessions.size).toBe(2);
  });

  it('importing the same file again is idempotent and says so', async () => {
    const file = raw('s.jsonl', claudeSession('sess-1'));
    const { store, job } = await run([file]);
    const before = JSON.stringify([...store.sessions.values()]);
    const again = await importFiles(store, [file, file]);
    expect(again.files.map((f) => f.outcome)).toEqual(['already_imported', 'already_imported']);
    expect(again.files[0]?.session_id).toBe(job.files[0]?.session_id);
    expect(again.files[0]?.message).toMatch(/^Already imported as ses_[0-9a-f]{16} .*nothing changed\.$/);
    expect(JSON.stringify([...store.sessions.values()])).toBe(before);
  });

  it('reads the hand-written Claude Code session: parallel calls, skipped thinking and progress, dated model id', async () => {
    const { store, job } = await run([raw('proj/abc.jsonl', claudeSession('abc')), raw('proj/abc/subagents/agent-b7c1.jsonl', claudeSubagent('abc'))]);
    const [main, sub] = job.files;
    expect(main?.counts).toMatchObject({ agents: 2, messages: 5, tool_exchanges: 1, tool_calls: 2, parallel_calls: 1, recorded_calls: 2 });
    expect(main?.skipped).toEqual(expect.arrayContaining([{ reason: 'progress records', count: 1 }, expect.objectContaining({ count: 1, reason: expect.stringMatching(/^thinking blocks/) })]));
    expect(sub).toMatchObject({ outcome: 'joined', agent_path: 'primary/agent-b7c1' });
    const session = store.session(main!.session_id!)!;
    // The transcript's own model ids, dated as it recorded them; the catalog knows them (no 128k fallback).
    expect(session.agents[0]?.model_alias).toBe('anthropic:claude-sonnet-4-5-20250929');
    expect(session.agents[1]?.model_alias).toBe('anthropic:claude-haiku-4-5-20251001');
    expect(session.agents.map((a) => catalogModel(a.model_alias)?.max_input_tokens)).toEqual([200_000, 200_000]);
  });

  it('reports malformed lines with their line numbers and imports the rest', async () => {
    const text = claudeSession('bad', ['{"type": "user", "message": {', 'not json at all', '[1, 2]']);
    const { job } = await run([raw('bad.jsonl', text)]);
    const r = job.files[0]!;
    expect(r.outcome).toBe('imported');
    expect(r.malformed_total).toBe(3);
    expect(r.malformed.map((m) => m.line)).toEqual([7, 8, 9]);
    expect(r.malformed[2]?.reason).toMatch(/not a JSON object/);
    expect(r.message).toMatch(/3 unreadable lines skipped/);
  });

  it('a subagent file whose session is missing imports on its own, with a visible warning', async () => {
    const { store, job } = await run([raw('agent-b7c1.jsonl', claudeSubagent('missing-session'))]);
    const r = job.files[0]!;
    expect(r).toMatchObject({ outcome: 'imported_standalone', role: 'subagent' });
    expect(r.warnings[0]).toMatch(/imported on its own: its session \(missing-session\.jsonl\) was not among the imported files/);
    expect(store.session(r.session_id!)?.agents).toHaveLength(1);
  });

  it('a compaction agent file alone is reported, never silently dropped', async () => {
    const text = readFileSync(join(FIXTURES_DIR, 'claude-code/4d5611e5-241a-462a-8d15-5122611a9569__subagents__agent-acompact-e1f845.jsonl'), 'utf8');
    const { job } = await run([raw('4d5611e5-241a-462a-8d15-5122611a9569__subagents__agent-acompact-e1f845.jsonl', text)]);
    expect(job.files[0]).toMatchObject({ outcome: 'rejected', role: 'compaction_agent' });
    expect(job.files[0]?.message).toMatch(/compaction agent's own call .* Import it together with 4d5611e5-241a-462a-8d15-5122611a9569\.jsonl/);
  });

  it('a file that is not a transcript gets a clear message naming the formats expected', async () => {
    const { store, job } = await run([raw('notes.csv', 'a,b\n1,2\n'), raw('config.json', '{"name": "x"}'), raw('empty.jsonl', '')]);
    expect(job.files.map((f) => f.outcome)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const f of job.files) expect(f.message).toMatch(/Claude Code session JSONL .* OpenAI-chat trajectory JSON/);
    expect(job.files[0]?.message).toMatch(/^notes\.csv: not a transcript/);
    expect(store.sessions.size).toBe(0);
  });

  it('the older mini-swe-agent format: commands in the text become bash calls answered by the next user message', async () => {
    const { store, job } = await run([raw('demo.traj.json', OLD_MINI_SWE)]);
    const r = job.files[0]!;
    expect(r.counts).toMatchObject({ tool_exchanges: 2, tool_calls: 2, parallel_calls: 0 });
    const agent = store.session(r.session_id!)!.agents[0]!;
    const roles = agent.messages.map((m) => m.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user', 'assistant', 'tool']);
    expect(agent.messages[2]?.tool_calls[0]).toMatchObject({ name: 'bash', arguments: JSON.stringify({ command: 'cat src/range.py' }) });
    expect(agent.messages[2]?.content).toBe('THOUGHT: Look at the file first.');
    expect(agent.messages[3]?.tool_call_id).toBe(agent.messages[2]?.tool_calls[0]?.id);
    expect(agent.model_alias).toBe('anthropic:claude-sonnet-4-5-20250929');
  });

  it('SWE-agent .traj history and a plain messages array', async () => {
    const plain = JSON.stringify([
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: 'hi' },
    ]);
    const { store, job } = await run([raw('run.traj', SWE_AGENT), raw('chat.json', plain)]);
    expect(job.files.map((f) => f.outcome)).toEqual(['imported', 'imported']);
    const swe = store.session(job.files[0]!.session_id!)!;
    expect(swe.agents[0]?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(swe.agents[0]?.messages[3]?.tool_call_id).toBe('call_1');
    expect(job.files[1]?.counts.messages).toBe(2);
  });

  it('imports a large generated transcript (25 MB), reporting progress as it goes', async () => {
    const base = readFileSync(join(FIXTURES_DIR, 'claude-code/4d5611e5-241a-462a-8d15-5122611a9569.jsonl'), 'utf8').split('\n').filter((l) => l.trim() !== '');
    const copies: string[] = [];
    // Eight copies, each with fresh response and tool call ids so responses and tool pairs stay distinct.
    for (let k = 0; k < 8; k++) copies.push(...base.map((l) => l.replace(/"(toolu_|msg_)([A-Za-z0-9]+)"/g, `"$1${k}_$2"`)));
    const text = copies.join('\n');
    expect(text.length).toBeGreaterThan(25e6);
    const store = new Store();
    const fractions: number[] = [];
    const job = startImport(store, { files: [raw('big.jsonl', text)] }, prepareInThread);
    while (job.state === 'running') {
      fractions.push(job.progress.fraction);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(job.state, job.error ?? '').toBe('done');
    expect(new Set(fractions.filter((f) => f > 0 && f < 0.9)).size).toBeGreaterThan(3);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    const r = job.files[0]!;
    expect(r.counts.messages).toBeGreaterThan(2_000);
    expect(r.counts.recorded_compactions).toBe(8);
    const ids = store.session(r.session_id!)!.agents[0]!.messages.flatMap((m) => m.tool_calls.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
