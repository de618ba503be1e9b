import { describe, expect, it } from 'vitest';
import { compilePredicates, computePins, firstOperatorMessageId } from './pins';
import { call, deepFreeze, msg, result } from './test-support/build';
import { loadOpenAiChat } from './test-support/load-transcripts';
import type { AlwaysKeepPredicate, Message } from './types';

function list(): Message[] {
  return [
    msg(0, 'system', 'You are kaged.'),
    msg(1, 'user', 'Build the parser.'),
    msg(2, 'assistant', 'Plan: DECISION use a PEG grammar.'),
    msg(3, 'user', 'Also add tests.'),
    msg(4, 'assistant', 'ok', { metadata: { ...msg(4, 'assistant', 'ok').metadata, always_keep: true, always_keep_source: 'memory-hindsight' } }),
    msg(5, 'assistant', '', { tool_calls: [call('c1', 'deploy')] }),
    result(6, 'c1', 'deployed', 'deploy'),
    msg(7, 'system', '[simulated summary] earlier', { metadata: { ...msg(7, 'system', '').metadata, kind: 'compaction_summary' } }),
  ];
}

const pinOf = (ms: Message[], id: string) => ms.find((m) => m.id === id)?.pin ?? null;

describe('computePins', () => {
  it('pins system prompts, the first operator message and metadata always_keep', () => {
    const { messages, errors } = computePins(deepFreeze(list()), []);
    expect(errors).toEqual([]);
    expect(pinOf(messages, 'm0')).toEqual({ reason: 'system_prompt', detail: null });
    expect(pinOf(messages, 'm1')).toEqual({ reason: 'first_operator_message', detail: null });
    expect(pinOf(messages, 'm3')).toBeNull();
    expect(pinOf(messages, 'm4')).toEqual({ reason: 'always_keep_metadata', detail: 'memory-hindsight' });
    expect(pinOf(messages, 'm2')).toBeNull();
  });

  it('does not pin a compaction summary (role system, but not a system prompt)', () => {
    expect(pinOf(computePins(list(), []).messages, 'm7')).toBeNull();
  });

  it('pins by predicate when every present criterion matches', () => {
    const predicates: AlwaysKeepPredicate[] = [
      { id: 'decisions', description: 'assistant decisions', role: 'assistant', content_regex: 'DECISION' },
      { id: 'deploys', description: 'deploy tool', tool_name: 'deploy' },
      { id: 'user-decisions', description: 'never matches', role: 'user', content_regex: 'DECISION' },
    ];
    const { messages } = computePins(list(), predicates);
    expect(pinOf(messages, 'm2')).toEqual({ reason: 'predicate', detail: 'decisions' });
    // tool_name matches both the call and its result
    expect(pinOf(messages, 'm5')).toEqual({ reason: 'predicate', detail: 'deploys' });
    expect(pinOf(messages, 'm6')).toEqual({ reason: 'predicate', detail: 'deploys' });
    expect(pinOf(messages, 'm3')).toBeNull();
  });

  it('reports an invalid regex instead of throwing, and ignores only that predicate', () => {
    const predicates: AlwaysKeepPredicate[] = [
      { id: 'broken', description: 'bad', content_regex: '([unclosed' },
      { id: 'tests', description: 'mentions tests', content_regex: 'tests' },
    ];
    const run = () => computePins(list(), predicates);
    expect(run).not.toThrow();
    const { messages, errors } = run();
    expect(errors).toHaveLength(1);
    expect(errors[0]?.predicate_id).toBe('broken');
    expect(errors[0]?.message).toMatch(/invalid content_regex/);
    expect(pinOf(messages, 'm3')).toEqual({ reason: 'predicate', detail: 'tests' });
  });

  it('reports a predicate with no criterion (it would pin everything)', () => {
    const { predicates, errors } = compilePredicates([{ id: 'empty', description: 'nothing' }]);
    expect(predicates).toHaveLength(0);
    expect(errors).toEqual([{ predicate_id: 'empty', message: expect.stringMatching(/no criterion/) }]);
  });

  it('recomputes pins: a stale input pin is cleared', () => {
    const ms = list();
    ms[3] = { ...ms[3]!, pin: { reason: 'predicate', detail: 'gone' } };
    expect(pinOf(computePins(ms, []).messages, 'm3')).toBeNull();
  });

  it('uses precedence system prompt > first operator > metadata > predicate', () => {
    const m1 = list()[1]!;
    const both = { ...m1, metadata: { ...m1.metadata, always_keep: true, always_keep_source: 'x' } };
    const { messages } = computePins([both], [{ id: 'p', description: '', role: 'user' }]);
    expect(messages[0]?.pin?.reason).toBe('first_operator_message');
  });

  it('the first operator message is the first user message even if superseded', () => {
    const ms = list();
    ms[1] = { ...ms[1]!, superseded: true };
    expect(firstOperatorMessageId(ms)).toBe('m1');
    expect(pinOf(computePins(ms, []).messages, 'm3')).toBeNull();
  });

  it('on a real transcript pins exactly the system prompt and the task', () => {
    const { messages } = loadOpenAiChat('django__django-11133.traj.json');
    const pinned = computePins(messages, []).messages.filter((m) => m.pin !== null);
    expect(pinned.map((m) => [m.id, m.pin?.reason])).toEqual([
      ['m0', 'system_prompt'],
      ['m1', 'first_operator_message'],
    ]);
  });
});
