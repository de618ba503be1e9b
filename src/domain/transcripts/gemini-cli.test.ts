import { describe, expect, it } from 'vitest';
import { readTranscriptFixture } from '../../test-support/transcript-fixtures';
import { importGeminiCli } from './gemini-cli';
import { checkToolPairing, countTranscript } from './transcript-checks';

const SESSIONS = ['session-2025-12-01T21-45-5b959dae.json', 'session-2025-12-28T03-31-4eb0784d.json', 'session-2026-01-11T00-25-17b4d5e9.json'];
const read = (name: string): string => readTranscriptFixture(`gemini-cli/${name}`);

interface RawRecord {
  type: string;
  tokens?: object | null;
  toolCalls?: { result?: unknown }[];
}

describe('importGeminiCli on the JSON recordings: lossless', () => {
  it.each(SESSIONS)('%s: every user and model message, every call answered, every recorded call', (file) => {
    const raw = (JSON.parse(read(file)) as { messages: RawRecord[] }).messages;
    const { transcript: t, warnings } = importGeminiCli(read(file), file);
    expect(warnings).toEqual([]);
    const roles = (role: string) => t.messages.filter((m) => m.role === role).length;
    expect(roles('user')).toBe(raw.filter((m) => m.type === 'user').length);
    expect(roles('assistant')).toBe(raw.filter((m) => m.type === 'gemini').length);
    const calls = raw.flatMap((m) => m.toolCalls ?? []);
    expect(countTranscript(t).toolCalls).toBe(calls.length);
    expect(roles('tool')).toBe(calls.filter((c) => c.result != null).length);
    expect(t.messages.filter((m) => m.usage !== null)).toHaveLength(raw.filter((m) => m.type === 'gemini' && m.tokens).length);
    expect(checkToolPairing(t)).toEqual({ orphanResults: [], danglingCalls: [], duplicateCallIds: [], multiplyAnswered: [] });
    // The JSON recording does not record compressions.
    expect(t.compactions).toEqual([]);
  });

  it('reads a session: id, model, title from its own summary, usage per call', () => {
    const file = 'session-2026-01-11T00-25-17b4d5e9.json';
    const { transcript: t, skipped } = importGeminiCli(read(file), file);
    expect(t).toMatchObject({ format: 'gemini-cli', external_id: '17b4d5e9-51f4-499e-bfcc-6b2a8ddffe6f', model: 'google:gemini-3-flash-preview', title: 'Fix UI, add blocklist feature, and make live log work.', started_at: '2026-01-11T00:26:04.096Z', reported_context_window: null });
    expect(countTranscript(t)).toEqual({ messages: 444, toolCalls: 181, toolUseMessages: 181, parallelMessages: 0, compactions: 0 });
    // tokens {input: 10576, output: 53, cached: 8100, thoughts: 647, tool: 0}: the sixth call.
    expect(t.messages.filter((m) => m.usage)[5]!.usage).toEqual({ input_tokens: 2_476, cache_read_input_tokens: 8_100, output_tokens: 700, cache_creation_input_tokens: 0 });
    expect(skipped['CLI notices (info, error, warning: shown to the user, never sent to the model)']).toBe(5);
    // Cancelled calls are answered, as errors.
    expect(t.messages.filter((m) => m.role === 'tool' && m.is_error).map((m) => m.content)).toEqual([expect.stringMatching(/Cancelled/), expect.stringMatching(/Cancelled/), expect.stringMatching(/Cancelled/)]);
  });

  it('a recording without its own summary takes the first user line as title; parallel calls stay one response', () => {
    const file = 'session-2025-12-01T21-45-5b959dae.json';
    const { transcript: t } = importGeminiCli(read(file), file);
    expect(t.title).toBe('hi');
    expect(countTranscript(t)).toMatchObject({ toolCalls: 10, parallelMessages: 1 });
  });
});

