import { describe, expect, it } from 'vitest';
import { readTranscriptFixture } from '../../test-support/transcript-fixtures';
import { importOpenAiChat, OPENAI_CHAT_BASE_TIME } from './openai-chat';

const read = (name: string): string => readTranscriptFixture(`openai-chat/${name}`);

describe('importOpenAiChat on the mini-swe-agent trajectories', () => {
  it('astropy__astropy-12907: metadata, roles, exit skipped', () => {
    const name = 'astropy__astropy-12907.traj.json';
    const raw = JSON.parse(read(name)) as { messages: { role: string; extra?: { timestamp?: number } }[] };
    const { transcript: t, warnings } = importOpenAiChat(read(name), name);
    expect(warnings).toEqual([]);
    expect(t.format).toBe('openai-chat');
    expect(t.external_id).toBe('astropy__astropy-12907');
    // info.config says deepseek/deepseek-chat; the API responses themselves say deepseek-v4-flash.
    expect(t.model).toBe('deepseek:deepseek-chat');
    expect(t.cost_usd).toBeCloseTo(0.04282166, 8);
    expect(t.compactions).toEqual([]);
    expect(t.subagents).toEqual([]);
    expect(raw.messages.filter((m) => m.role === 'exit')).toHaveLength(1);
    expect(t.messages).toHaveLength(raw.messages.length - 1);
    expect(t.messages.map((m) => m.role).slice(0, 4)).toEqual(['system', 'user', 'assistant', 'tool']);
    // The first line of the prompt is "<pr_description>", passed over as bare markup.
    expect(t.title).toBe('Consider the following PR description:');

    // Timestamps: extra.timestamp where present, synthesised (1 s steps back) before the first.
    const firstTs = raw.messages[2]!.extra!.timestamp!;
    expect(t.messages[2]!.created_at).toBe(new Date(firstTs * 1000).toISOString());
    expect(t.messages[0]!.created_at).toBe(new Date(firstTs * 1000 - 2000).toISOString());
    expect(t.started_at).toBe(t.messages[0]!.created_at);
    const times = t.messages.map((m) => m.created_at);
    expect([...times].sort()).toEqual(times);

    const a = t.messages[2]!;
    expect(a.tool_calls).toEqual([
      {
        id: 'call_00_KVNoGhlWmTJUowwDsUa74968',
        name: 'bash',
        arguments: '{"command": "cd /testbed && find . -path \\"*/separable*\\" -type f | head -20"}',
      },
    ]);
    expect(a.usage).toEqual({ input_tokens: 25, output_tokens: 76, cache_read_input_tokens: 1664, cache_creation_input_tokens: 0 });
    expect(a.external_id).toBe('ed6f8441-eedd-4ccc-be7e-18705f8aa707');
    expect(t.messages[3]).toMatchObject({ role: 'tool', tool_name: 'bash', tool_call_id: a.tool_calls[0]!.id, is_error: false });
  });

  it.each([
    ['django__django-11133.traj.json', 'deepseek:deepseek-chat', 0.101727584],
    ['django__django-11910.traj.json', 'deepseek:deepseek-chat', 0.176880648],
  ])('%s imports cleanly', (name, model, cost) => {
    const { transcript: t, warnings } = importOpenAiChat(read(name), name);
    expect(warnings).toEqual([]);
    expect(t.model).toBe(model);
    expect(t.cost_usd).toBeCloseTo(cost, 8);
    expect(t.external_id).toBe(name.replace('.traj.json', ''));
  });
});

describe('importOpenAiChat on edge shapes', () => {
  it('reads null and array content, images, missing timestamps; skips exit and unknown roles', () => {
    const doc = {
      instance_id: 'x-1',
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: [{ type: 'text', text: 'hello\nworld' }, { type: 'image_url', image_url: { url: 'data:' } }] },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"command":"ls"}' } },
            { id: 'c2', type: 'function', function: { name: 'read', arguments: { path: 'a' } } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: 'a\nb' }] },
        { role: 'tool', tool_call_id: 'c2', content: 'boom', extra: { exception_info: 'Timeout' } },
        { role: 'tool', tool_call_id: 'nope', content: 'lost' },
        { role: 'critic', content: '?' },
        { role: 'exit', content: 'bye' },
      ],
    };
    const { transcript: t, warnings } = importOpenAiChat(JSON.stringify(doc), 'dir/x-1.json');
    expect(t.source_file).toBe('x-1.json');
    expect(t.model).toBe('openai:unknown');
    expect(t.cost_usd).toBeNull();
    expect(t.title).toBe('hello');
    expect(t.messages.map((m) => [m.role, m.content])).toEqual([
      ['system', 'sys'],
      ['user', 'hello\nworld\n[image]'],
      ['assistant', ''],
      ['tool', 'a\nb'],
      ['tool', 'boom'],
      ['tool', 'lost'],
    ]);
    expect(t.messages[2]!.tool_calls[1]).toEqual({ id: 'c2', name: 'read', arguments: '{"path":"a"}' });
    expect(t.messages[4]).toMatchObject({ tool_name: 'read', is_error: true });
    expect(t.messages[5]).toMatchObject({ tool_name: null, tool_call_id: 'nope' });
    expect(warnings).toEqual([
      'dir/x-1.json: messages[5] answers unknown tool_call_id "nope"',
      'dir/x-1.json: messages[6] has role "critic"; skipped',
    ]);
    const base = Date.parse(OPENAI_CHAT_BASE_TIME);
    expect(t.messages.map((m) => m.created_at)).toEqual(t.messages.map((_, i) => new Date(base + i * 1000).toISOString()));
  });

  it('throws clearly when there is nothing to import', () => {
    expect(() => importOpenAiChat('{"messages": [', 'a.json')).toThrow(/a\.json: not a JSON document/);
    expect(() => importOpenAiChat('{"info": {}}', 'b.json')).toThrow(/b\.json: no messages\[\] array/);
    expect(() => importOpenAiChat('{"messages": [{"role": "exit", "content": ""}]}', 'c.json')).toThrow(
      /c\.json: no conversation found/,
    );
  });
});
