import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTranscriptFixture, TRANSCRIPT_FIXTURES_DIR } from '../../test-support/transcript-fixtures';
import { importCodexRollout } from './codex';
import { checkToolPairing, countTranscript } from './transcript-checks';
import { SUMMARY_ENCRYPTED } from './types';

const FILES = readdirSync(`${TRANSCRIPT_FIXTURES_DIR}codex-rollout`).sort();
const read = (name: string): string => readTranscriptFixture(`codex-rollout/${name}`);
const COMPACTED = 'rollout-2026-02-23T12-54-34-019c8a59-e9dd-71f0-9ae3-4079fe9726a9.jsonl';
const UNREDACTED = 'rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl';

/** What the raw file holds, counted straight from its records (not through the importer). */
function rawCounts(text: string) {
  const records = text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as { type: string; payload: Record<string, unknown> });
  const items = records.filter((r) => r.type === 'response_item').map((r) => r.payload);
  const events = records.filter((r) => r.type === 'event_msg').map((r) => r.payload);
  const totals = new Set<string>();
  let calls = 0;
  for (const e of events) {
    const info = e.info as { total_token_usage: unknown; last_token_usage: { input_tokens: number } } | null | undefined;
    if (e.type !== 'token_count' || !info) continue;
    const key = JSON.stringify(info.total_token_usage);
    if (!totals.has(key) && info.last_token_usage.input_tokens > 0) calls++;
    totals.add(key);
  }
  const userItems = items.filter((i) => i.type === 'message' && i.role === 'user').length;
  return {
    toolCalls: items.filter((i) => i.type === 'function_call' || i.type === 'custom_tool_call' || i.type === 'local_shell_call').length,
    outputs: items.filter((i) => i.type === 'function_call_output' || i.type === 'custom_tool_call_output').length,
    // A user_message event repeats the user item before it; a rollout without such items has only the events.
    users: userItems > 0 ? userItems : events.filter((e) => e.type === 'user_message').length,
    system: items.filter((i) => i.type === 'message' && (i.role === 'developer' || i.role === 'system')).length,
    assistantTexts: items.filter((i) => i.type === 'message' && i.role === 'assistant').map((i) => (i.content as { text: string }[]).map((c) => c.text).join('\n')),
    calls,
    compactions: records.filter((r) => r.type === 'compacted').length,
  };
}

describe('importCodexRollout on every fixture: lossless', () => {
  it.each(FILES)('%s: every message and call, each call answered once, every recorded call', (file) => {
    const text = read(file);
    const { transcript: t, warnings, malformed } = importCodexRollout(text, file);
    const raw = rawCounts(text);
    expect(warnings).toEqual([]);
    expect(malformed).toEqual([]);
    const roles = (role: string) => t.messages.filter((m) => m.role === role).length;
    expect(countTranscript(t).toolCalls).toBe(raw.toolCalls);
    expect(roles('tool')).toBe(raw.outputs);
    expect(roles('user')).toBe(raw.users);
    expect(roles('system')).toBe(raw.system);
    // Every assistant text is in a response, in order; there are at least as many responses as recorded calls.
    const replies = t.messages.filter((m) => m.role === 'assistant').map((m) => m.content);
    let at = 0;
    for (const text of raw.assistantTexts) {
      while (at < replies.length && !replies[at]!.includes(text)) at++;
      expect(at, text.slice(0, 60)).toBeLessThan(replies.length);
    }
    expect(replies.length).toBeGreaterThanOrEqual(Math.max(raw.calls, 1));
    expect(t.messages.filter((m) => m.usage !== null)).toHaveLength(raw.calls);
    expect(t.compactions).toHaveLength(raw.compactions);
    const pairing = checkToolPairing(t);
    expect(pairing.orphanResults).toEqual([]);
    expect(pairing.duplicateCallIds).toEqual([]);
    expect(pairing.multiplyAnswered).toEqual([]);
  });
});

