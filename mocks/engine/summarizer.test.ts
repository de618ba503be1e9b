import { describe, expect, it } from 'vitest';
import { estimateMessageTokens, estimateTextTokens } from './estimate';
import { extractFilePaths, SIMULATED_SUMMARY_LABEL, simulateSummary } from './summarizer';
import { call, msg, parallelSession, result } from './test-support/build';
import { loadOpenAiChat } from './test-support/load-transcripts';

const HEADINGS = ['## Goal', '## Constraints & Preferences', '## Progress', '## Key Decisions', '## Next Steps', '## Critical Context'];
const opts = { author: 'anthropic:claude-haiku-4-5', prompt: 'config:/prompts/compaction-summary.md', maxTokens: 1_500 };

describe('extractFilePaths', () => {
  it('finds paths with a directory and an extension, deduplicated in first-seen order', () => {
    const text = 'cat src/a/b.ts && vim ./src/a/b.ts; ls /testbed/django/db/models/query.py, see README.md and http://x.io/y/z.py';
    expect(extractFilePaths(text)).toEqual(['src/a/b.ts', '/testbed/django/db/models/query.py']);
  });

  it('ignores URIs like config:/prompts/compaction-summary.md', () => {
    expect(extractFilePaths('prompt config:/prompts/compaction-summary.md and project:/a/b.md')).toEqual([]);
  });
});

describe('simulateSummary', () => {
  it('is labelled and follows the default prompt headings in order', () => {
    const s = simulateSummary(parallelSession(3), opts);
    expect(s.text.startsWith(SIMULATED_SUMMARY_LABEL)).toBe(true);
    const at = HEADINGS.map((h) => s.text.indexOf(h));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('draws from the window: goal, tool counts, file paths, last assistant text', () => {
    const ms = parallelSession(2);
    const s = simulateSummary(ms, opts);
    expect(s.text).toContain('Fix the parser in src/parse/index.ts');
    expect(s.text).toContain('Tool calls: 6 (bash ×2, grep ×2, read ×2)');
    expect(s.key_facts).toEqual(['src/parse/index.ts', 'src/mod0/a.ts', 'src/mod1/a.ts']);
    expect(s.text).toContain('Resume from: Done with turn 1.');
    expect(s.text).toContain('You must not break the API.');
    expect(s.input_tokens).toBe(ms.reduce((n, m) => n + estimateMessageTokens(m), 0));
    expect(s.output_tokens).toBe(estimateTextTokens(s.text));
  });

  it('takes the goal from the task when the window has no operator message', () => {
    const window = [msg(5, 'assistant', 'Looking around.', { tool_calls: [call('q')] }), result(6, 'q', 'x')];
    const s = simulateSummary(window, { ...opts, task: msg(1, 'user', 'Migrate the DB schema.') });
    expect(s.text).toContain('## Goal\nMigrate the DB schema.');
  });

  it('is capped at max_summary_tokens', () => {
    const { messages } = loadOpenAiChat('django__django-11910.traj.json');
    const s = simulateSummary(messages, { ...opts, maxTokens: 120 });
    expect(s.output_tokens).toBeLessThanOrEqual(120);
    expect(s.truncated).toBe(true);
    expect(s.text.startsWith(SIMULATED_SUMMARY_LABEL)).toBe(true);
    expect(simulateSummary(messages, opts).truncated).toBe(false);
  });

  it('counts tool results that report errors (mini-swe-agent returncode)', () => {
    const window = [
      msg(0, 'assistant', '', { tool_calls: [call('a'), call('b')] }),
      result(1, 'a', '<returncode>1</returncode>\n<output>boom</output>'),
      result(2, 'b', '<returncode>0</returncode>\n<output>fine</output>'),
    ];
    expect(simulateSummary(window, opts).text).toContain('Tool results reporting errors: 1');
  });

  it('is deterministic', () => {
    const { messages } = loadOpenAiChat('astropy__astropy-12907.traj.json');
    expect(simulateSummary(messages.slice(2, 60), opts)).toEqual(simulateSummary(messages.slice(2, 60), opts));
  });
});