// Hand-written JSONL recordings that follow google-gemini/gemini-cli's ChatRecordingService exactly:
// the lines its appendRecord writes, in the order its methods write them.
const j = (o: object): string => JSON.stringify(o);
const ts = (s: number): string => new Date(Date.UTC(2026, 3, 20, 9, 0, s)).toISOString();
const tokens = (input: number, cached = 0) => ({ input, output: 20, cached, thoughts: 30, tool: 0, total: input + 50 });
const call = (id: string, name: string, args: object, output: string, s: number) => ({
  id,
  name,
  args,
  result: [{ functionResponse: { id, name, response: { output } } }],
  status: 'success',
  timestamp: ts(s),
  displayName: name,
  description: '',
  renderOutputAsMarkdown: false,
});

describe('importGeminiCli on the JSONL recording (chatRecordingService.ts @f744913584, April 2026)', () => {
  // initialize(): the metadata line; recordMessage(): the message then {$set: {lastUpdated}};
  // recordToolCalls(): the last gemini message written again with its calls; saveSummary(): {$set: {summary}};
  // rewindTo(): {$rewindTo: id}; useHistoryManager records info notices.
  const g1 = { id: 'g1', timestamp: ts(8), type: 'gemini', content: '', thoughts: [{ subject: 'Reading', description: 'the file', timestamp: ts(7) }], tokens: tokens(9_000), model: 'gemini-2.5-pro' };
  const g2 = { id: 'g2', timestamp: ts(12), type: 'gemini', content: '', thoughts: [], tokens: tokens(9_400, 8_000), model: 'gemini-2.5-pro' };
  const text = [
    j({ sessionId: '1b2c3d4e-0000-4000-8000-000000000001', projectHash: '9f86d081884c7d65', startTime: ts(0), lastUpdated: ts(0), kind: 'main' }),
    j({ id: 'u1', timestamp: ts(5), type: 'user', content: [{ text: 'Read README.md and fix the typo' }] }),
    j({ $set: { lastUpdated: ts(5) } }),
    j(g1),
    j({ $set: { lastUpdated: ts(8) } }),
    j({ ...g1, toolCalls: [call('read_file-1-a', 'read_file', { absolute_path: '/p/README.md' }, '# Teh project', 9)] }),
    j(g2),
    j({ $set: { lastUpdated: ts(12) } }),
    j({ ...g2, toolCalls: [call('replace-2-b', 'replace', { file_path: '/p/README.md', old_string: 'Teh', new_string: 'The' }, 'Successfully modified file: /p/README.md (1 replacements).', 13)] }),
    j({ id: 'g3', timestamp: ts(15), type: 'gemini', content: 'Fixed the typo.', thoughts: [], tokens: tokens(9_600, 9_000), model: 'gemini-2.5-pro' }),
    j({ $set: { lastUpdated: ts(15) } }),
    j({ $set: { summary: 'Fix a typo in README' } }),
    j({ id: 'u2', timestamp: ts(20), type: 'user', content: [{ text: 'undo that' }] }),
    j({ $set: { lastUpdated: ts(20) } }),
    j({ $rewindTo: 'u2' }),
    j({ id: 'u3', timestamp: ts(30), type: 'user', content: [{ text: 'thanks' }] }),
    j({ id: 'i1', timestamp: ts(31), type: 'info', content: 'Request cancelled.' }),
  ].join('\n');

  it('messages appended again keep their place and take their last copy; a rewind drops what followed', () => {
    const { transcript: t, warnings, skipped } = importGeminiCli(text, 'session-2026-04-20T09-00-1b2c3d4e.jsonl');
    expect(warnings).toEqual([]);
    expect(t.messages.map((m) => [m.role, m.content, m.tool_calls.map((c) => c.name).join()])).toEqual([
      ['user', 'Read README.md and fix the typo', ''],
      ['assistant', '', 'read_file'],
      ['tool', '# Teh project', ''],
      ['assistant', '', 'replace'],
      ['tool', 'Successfully modified file: /p/README.md (1 replacements).', ''],
      ['assistant', 'Fixed the typo.', ''],
      ['user', 'thanks', ''],
    ]);
    expect(t).toMatchObject({ external_id: '1b2c3d4e-0000-4000-8000-000000000001', title: 'Fix a typo in README', model: 'google:gemini-2.5-pro', started_at: ts(0) });
    expect(t.messages.map((m) => m.usage && m.usage.input_tokens + m.usage.cache_read_input_tokens).filter((n) => n !== null)).toEqual([9_000, 9_400, 9_600]);
    expect(JSON.parse(t.messages[3]!.tool_calls[0]!.arguments)).toEqual({ file_path: '/p/README.md', old_string: 'Teh', new_string: 'The' });
    expect(t.messages[2]!.created_at).toBe(ts(9));
    expect(skipped['messages removed by a rewind ($rewindTo)']).toBe(1);
    expect(t.compactions).toEqual([]);
  });
});