describe('importCodexRollout: the session with a compaction (12-54-34)', () => {
  const { transcript: t, skipped } = importCodexRollout(read(COMPACTED), COMPACTED);

  it('reads the session: id, model, the window its token counts report, start', () => {
    expect(t).toMatchObject({ format: 'codex-rollout', external_id: '019c8a59-e9dd-71f0-9ae3-4079fe9726a9', model: 'openai:gpt-5.3-codex', reported_context_window: 258_400, started_at: '2026-02-23T11:54:34.334Z' });
    expect(countTranscript(t)).toEqual({ messages: 742, toolCalls: 365, toolUseMessages: 253, parallelMessages: 86, compactions: 1 });
    expect(checkToolPairing(t).danglingCalls).toEqual([]);
  });

  it('records one automatic compaction: encrypted summary, tokens before and after from the recorded calls', () => {
    const [c] = t.compactions;
    expect(c).toMatchObject({ trigger: 'auto', pre_tokens: 209_950, pre_tokens_source: 'recorded_usage', post_tokens: 48_297, summary: SUMMARY_ENCRYPTED, summary_status: 'encrypted', created_at: '2026-02-24T09:51:48.878Z', summarizer: null });
    // Before it: the apply_patch call whose usage was 209,950 input tokens; after it, the next response.
    expect(t.messages[c!.boundary_index - 1]).toMatchObject({ role: 'tool', tool_name: 'apply_patch' });
    expect(t.messages[c!.boundary_index]).toMatchObject({ role: 'assistant', created_at: '2026-02-24T09:51:55.667Z' });
    expect(skipped['context_compacted events (the compacted record before them)']).toBe(1);
  });

  it('maps usage as every format does: input without its cached part, cache reads, output with reasoning', () => {
    const first = t.messages.find((m) => m.usage !== null)!;
    // {"input_tokens":10985,"cached_input_tokens":3456,"output_tokens":221,…} is the first call's last_token_usage.
    const line = read(COMPACTED).split('\n').find((l) => l.includes('"type":"token_count"') && l.includes('"last_token_usage"'))!;
    const last = (JSON.parse(line) as { payload: { info: { last_token_usage: { input_tokens: number; cached_input_tokens: number; output_tokens: number } } } }).payload.info.last_token_usage;
    expect(first.usage).toEqual({ input_tokens: last.input_tokens - last.cached_input_tokens, cache_read_input_tokens: last.cached_input_tokens, output_tokens: last.output_tokens, cache_creation_input_tokens: 0 });
  });

  it('keeps redacted text as it is (real data): calls carry their redacted arguments', () => {
    const call = t.messages.flatMap((m) => m.tool_calls).find((c) => c.name === 'exec_command')!;
    expect(call.arguments).toMatch(/^\[REDACTED_ARGUMENTS len=\d+ sha=[0-9a-f]+\]$/);
    const patch = t.messages.flatMap((m) => m.tool_calls).find((c) => c.name === 'apply_patch')!;
    expect(JSON.parse(patch.arguments)).toEqual({ input: expect.stringMatching(/^\[REDACTED_INPUT/) });
  });
});

describe('importCodexRollout: other fixtures', () => {
  it('a session that stopped with a call in flight: the call is there, unanswered', () => {
    const file = 'rollout-2026-02-23T12-47-42-019c8a53-a0dd-7130-bcd7-95445d84846a.jsonl';
    const { transcript: t } = importCodexRollout(read(file), file);
    expect(checkToolPairing(t).danglingCalls).toEqual([{ messageIndex: expect.any(Number), id: 'call_BpTazJ89W9PntRqGPwDNfwEY', name: 'exec_command' }]);
  });

  it('a rollout without token counts or turn contexts: no usage, model and window unknown, the typed messages as user messages', () => {
    const { transcript: t } = importCodexRollout(read(UNREDACTED), UNREDACTED);
    expect(t).toMatchObject({ model: 'openai:unknown', reported_context_window: null });
    expect(t.messages.filter((m) => m.usage !== null)).toHaveLength(0);
    expect(t.messages.filter((m) => m.role === 'user')).toHaveLength(3);
    expect(t.title).toBe('# Files mentioned by the user:');
    const shell = t.messages.flatMap((m) => m.tool_calls).find((c) => c.name === 'exec_command')!;
    expect(JSON.parse(shell.arguments)).toHaveProperty('cmd');
  });
});

const line = (o: object): string => JSON.stringify(o);
const at = (s: number): string => new Date(Date.UTC(2025, 9, 1, 10, 0, s)).toISOString();

describe('importCodexRollout: written from Codex source', () => {
  it('the older format (codex-rs/core/src/rollout.rs @89a151f5, models.rs @5248e90b): bare SessionMeta first, bare ResponseItems, state lines', () => {
    const text = [
      line({ id: '5973b6c0-94b8-487b-a530-2aeb6098ae0e', timestamp: '2025-05-07T17:24:21.123Z', instructions: 'Be brief.' }),
      line({ type: 'message', id: null, role: 'user', content: [{ type: 'input_text', text: 'list the files' }] }),
      line({ type: 'function_call', id: null, name: 'shell', arguments: '{"command":["bash","-lc","ls"]}', call_id: 'call_1' }),
      line({ type: 'function_call_output', call_id: 'call_1', output: '{"output":"a.txt\\nb.txt\\n","metadata":{"exit_code":0,"duration_seconds":0.1}}' }),
      line({ record_type: 'state' }),
      line({ type: 'local_shell_call', id: null, call_id: 'call_2', status: 'completed', action: { type: 'exec', command: ['cat', 'a.txt'], timeout_ms: null, working_directory: null, env: null, user: null } }),
      line({ type: 'function_call_output', call_id: 'call_2', output: 'hello' }),
      line({ type: 'message', id: null, role: 'assistant', content: [{ type: 'output_text', text: 'a.txt says hello.' }] }),
      line({ record_type: 'state', previous_response_id: 'resp_1' }),
    ].join('\n');
    const { transcript: t, warnings, skipped } = importCodexRollout(text, 'rollout-2025-05-07T17-24-21-5973b6c0.jsonl');
    expect(warnings).toEqual([]);
    expect(t).toMatchObject({ external_id: '5973b6c0-94b8-487b-a530-2aeb6098ae0e', model: 'openai:unknown', started_at: '2025-05-07T17:24:21.123Z', title: 'list the files' });
    expect(t.messages.map((m) => [m.role, m.content, m.tool_calls.map((c) => c.name).join()])).toEqual([
      ['user', 'list the files', ''],
      ['assistant', '', 'shell'],
      ['tool', '{"output":"a.txt\\nb.txt\\n","metadata":{"exit_code":0,"duration_seconds":0.1}}', ''],
      ['assistant', '', 'local_shell'],
      ['tool', 'hello', ''],
      ['assistant', 'a.txt says hello.', ''],
    ]);
    expect(JSON.parse(t.messages[3]!.tool_calls[0]!.arguments)).toMatchObject({ type: 'exec', command: ['cat', 'a.txt'] });
    expect(t.messages[4]!.tool_name).toBe('local_shell');
    // No timestamps on the lines: one millisecond a line after the session's, in order.
    expect(t.messages[0]!.created_at).toBe('2025-05-07T17:24:21.124Z');
    expect(t.messages[5]!.created_at).toBe('2025-05-07T17:24:21.130Z');
    expect(skipped['state records (older format)']).toBe(2);
  });

  it('the first RolloutLine format (protocol.rs: SessionMeta with instructions, CompactedItem {message}): a readable summary; /compact is manual', () => {
    const usage = (input: number, cached: number, total: number) => ({ input_tokens: input, cached_input_tokens: cached, output_tokens: 40, reasoning_output_tokens: 10, total_tokens: total });
    const tokenCount = (s: number, input: number, total: number) => line({ timestamp: at(s), type: 'event_msg', payload: { type: 'token_count', info: { total_token_usage: usage(total, 0, total), last_token_usage: usage(input, input - 100, input + 40), model_context_window: 272_000 } } });
    const text = [
      line({ timestamp: at(0), type: 'session_meta', payload: { id: 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa', timestamp: at(0), cwd: '/workspace', originator: 'codex_cli_rs', cli_version: '0.40.0', instructions: null } }),
      line({ timestamp: at(1), type: 'turn_context', payload: { cwd: '/workspace', approval_policy: 'on-request', sandbox_policy: { mode: 'workspace-write' }, model: 'gpt-5-codex', summary: 'auto' } }),
      line({ timestamp: at(1), type: 'event_msg', payload: { type: 'task_started', model_context_window: 272_000 } }),
      line({ timestamp: at(1), type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'fix the bug' }] } }),
      line({ timestamp: at(1), type: 'event_msg', payload: { type: 'user_message', message: 'fix the bug', images: null } }),
      line({ timestamp: at(3), type: 'response_item', payload: { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Looking' }], encrypted_content: 'gAAA' } }),
      line({ timestamp: at(3), type: 'response_item', payload: { type: 'function_call', name: 'shell', arguments: '{"command":["bash","-lc","cat src/a.rs"]}', call_id: 'call_a' } }),
      tokenCount(3, 9_000, 9_040),
      line({ timestamp: at(4), type: 'response_item', payload: { type: 'function_call_output', call_id: 'call_a', output: 'fn main() {}' } }),
      line({ timestamp: at(6), type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Fixed.' }] } }),
      tokenCount(6, 9_500, 18_580),
      line({ timestamp: at(6), type: 'event_msg', payload: { type: 'task_complete', last_agent_message: 'Fixed.' } }),
      // The operator's /compact: a task with no user message; the summarizing call's usage, then the record.
      line({ timestamp: at(10), type: 'event_msg', payload: { type: 'task_started', model_context_window: 272_000 } }),
      tokenCount(12, 9_600, 28_220),
      line({ timestamp: at(12), type: 'compacted', payload: { message: 'The user asked to fix a bug in src/a.rs; it is fixed.' } }),
      line({ timestamp: at(12), type: 'event_msg', payload: { type: 'task_complete', last_agent_message: null } }),
      line({ timestamp: at(20), type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'thanks' }] } }),
      line({ timestamp: at(20), type: 'event_msg', payload: { type: 'user_message', message: 'thanks', images: null } }),
      line({ timestamp: at(21), type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'You are welcome.' }] } }),
      tokenCount(21, 700, 29_000),
    ].join('\n');
    const { transcript: t, warnings } = importCodexRollout(text, 'rollout-x.jsonl');
    expect(warnings).toEqual([]);
    expect(t).toMatchObject({ model: 'openai:gpt-5-codex', reported_context_window: 272_000, title: 'fix the bug' });
    expect(t.messages.map((m) => [m.role, m.usage && m.usage.input_tokens + m.usage.cache_read_input_tokens])).toEqual([
      ['user', null],
      ['assistant', 9_000],
      ['tool', null],
      ['assistant', 9_500],
      ['user', null],
      ['assistant', 700],
    ]);
    expect(t.compactions).toEqual([
      {
        boundary_index: 4,
        trigger: 'manual',
        pre_tokens: 9_500,
        pre_tokens_source: 'recorded_usage',
        post_tokens: 700,
        summary: 'The user asked to fix a bug in src/a.rs; it is fixed.',
        summary_status: 'recorded',
        created_at: at(12),
        summarizer: { model: 'openai:gpt-5-codex', usage: { input_tokens: 100, cache_read_input_tokens: 9_500, output_tokens: 40, cache_creation_input_tokens: 0 } },
      },
    ]);
  });

  it('local compaction (compact.rs): an empty message, the summary as the last user message of replacement_history', () => {
    const summary = 'Another language model started to solve this problem and produced a summary of its thinking process. …\nWe were fixing src/a.rs.';
    const text = [
      line({ timestamp: at(0), type: 'session_meta', payload: { id: 's', timestamp: at(0), cwd: '/w', originator: 'codex_cli_rs', cli_version: '0.80.0', model_provider: 'ollama' } }),
      line({ timestamp: at(1), type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go on' }] } }),
      line({ timestamp: at(2), type: 'compacted', payload: { message: '', replacement_history: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go on' }] }, { type: 'message', role: 'user', content: [{ type: 'input_text', text: summary }] }] } }),
      line({ timestamp: at(3), type: 'event_msg', payload: { type: 'context_compacted' } }),
      line({ timestamp: at(4), type: 'event_msg', payload: { type: 'context_compacted' } }),
    ].join('\n');
    const { transcript: t } = importCodexRollout(text, 'r.jsonl');
    expect(t.model).toBe('ollama:unknown');
    expect(t.compactions.map((c) => [c.summary_status, c.summary, c.pre_tokens_source, c.post_tokens])).toEqual([
      ['recorded', summary, 'none', null],
      // A second context_compacted with no compacted record of its own is a compaction of its own.
      ['not_recorded', 'summary not recorded', 'none', null],
    ]);
  });

  it('bad lines are reported by line number; unknown records once per kind; outputs for unknown calls and orphan usage are warned', () => {
    const text = [
      line({ timestamp: at(0), type: 'session_meta', payload: { id: 's', timestamp: at(0) } }),
      '{"timestamp": "2025-10-01T10:00:01Z", "type": "response_item", "payl',
      line({ timestamp: at(2), type: 'mystery', payload: {} }),
      line({ timestamp: at(2), type: 'mystery', payload: {} }),
      line({ timestamp: at(3), type: 'response_item', payload: { type: 'function_call_output', call_id: 'nope', output: 'x' } }),
      line({ timestamp: at(4), type: 'event_msg', payload: { type: 'token_count', info: { total_token_usage: { input_tokens: 5 }, last_token_usage: { input_tokens: 5, output_tokens: 1 } } } }),
    ].join('\n');
    const r = importCodexRollout(text, 'bad.jsonl');
    expect(r.malformed).toEqual([{ file: 'bad.jsonl', line: 2, where: null, reason: expect.stringMatching(/^malformed JSON line skipped/) }]);
    expect(r.warnings).toEqual([
      expect.stringMatching(/^bad\.jsonl:2: malformed JSON/),
      'bad.jsonl:3: record "mystery" is not a Codex rollout record; such records are skipped',
      'bad.jsonl:5: function_call_output for unknown call_id "nope"',
      'bad.jsonl:6: token_count records a call with no response before it; its usage is not attached',
    ]);
    expect(r.skipped['unknown records "mystery"']).toBe(2);
    expect(() => importCodexRollout(line({ timestamp: at(0), type: 'session_meta', payload: { id: 's' } }), 'empty.jsonl')).toThrow(/empty\.jsonl: no conversation found/);
  });
});
