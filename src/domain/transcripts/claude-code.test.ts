import { describe, expect, it } from 'vitest';
import { readTranscriptFixture } from '../../test-support/transcript-fixtures';
import { importClaudeCode, type SubagentFile } from './claude-code-session';
import { unmergedResponses } from './transcript-checks';
import { SUMMARY_NOT_RECORDED } from './types';

const S1 = '4d5611e5-241a-462a-8d15-5122611a9569';
const S2 = 'ae4a77f8-aedd-4bc1-888f-c94edc91af04';

function read(name: string): string {
  return readTranscriptFixture(`claude-code/${name}`);
}
function sub(name: string): SubagentFile {
  return { name, text: read(name) };
}
function records(name: string): Record<string, unknown>[] {
  return read(name)
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('importClaudeCode on session 4d5611e5 (auto compaction)', () => {
  const { transcript: t, warnings } = importClaudeCode(read(`${S1}.jsonl`), `${S1}.jsonl`, [
    sub(`${S1}__subagents__agent-a2898e3.jsonl`),
    sub(`${S1}__subagents__agent-acompact-e1f845.jsonl`),
  ]);

  it('imports without warnings and reads the session metadata', () => {
    expect(warnings).toEqual([]);
    expect(t.format).toBe('claude-code');
    expect(t.source_file).toBe(`${S1}.jsonl`);
    expect(t.external_id).toBe(S1);
    expect(t.model).toBe('anthropic:claude-opus-4-6');
    expect(t.title).toBe('Work on bead spotter-dov. Run bd show spotter-dov to see the issue details and …');
    expect(Array.from(t.title)).toHaveLength(80);
    expect(t.cost_usd).toBeNull();
  });

  it('finds the one automatic compaction, its summary and the summarizer call', () => {
    expect(t.compactions).toHaveLength(1);
    const c = t.compactions[0]!;
    expect(c.trigger).toBe('auto');
    expect(c.pre_tokens).toBe(170251);
    // Tokens after: the first recorded call after the boundary (its input + cache read + creation).
    expect(c).toMatchObject({ pre_tokens_source: 'compact_metadata', post_tokens: 36081, summary_status: 'recorded' });
    expect(c.summary.startsWith('This session is being continued')).toBe(true);
    expect(c.created_at).toBe('2026-02-12T20:30:28.504Z');
    // The summary is not a message.
    expect(t.messages.some((m) => m.content.startsWith('This session is being continued'))).toBe(false);
    // The boundary sits between the messages written before and after it.
    expect(t.messages[c.boundary_index - 1]!.created_at <= c.created_at).toBe(true);
    expect(t.messages[c.boundary_index]!.created_at >= c.created_at).toBe(true);

    // Summarizer: the acompact file's (only) response.
    const acompact = records(`${S1}__subagents__agent-acompact-e1f845.jsonl`).filter((r) => r.type === 'assistant');
    const last = acompact[acompact.length - 1]!.message as { usage: Record<string, number> };
    expect(c.summarizer).toEqual({
      model: 'anthropic:claude-opus-4-6',
      usage: {
        input_tokens: last.usage.input_tokens,
        output_tokens: last.usage.output_tokens,
        cache_read_input_tokens: last.usage.cache_read_input_tokens,
        cache_creation_input_tokens: last.usage.cache_creation_input_tokens,
      },
    });
    // As recorded (see the report: output_tokens is the streaming-start value, not the total).
    expect(c.summarizer?.usage).toEqual({
      input_tokens: 3,
      output_tokens: 8,
      cache_read_input_tokens: 164830,
      cache_creation_input_tokens: 8681,
    });
  });

  it('attaches subagent a2898e3 (and not the acompact file) as a subagent', () => {
    expect(t.subagents.map((s) => s.external_id)).toEqual(['agent-a2898e3']);
    const s = t.subagents[0]!;
    expect(s.source_file).toBe(`${S1}__subagents__agent-a2898e3.jsonl`);
    expect(s.model).toBe('anthropic:claude-sonnet-4-5-20250929');
    expect(s.title).toBe('Very thorough exploration. I need to understand:');
    expect(s.messages).toHaveLength(46);
  });

  it('merges the records of one API response into one assistant message', () => {
    const ids = new Set(
      records(`${S1}.jsonl`)
        .filter((r) => r.type === 'assistant')
        .map((r) => (r.message as { id: string }).id),
    );
    const assistants = t.messages.filter((m) => m.role === 'assistant');
    expect(assistants).toHaveLength(ids.size); // 254 records -> 139 responses
    expect(ids.size).toBe(139);
    expect(new Set(assistants.map((m) => m.external_id)).size).toBe(ids.size);
    expect(unmergedResponses(t)).toEqual([]);
  });

  it('takes usage from the last record of a merged response', () => {
    const recs = records(`${S1}.jsonl`).filter((r) => r.type === 'assistant');
    const lastUsage = new Map<string, Record<string, number>>();
    for (const r of recs) {
      const m = r.message as { id: string; usage: Record<string, number> };
      lastUsage.set(m.id, m.usage);
    }
    let differing = 0;
    for (const m of t.messages.filter((x) => x.role === 'assistant')) {
      const u = lastUsage.get(m.external_id!)!;
      expect(m.usage).toEqual({
        input_tokens: u.input_tokens,
        output_tokens: u.output_tokens,
        cache_read_input_tokens: u.cache_read_input_tokens,
        cache_creation_input_tokens: u.cache_creation_input_tokens,
      });
      const first = recs.find((r) => (r.message as { id: string }).id === m.external_id)!.message as {
        usage: Record<string, number>;
      };
      if (first.usage.output_tokens !== u.output_tokens) differing++;
    }
    expect(differing).toBeGreaterThan(0); // the data does update usage within a response
  });
});

describe('importClaudeCode on session ae4a77f8 (manual compaction)', () => {
  const { transcript: t, warnings } = importClaudeCode(read(`${S2}.jsonl`), `${S2}.jsonl`, [
    sub(`${S2}__subagents__agent-aac57f5.jsonl`),
    sub(`${S2}__subagents__agent-acompact-946d2b.jsonl`),
  ]);

  it('finds the manual compaction with its pre-compaction token count', () => {
    expect(warnings).toEqual([]);
    expect(t.compactions).toHaveLength(1);
    const c = t.compactions[0]!;
    expect(c.trigger).toBe('manual');
    expect(c.pre_tokens).toBe(142431);
    expect(c).toMatchObject({ pre_tokens_source: 'compact_metadata', post_tokens: 45263, summary_status: 'recorded' });
    expect(c.summary.startsWith('This session is being continued')).toBe(true);
    expect(c.summarizer?.model).toBe('anthropic:claude-opus-4-6');
    expect(c.summarizer?.usage?.cache_creation_input_tokens).toBe(121689);
    // The /compact command, its caveat and its stdout are local-command noise: the first
    // message after the boundary is what the user typed next.
    expect(t.messages[c.boundary_index]).toMatchObject({ role: 'user', content: 'continue implementation' });
    expect(t.messages.some((m) => m.content.includes('<command-name>') || m.content.includes('local-command'))).toBe(false);
  });

  it('keeps the session model although a skill ran on another model', () => {
    // A hex-docs-search skill switched the main thread to Haiku for a long stretch.
    expect(t.model).toBe('anthropic:claude-opus-4-6');
    expect(t.subagents.map((s) => s.external_id)).toEqual(['agent-aac57f5']);
  });
});

describe('importClaudeCode on the small sessions', () => {
  it('short.jsonl: skips system local_command records, keeps the interrupt, merges text + 2 calls', () => {
    const { transcript: t, warnings } = importClaudeCode(read('short.jsonl'), 'short.jsonl', []);
    expect(warnings).toEqual([]);
    expect(t.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'user']);
    const a = t.messages[1]!;
    expect(a.content).toBe('Let me check the project structure and try running the server to see the error.');
    expect(a.tool_calls.map((c) => c.name)).toEqual(['Bash', 'Glob']);
    expect(JSON.parse(a.tool_calls[0]!.arguments)).toEqual({ command: 'mix phx.server 2>&1 | head -80', timeout: 30000 });
    expect(t.messages[2]).toMatchObject({ tool_name: 'Bash', is_error: true, tool_call_id: a.tool_calls[0]!.id });
    expect(t.messages[4]!.content).toBe('[Request interrupted by user for tool use]');
    expect(t.title).toBe('mix phx.server doesnt seem to start');
    expect(t.started_at).toBe('2026-02-10T21:11:52.438Z');
  });

  it('subagent.jsonl: a custom slash command is kept as the user prompt, its isMeta expansion skipped', () => {
    const { transcript: t } = importClaudeCode(read('subagent.jsonl'), 'subagent.jsonl', []);
    const first = t.messages[0]!;
    expect(first.role).toBe('user');
    expect(first.content.startsWith('/handgemacht:create-beads websearch to learn how to fastest setup credo')).toBe(true);
    expect(t.messages.some((m) => m.content.startsWith('Create beads (epic + tasks'))).toBe(false);
  });

  it('tool_heavy.jsonl: the /mcp local command (caveat, command, stdout) is skipped', () => {
    const { transcript: t } = importClaudeCode(read('tool_heavy.jsonl'), 'tool_heavy.jsonl', []);
    expect(t.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'start phoenix in background',
      '[Request interrupted by user]',
      'scrolling back in xterm.js still does not work (maybe because outer web catches it)? websearch xterm.js tmux interactions',
      '[Request interrupted by user]',
    ]);
  });
});

