import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTranscriptFixture, TRANSCRIPT_FIXTURES_DIR } from '../../test-support/transcript-fixtures';
import { detectFormat, formatName, isGeminiPromptLog } from './formats';

const files = (dir: string): string[] => readdirSync(`${TRANSCRIPT_FIXTURES_DIR}${dir}`).map((f) => `${dir}/${f}`);

describe('detectFormat reads the format from the content, never the name', () => {
  it.each([
    ...files('claude-code').map((f) => [f, 'claude-code']),
    ...files('codex-rollout').map((f) => [f, 'codex-rollout']),
    ...files('gemini-cli').filter((f) => !f.endsWith('logs.json')).map((f) => [f, 'gemini-cli']),
    ...files('openai-chat').map((f) => [f, 'openai-chat']),
  ])('%s is %s', (file, format) => {
    expect(detectFormat(readTranscriptFixture(file))).toBe(format);
  });

  it('the older Codex first record, a Gemini CLI JSONL header, a one-line Gemini JSON recording', () => {
    expect(detectFormat('{"id":"5973b6c0","timestamp":"2025-05-07T17:24:21.123Z","instructions":null}\n{"type":"message","role":"user","content":[]}')).toBe('codex-rollout');
    expect(detectFormat('{"sessionId":"s","projectHash":"p","startTime":"2026-04-20T09:00:00.000Z","kind":"main"}\n{"id":"u1","type":"user","content":"hi"}')).toBe('gemini-cli');
    expect(detectFormat('{"sessionId":"s","projectHash":"p","messages":[{"id":"u1","type":"user","content":"hi"}]}')).toBe('gemini-cli');
  });

  it('nothing it knows: null; any other JSON is left to the OpenAI-chat importer to confirm', () => {
    expect(detectFormat('hello')).toBeNull();
    expect(detectFormat('')).toBeNull();
    expect(detectFormat('{\n  "whatever": 1\n}')).toBe('openai-chat');
  });

  it("Gemini CLI's prompt log is known for what it is", () => {
    expect(isGeminiPromptLog(JSON.parse(readTranscriptFixture('gemini-cli/logs.json')))).toBe(true);
    expect(isGeminiPromptLog([{ role: 'user', content: 'hi' }])).toBe(false);
    expect(isGeminiPromptLog([])).toBe(false);
  });

  it('names formats as a person knows them', () => {
    expect(['claude-code', 'codex-rollout', 'gemini-cli', 'openai-chat', 'other'].map(formatName)).toEqual(['Claude Code', 'Codex CLI', 'Gemini CLI', 'OpenAI chat', 'other']);
  });
});
