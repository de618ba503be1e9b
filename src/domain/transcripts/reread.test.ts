import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { profileTokens } from '../../../mocks/importers/token-profile';
import { readTranscriptFixture, TRANSCRIPT_FIXTURES_DIR } from '../../test-support/transcript-fixtures';
import { importClaudeCode } from './claude-code-session';
import { importCodexRollout } from './codex';
import { detectFormat } from './formats';
import { importGeminiCli } from './gemini-cli';
import { importOpenAiChat } from './openai-chat';
import { rereadAfterCompactions, rereadBaseline, summaryNames } from './reread';
import { SUMMARY_ENCRYPTED, type ImportedCompaction, type ImportedMessage, type ImportedTranscript } from './types';

/** A session written call by call: each step is one assistant turn with its calls, each answered by a result of `size` tokens. */
type Step = { compact: string } | [tool: string, args: object, size?: number][];

function session(steps: Step[]): { t: ImportedTranscript; sizes: number[] } {
  const messages: ImportedMessage[] = [];
  const sizes: number[] = [];
  const compactions: ImportedCompaction[] = [];
  const msg = (m: Partial<ImportedMessage>, size: number): void => {
    messages.push({ role: 'user', content: '', tool_calls: [], tool_call_id: null, tool_name: null, created_at: '2026-01-01T00:00:00.000Z', is_error: false, usage: null, external_id: null, ...m });
    sizes.push(size);
  };
  msg({ role: 'user', content: 'go' }, 5);
  steps.forEach((step, k) => {
    if ('compact' in step) {
      compactions.push({ boundary_index: messages.length, trigger: 'auto', pre_tokens: 0, pre_tokens_source: 'none', post_tokens: null, summary: step.compact, summary_status: step.compact === SUMMARY_ENCRYPTED ? 'encrypted' : 'recorded', created_at: '2026-01-01T00:00:00.000Z', summarizer: null });
      return;
    }
    const calls = step.map(([name, args], j) => ({ id: `c${k}_${j}`, name, arguments: JSON.stringify(args) }));
    msg({ role: 'assistant', tool_calls: calls }, 20);
    step.forEach(([name, , size], j) => msg({ role: 'tool', tool_call_id: `c${k}_${j}`, tool_name: name, content: 'result' }, size ?? 100));
  });
  return { t: { format: 'claude-code', source_file: 's.jsonl', external_id: 's', title: 't', model: 'anthropic:x', reported_context_window: null, started_at: '', messages, compactions, subagents: [], cost_usd: null }, sizes };
}

const read = (file: string, size?: number): [string, object, number?] => ['Read', { file_path: file }, size];
const edit = (file: string): [string, object] => ['Edit', { file_path: file, old_string: 'a', new_string: 'b' }];
const bash = (command: string, size?: number): [string, object, number?] => ['Bash', { command }, size];

