import { describe, expect, it } from 'vitest';
import { msg, call } from '../../../mocks/engine/test-support/build';
import { isLong, messageText, pinLabel, previewText, sizeOf } from './message-text';

describe('message text', () => {
  it('lists tool calls after the content', () => {
    const m = msg(3, 'assistant', 'Reading.', { tool_calls: [call('a', 'bash', '{"command":"ls"}'), call('b', 'read', '{}')] });
    expect(messageText(m)).toBe('Reading.\n→ bash({"command":"ls"})\n→ read({})');
    expect(messageText({ ...m, content: '' })).toBe('→ bash({"command":"ls"})\n→ read({})');
  });

  it('keeps markup as text', () => {
    const m = msg(1, 'user', '<img src=x onerror=alert(1)>');
    expect(messageText(m)).toBe('<img src=x onerror=alert(1)>');
  });

  it('tells long contents apart', () => {
    expect(isLong('short')).toBe(false);
    expect(isLong('one\ntwo')).toBe(false);
    expect(isLong('one\ntwo\nthree')).toBe(true);
    expect(isLong('x'.repeat(400))).toBe(true);
    expect(previewText('x'.repeat(400))).toHaveLength(321);
    expect(sizeOf('a\nb')).toBe('2 lines · 3 characters');
    expect(sizeOf(`${'x'.repeat(12_345)}\n`.repeat(100))).toBe('101 lines · 1,234,600 characters');
  });

  it('names pins with their reason', () => {
    expect(pinLabel({ reason: 'system_prompt', detail: null })).toBe('kept: system prompt');
    expect(pinLabel({ reason: 'always_keep_metadata', detail: 'hindsight' })).toBe('kept: always-keep metadata (hindsight)');
    expect(pinLabel({ reason: 'predicate', detail: 'tests' })).toBe('kept: predicate tests');
  });
});