describe('importGeminiCli on the JSONL recording (chatRecordingService.ts, geminiChat.ts, client.ts @5411f113ca, August 2026)', () => {
  // initialize() writes the metadata line, then updateMessagesFromHistory() the CLI's history as
  // {$set: {messages}} (its first turn: the <session_context> user turn); tool outputs sent back are
  // recorded as a user message of functionResponse parts (recordSyntheticMessage). A compression
  // (client.ts tryCompressChat -> startChat(newHistory, resumedData)) writes {$set: {sessionId}}, then
  // {$set: {messages}}: the session context, the <state_snapshot> summary as a new user message,
  // the model's "Got it. Thanks for the additional context!", and the turns it kept.
  const env = { id: 'env-ctx', timestamp: ts(0), type: 'user', content: [{ text: '<session_context>\nThis is the Gemini CLI. We are setting up the context for our chat.\n</session_context>' }] };
  const g1 = { id: 'g1', timestamp: ts(6), type: 'gemini', content: 'I will read it.', thoughts: [], tokens: tokens(50_000, 40_000), model: 'gemini-3-pro-preview' };
  const read1 = call('read_file-9-x', 'read_file', { file_path: 'src/app.ts' }, 'export const app = 1;', 7);
  const g2 = { id: 'g2', timestamp: ts(9), type: 'gemini', content: 'It exports app.', thoughts: [], tokens: tokens(51_000, 50_000), model: 'gemini-3-pro-preview' };
  const summary = '<state_snapshot>\n<overall_goal>Summarise src/app.ts</overall_goal>\n<key_knowledge>src/app.ts exports app</key_knowledge>\n</state_snapshot>';
  const g3 = { id: 'g3', timestamp: ts(41), type: 'gemini', content: '', thoughts: [], tokens: tokens(3_000), model: 'gemini-3-pro-preview' };
  const read2 = call('read_file-10-y', 'read_file', { file_path: 'src/app.ts' }, 'export const app = 1;', 42);
  const toolTurn = (id: string, c: typeof read1, s: number) => ({ id, timestamp: ts(s), type: 'user', content: c.result });
  const text = [
    j({ sessionId: 's2', projectHash: 'ph', startTime: ts(0), lastUpdated: ts(0), kind: 'main' }),
    j({ $set: { messages: [env], lastUpdated: ts(0) } }),
    j({ id: 'u1', timestamp: ts(5), type: 'user', content: [{ text: 'Summarise src/app.ts' }] }),
    j({ $set: { lastUpdated: ts(5) } }),
    j(g1),
    j({ $set: { lastUpdated: ts(6) } }),
    j({ ...g1, toolCalls: [read1] }),
    j(toolTurn('t1', read1, 8)),
    j({ $set: { lastUpdated: ts(8) } }),
    j(g2),
    j({ $set: { lastUpdated: ts(9) } }),
    // A cancelled request: the CLI rolls its history back (its user turn is dropped).
    j({ id: 'u-cancelled', timestamp: ts(20), type: 'user', content: [{ text: 'and the tests?' }] }),
    j({ $set: { messages: [env, { id: 'u1', timestamp: ts(5), type: 'user', content: [{ text: 'Summarise src/app.ts' }] }, { ...g1, toolCalls: [read1], content: [{ text: 'I will read it.' }] }, toolTurn('t1', read1, 8), { ...g2, content: [{ text: 'It exports app.' }] }], lastUpdated: ts(21) } }),
    // /compress
    j({ $set: { sessionId: 's2' } }),
    j({ $set: { messages: [env, { id: 'sum-1', timestamp: ts(30), type: 'user', content: [{ text: summary }] }, { id: 'ack-1', timestamp: ts(30), type: 'gemini', content: [{ text: 'Got it. Thanks for the additional context!' }] }, { ...g2, content: [{ text: 'It exports app.' }] }], lastUpdated: ts(30) } }),
    j({ id: 'u2', timestamp: ts(40), type: 'user', content: [{ text: 'Now read src/app.ts again' }] }),
    j(g3),
    j({ ...g3, toolCalls: [read2] }),
    j(toolTurn('t2', read2, 43)),
    j({ id: 'g4', timestamp: ts(45), type: 'gemini', content: 'Same as before.', thoughts: [], tokens: tokens(3_100, 3_000), model: 'gemini-3-pro-preview' }),
  ].join('\n');
  const result = importGeminiCli(text, 'session-2026-08-10T10-00-s2.jsonl');
  const t = result.transcript;

  it('a compression is a recorded compaction: what it replaced stays, its summary is the snapshot, tokens before and after from the calls', () => {
    expect(t.messages.map((m) => [m.role, m.content.slice(0, 30)])).toEqual([
      ['user', '<session_context>\nThis is the '],
      ['user', 'Summarise src/app.ts'],
      ['assistant', 'I will read it.'],
      ['tool', 'export const app = 1;'],
      ['assistant', 'It exports app.'],
      ['user', 'Now read src/app.ts again'],
      ['assistant', ''],
      ['tool', 'export const app = 1;'],
      ['assistant', 'Same as before.'],
    ]);
    expect(t.compactions).toEqual([
      { boundary_index: 5, trigger: 'auto', pre_tokens: 51_000, pre_tokens_source: 'recorded_usage', post_tokens: 3_000, summary, summary_status: 'recorded', created_at: ts(30), summarizer: null },
    ]);
    expect(result.warnings).toEqual(['session-2026-08-10T10-00-s2.jsonl:15: Gemini CLI does not record whether /compress or its threshold started this compression; read as automatic']);
    expect(result.skipped).toMatchObject({
      "the model's acknowledgement of a compression summary (written by the CLI)": 1,
      'tool outputs sent back as a user turn (the same output as their call record)': 2,
      'messages removed when the CLI rewrote its history ($set messages: a rollback)': 1,
    });
  });

  it('every call answered once; the title skips the CLI session context', () => {
    expect(checkToolPairing(t)).toEqual({ orphanResults: [], danglingCalls: [], duplicateCallIds: [], multiplyAnswered: [] });
    expect(t.title).toBe('Summarise src/app.ts');
    expect(t.model).toBe('google:gemini-3-pro-preview');
  });
});