describe('re-read after a compaction', () => {
  it('counts the read-like calls after it that repeat one before it, with the tokens of their results', () => {
    const { t, sizes } = session([[read('/p/a.ts', 300), read('/p/b.ts')], [bash('git status')], { compact: 'We were changing a.ts.' }, [read('/p/a.ts', 320)], [read('/p/c.ts')], [bash('git status', 40)], [read('/p/b.ts', 90)]]);
    const [r] = rereadAfterCompactions(t, sizes);
    expect(r).toMatchObject({ compaction_index: 0, raw: { calls: 3, tokens: 450 }, adjusted: { calls: 3, tokens: 450, files: 2 }, excluded: { written_since_read: 0, read_before_edit: 0 }, not_understood: 0, window_turns: 4 });
    expect(r!.calls.map((c) => [c.tool, c.file, c.tokens, c.in_summary])).toEqual([
      ['Read', '/p/a.ts', 320, true],
      ['Bash', null, 40, null],
      ['Read', '/p/b.ts', 90, false],
    ]);
    expect(r!.not_in_summary).toEqual({ files: 1, tokens: 90 });
    // Each re-read links to its call's message and its result's.
    expect(t.messages[r!.calls[0]!.message_index]!.tool_calls[0]!.id).toBe(r!.calls[0]!.call_id);
    expect(t.messages[r!.calls[0]!.result_index!]!.tool_call_id).toBe(r!.calls[0]!.call_id);
  });

  it('leaves out a file written since its last read, and a read right before an edit of the same file; the raw count keeps them', () => {
    const { t, sizes } = session([[read('/p/a.ts'), read('/p/b.ts'), read('/p/c.ts')], [edit('/p/a.ts')], { compact: 'a.ts, b.ts and c.ts' }, [read('/p/a.ts')], [read('/p/b.ts')], [edit('/p/b.ts')], [read('/p/c.ts')], [], [], [edit('/p/c.ts')]]);
    const [r] = rereadAfterCompactions(t, sizes);
    expect(r!.calls.map((c) => [c.file, c.excluded])).toEqual([
      ['/p/a.ts', 'written_since_read'],
      ['/p/b.ts', 'read_before_edit'],
      // Edited three turns later: not "right before" it.
      ['/p/c.ts', null],
    ]);
    expect(r).toMatchObject({ raw: { calls: 3, tokens: 300 }, adjusted: { calls: 1, tokens: 100, files: 1 }, excluded: { written_since_read: 1, read_before_edit: 1 } });
  });

  it('a search or listing repeats only with the same arguments; a write inside what it searched makes running it again needed', () => {
    const { t, sizes } = session([[['Grep', { pattern: 'foo', path: 'src' }], ['Glob', { pattern: '**/*.ts' }]], { compact: 's' }, [['Grep', { pattern: 'foo', path: 'src' }], ['Grep', { pattern: 'bar', path: 'src' }]], [edit('/p/src/x.ts')], [['Glob', { pattern: '**/*.ts' }]]]);
    const [r] = rereadAfterCompactions(t, sizes);
    expect(r!.calls.map((c) => [c.tool, c.excluded])).toEqual([
      ['Grep', null],
      ['Glob', 'written_since_read'],
    ]);
  });

  it('the window is cut at the next compaction, and the context before a point starts at the previous one', () => {
    const { t, sizes } = session([[read('/p/a.ts')], { compact: 'first' }, [read('/p/b.ts')], [read('/p/b.ts')], { compact: 'second' }, [read('/p/a.ts')], [read('/p/b.ts')]]);
    const [first, second] = rereadAfterCompactions(t, sizes);
    // After the first: b.ts was not read before it (its repeat comes after the point); a.ts is read again only after the second.
    expect(first).toMatchObject({ window_turns: 2, raw: { calls: 0 } });
    expect(second!.calls.map((c) => c.file)).toEqual(['/p/b.ts']);
  });

  it('calls it cannot read are counted apart; an unreadable summary gives no "not in the summary"', () => {
    const { t, sizes } = session([[['exec_command', { cmd: 'cat a.rs' }]], { compact: SUMMARY_ENCRYPTED }, [['exec_command', { cmd: 'cat a.rs' }]]]);
    t.messages[1]!.tool_calls.push({ id: 'r', name: 'exec_command', arguments: '[REDACTED_ARGUMENTS len=83 sha=b4e1e5f7]' });
    const [r] = rereadAfterCompactions(t, sizes);
    expect(r).toMatchObject({ raw: { calls: 1 }, not_understood: 1, not_in_summary: null });
    expect(r!.calls[0]!.in_summary).toBeNull();
  });
});

describe('re-read baseline: the same measure where no compaction happened', () => {
  it('is the mean over every turn with a full window after it and no compaction in it', () => {
    const { t, sizes } = session([[read('/p/a.ts')], [read('/p/a.ts')], [read('/p/b.ts')], [read('/p/b.ts')]]);
    // Window 2: points before turns 1 and 2. Before turn 1: a.ts re-read at turn 1 → 1 call. Before turn 2: nothing repeats in turns 2–3 (b.ts first read at 2).
    expect(rereadBaseline(t, sizes, 2)).toEqual({ points: 2, raw: { calls: 0.5, tokens: 50 }, adjusted: { calls: 0.5, tokens: 50 } });
    expect(rereadBaseline(t, sizes, 4)).toEqual({ points: 0, raw: { calls: 0, tokens: 0 }, adjusted: { calls: 0, tokens: 0 } });
  });
});