describe('importClaudeCode robustness', () => {
  const clean = read('short.jsonl');
  const lines = clean.split('\n');

  it('skips malformed lines with a warning and imports the rest', () => {
    const broken = [...lines.slice(0, 4), '{"type": "user", "message": {"role": "user", "con', 'not json at all', '42', ...lines.slice(4)].join('\n');
    const good = importClaudeCode(clean, 'short.jsonl', []);
    const bad = importClaudeCode(broken, 'short.jsonl', []);
    expect(bad.transcript).toEqual(good.transcript);
    expect(bad.warnings).toHaveLength(3);
    expect(bad.warnings[0]).toMatch(/^short\.jsonl:5: malformed JSON line skipped/);
    expect(bad.warnings[1]).toMatch(/^short\.jsonl:6: malformed JSON line skipped/);
    expect(bad.warnings[2]).toMatch(/^short\.jsonl:7: line is not a JSON object/);
  });

  it('survives a truncated last line (a session still being written)', () => {
    const last = lines.filter((l) => l.trim() !== '').length;
    const truncated = `${clean.trimEnd()}\n${lines[4]!.slice(0, 120)}`;
    const r = importClaudeCode(truncated, 'short.jsonl', []);
    expect(r.transcript.messages).toHaveLength(5);
    expect(r.warnings).toEqual([expect.stringMatching(new RegExp(`^short\\.jsonl:${last + 1}: malformed JSON`))]);
  });

  it('a broken record inside a response loses only that record; its result is reported as unknown', () => {
    // Break the Glob tool_use record, the second call of the parallel pair.
    const at = lines.findIndex((l) => l.includes('"type":"assistant"') && l.includes('"id":"toolu_01FdQ8qTyVyZjE3Kw4dguQGx"'));
    expect(at).toBeGreaterThan(0);
    const broken = lines.map((l, i) => (i === at ? l.slice(0, 50) : l)).join('\n');
    const r = importClaudeCode(broken, 'short.jsonl', []);
    expect(r.transcript.messages[1]!.tool_calls.map((c) => c.name)).toEqual(['Bash']);
    expect(r.warnings).toHaveLength(2);
    expect(r.warnings[0]).toMatch(new RegExp(`^short\\.jsonl:${at + 1}: malformed JSON`));
    expect(r.warnings[1]).toMatch(/tool_result for unknown tool_use_id "toolu_01FdQ8qTyVyZjE3Kw4dguQGx"/);
    expect(r.transcript.messages[3]).toMatchObject({ role: 'tool', tool_name: null });
  });

  it('throws a clear error when there is no conversation at all', () => {
    expect(() => importClaudeCode('', 'empty.jsonl', [])).toThrow(/empty\.jsonl: no conversation found/);
    const noise = lines.filter((l) => l.includes('"type":"progress"') || l.includes('file-history-snapshot')).join('\n');
    expect(noise.split('\n')).toHaveLength(4);
    expect(() => importClaudeCode(noise, 'noise.jsonl', [])).toThrow(/noise\.jsonl: no conversation found/);
    expect(() => importClaudeCode('garbage\n{', 'garbage.jsonl', [])).toThrow(/no conversation found/);
  });

  it('flattens array tool results, images included, and skips isMeta records', () => {
    const rec = (o: object): string => JSON.stringify({ sessionId: 's', timestamp: '2026-01-01T00:00:00Z', ...o });
    const text = [
      rec({ type: 'user', uuid: 'u1', message: { role: 'user', content: 'look at this' } }),
      rec({ type: 'user', uuid: 'm1', isMeta: true, message: { role: 'user', content: '<system-reminder>x</system-reminder>' } }),
      rec({
        type: 'assistant',
        uuid: 'a1',
        message: { id: 'msg_1', model: 'claude-x', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { p: 1 } }] },
      }),
      rec({
        type: 'user',
        uuid: 'u2',
        message: {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: [{ type: 'text', text: 'png follows' }, { type: 'image', source: { type: 'base64', data: 'AAAA' } }],
            },
            { type: 'text', text: 'and a note' },
          ],
        },
      }),
      rec({ type: 'mystery', uuid: 'x' }),
      rec({ type: 'mystery', uuid: 'y' }),
    ].join('\n');
    const { transcript: t, warnings } = importClaudeCode(text, 'synthetic.jsonl');
    expect(t.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'look at this'],
      ['assistant', ''],
      ['tool', 'png follows\n[image]'],
      ['user', 'and a note'],
    ]);
    expect(t.messages[2]!.tool_name).toBe('Read');
    expect(t.model).toBe('anthropic:claude-x');
    expect(warnings).toEqual(['synthetic.jsonl:5: record type "mystery" is not understood; such records are skipped']);
  });

  it('a compact boundary whose summary record is missing is still a recorded compaction, said to have no summary', () => {
    const rec = (o: object): string => JSON.stringify({ sessionId: 's', timestamp: '2026-01-01T00:00:00Z', ...o });
    const usage = (n: number) => ({ input_tokens: 2, output_tokens: 5, cache_read_input_tokens: n - 2, cache_creation_input_tokens: 0 });
    const text = [
      rec({ type: 'user', uuid: 'u1', message: { role: 'user', content: 'go' } }),
      rec({ type: 'assistant', uuid: 'a1', message: { id: 'm1', model: 'claude-x', content: [{ type: 'text', text: 'ok' }], usage: usage(900) } }),
      rec({ type: 'system', subtype: 'compact_boundary', uuid: 'b1', compactMetadata: { trigger: 'auto' } }),
      rec({ type: 'user', uuid: 'u2', message: { role: 'user', content: 'again' } }),
      rec({ type: 'assistant', uuid: 'a2', message: { id: 'm2', model: 'claude-x', content: [{ type: 'text', text: 'fine' }], usage: usage(120) } }),
    ].join('\n');
    const { transcript: t, warnings } = importClaudeCode(text, 'nosummary.jsonl');
    expect(warnings).toEqual(['nosummary.jsonl:3: compact_boundary without a summary record']);
    expect(t.compactions).toEqual([
      expect.objectContaining({ boundary_index: 2, pre_tokens: 0, pre_tokens_source: 'none', post_tokens: 120, summary: SUMMARY_NOT_RECORDED, summary_status: 'not_recorded' }),
    ]);
  });
});