describe('importGeminiCli: bad input', () => {
  it('reports unreadable lines by number and unknown lines once, and refuses a file with no conversation', () => {
    const text = [j({ sessionId: 's', projectHash: 'p', startTime: ts(0) }), '{"id": "u1", "type": "us', j({ hello: 1 }), j({ hello: 2 }), j({ id: 'u2', timestamp: ts(3), type: 'user', content: 'hi' }), j({ id: 'x', timestamp: ts(4), type: 'mystery', content: '?' })].join('\n');
    const r = importGeminiCli(text, 'bad.jsonl');
    expect(r.transcript.messages.map((m) => m.content)).toEqual(['hi']);
    expect(r.malformed).toEqual([{ file: 'bad.jsonl', line: 2, where: null, reason: expect.stringMatching(/^malformed JSON line skipped/) }]);
    expect(r.warnings).toEqual([expect.stringMatching(/^bad\.jsonl:2: malformed JSON/), 'bad.jsonl:3: a line with {hello} is not a Gemini CLI record; such lines are skipped', 'bad.jsonl:6: message of type "mystery" is not understood; skipped']);
    expect(() => importGeminiCli(j({ sessionId: 's', projectHash: 'p', messages: [] }), 'empty.json')).toThrow(/empty\.json: no conversation found/);
  });
});