describe('re-read on a real session (Claude Code 4d5611e5, one automatic compaction)', () => {
  const S = '4d5611e5-241a-462a-8d15-5122611a9569';
  const sub = (n: string) => ({ name: n, text: readTranscriptFixture(`claude-code/${n}`) });
  const { transcript: t } = importClaudeCode(readTranscriptFixture(`claude-code/${S}.jsonl`), `${S}.jsonl`, [sub(`${S}__subagents__agent-acompact-e1f845.jsonl`)]);
  const profile = profileTokens(t);
  const [r] = rereadAfterCompactions(t, profile.sizes);

  it('finds the files the agent read again after the compaction, with their result sizes from the token profile', () => {
    expect(r!.calls.map((c) => [c.file?.split('/').pop(), c.excluded])).toEqual([
      ['transcript_components.ex', 'written_since_read'],
      ['session_live.ex', 'written_since_read'],
      ['subagent_live.ex', 'written_since_read'],
      ['live_view.ex', null],
      ['app.js', null],
    ]);
    for (const c of r!.calls) expect(c.tokens).toBe(profile.sizes[c.result_index!]);
    expect(r!.adjusted.files).toBe(2);
    expect(r!.raw.tokens).toBe(r!.calls.reduce((n, c) => n + c.tokens, 0));
  });

  it('says which of them the summary names', () => {
    expect(r!.calls.filter((c) => c.excluded === null).map((c) => [c.file?.split('/').pop(), c.in_summary])).toEqual([
      ['live_view.ex', false],
      ['app.js', true],
    ]);
    expect(summaryNames(t.compactions[0]!.summary, 'assets/js/app.js')).toBe(true);
  });
});

describe('re-read on every fixture', () => {
  const importers: Record<string, (text: string, name: string) => { transcript: ImportedTranscript }> = {
    'claude-code': (text, name) => importClaudeCode(text, name),
    'codex-rollout': importCodexRollout,
    'gemini-cli': importGeminiCli,
    'openai-chat': importOpenAiChat,
  };
  const files = readdirSync(TRANSCRIPT_FIXTURES_DIR, { recursive: true })
    .map(String)
    .filter((f) => /\.jsonl?$/.test(f) && !f.includes('__subagents__') && !f.endsWith('logs.json'));

  it.each(files)('%s: figures that add up, on every compaction and at every baseline point', (file) => {
    const text = readTranscriptFixture(file);
    const { transcript: t } = importers[detectFormat(text)!]!(text, file.split('/').pop()!);
    const sizes = profileTokens(t).sizes;
    const baseline = rereadBaseline(t, sizes);
    expect(Number.isFinite(baseline.adjusted.tokens) && baseline.adjusted.tokens <= baseline.raw.tokens).toBe(true);
    for (const r of rereadAfterCompactions(t, sizes)) {
      expect(r.adjusted.calls + r.excluded.written_since_read + r.excluded.read_before_edit).toBe(r.raw.calls);
      expect(r.raw.tokens).toBe(r.calls.reduce((n, c) => n + c.tokens, 0));
      expect(r.adjusted.tokens).toBe(r.calls.filter((c) => c.excluded === null).reduce((n, c) => n + c.tokens, 0));
    }
  });

  it('the Codex compaction whose calls are redacted says so instead of showing no re-reads', () => {
    const name = 'rollout-2026-02-23T12-54-34-019c8a59-e9dd-71f0-9ae3-4079fe9726a9.jsonl';
    const { transcript: t } = importCodexRollout(readTranscriptFixture(`codex-rollout/${name}`), name);
    const [r] = rereadAfterCompactions(t, profileTokens(t).sizes);
    expect(r!.raw.calls).toBe(0);
    expect(r!.not_understood).toBeGreaterThan(100);
    expect(r!.not_in_summary).toBeNull();
  });
});
