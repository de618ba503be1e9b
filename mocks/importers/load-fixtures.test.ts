import { describe, expect, it } from 'vitest';
import { loadFixturesInBrowser } from './browser-fixtures';
import { FIXTURE_FILES, loadFixtureTranscripts } from './load-fixtures';
import { listFixtureFiles, loadFixturesFromDisk } from './node-fixtures';
import { checkToolPairing, countTranscript, unmergedResponses, type TranscriptCounts } from '../../src/domain/transcripts/transcript-checks';
import type { ImportedTranscript } from '../../src/domain/transcripts/types';

const warnings: string[] = [];
const transcripts = loadFixturesFromDisk(undefined, (w) => warnings.push(w));

/** Every transcript, subagents included, keyed by file name. */
const all = new Map<string, ImportedTranscript>();
for (const t of transcripts) {
  all.set(t.source_file, t);
  for (const s of t.subagents) all.set(s.source_file, s);
}

type Expected = TranscriptCounts & { danglingCalls: number };
// Verified against the data. The README's "137 tool-use messages, 11 with parallel calls"
// and "215 tool-use messages, 18 parallel" hold for the two long sessions.
const EXPECTED: Record<string, Expected> = {
  '4d5611e5-241a-462a-8d15-5122611a9569.jsonl': { messages: 292, toolCalls: 150, toolUseMessages: 137, parallelMessages: 11, compactions: 1, danglingCalls: 0 },
  '4d5611e5-241a-462a-8d15-5122611a9569__subagents__agent-a2898e3.jsonl': { messages: 46, toolCalls: 33, toolUseMessages: 11, parallelMessages: 5, compactions: 0, danglingCalls: 0 },
  'ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl': { messages: 461, toolCalls: 242, toolUseMessages: 215, parallelMessages: 18, compactions: 1, danglingCalls: 0 },
  'ae4a77f8-aedd-4bc1-888f-c94edc91af04__subagents__agent-aac57f5.jsonl': { messages: 16, toolCalls: 12, toolUseMessages: 2, parallelMessages: 2, compactions: 0, danglingCalls: 0 },
  'short.jsonl': { messages: 5, toolCalls: 2, toolUseMessages: 1, parallelMessages: 1, compactions: 0, danglingCalls: 0 },
  'subagent.jsonl': { messages: 31, toolCalls: 16, toolUseMessages: 11, parallelMessages: 3, compactions: 0, danglingCalls: 0 },
  'tool_heavy.jsonl': { messages: 14, toolCalls: 6, toolUseMessages: 4, parallelMessages: 2, compactions: 0, danglingCalls: 0 },
  // mini-swe-agent: one call per response (no parallel calls), and the final call of each
  // run is dangling (see below).
  'astropy__astropy-12907.traj.json': { messages: 129, toolCalls: 64, toolUseMessages: 64, parallelMessages: 0, compactions: 0, danglingCalls: 1 },
  'django__django-11133.traj.json': { messages: 265, toolCalls: 132, toolUseMessages: 132, parallelMessages: 0, compactions: 0, danglingCalls: 1 },
  'django__django-11910.traj.json': { messages: 277, toolCalls: 138, toolUseMessages: 138, parallelMessages: 0, compactions: 0, danglingCalls: 1 },
};

describe('fixture files', () => {
  it('FIXTURE_FILES matches mocks/fixtures/transcripts/', () => {
    expect([...FIXTURE_FILES].sort()).toEqual(listFixtureFiles());
  });
});

describe('loadFixturesFromDisk', () => {
  it('imports every fixture without warnings, sorted by file name, subagents grouped', () => {
    expect(warnings).toEqual([]);
    expect(transcripts.map((t) => t.source_file)).toEqual([
      '4d5611e5-241a-462a-8d15-5122611a9569.jsonl',
      'ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl',
      'astropy__astropy-12907.traj.json',
      'django__django-11133.traj.json',
      'django__django-11910.traj.json',
      'short.jsonl',
      'subagent.jsonl',
      'tool_heavy.jsonl',
    ]);
    expect(transcripts.map((t) => t.subagents.length)).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
    expect([...all.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s has the expected counts', (file, expected) => {
    const t = all.get(file)!;
    const { danglingCalls, ...counts } = expected;
    expect(countTranscript(t)).toEqual(counts);
    expect(checkToolPairing(t).danglingCalls).toHaveLength(danglingCalls);
  });
});

describe.each([...all.keys()])('invariants of %s', (file) => {
  const t = all.get(file)!;
  const pairing = checkToolPairing(t);

  it('every tool message answers a call of an earlier assistant message', () => {
    expect(pairing.orphanResults).toEqual([]);
    expect(t.messages.filter((m) => m.role === 'tool').every((m) => m.tool_name !== null)).toBe(true);
  });

  it('call ids are unique and answered at most once', () => {
    expect(pairing.duplicateCallIds).toEqual([]);
    expect(pairing.multiplyAnswered).toEqual([]);
  });

  it('every call has a result, except the final submit of a mini-swe-agent run', () => {
    if (t.format === 'claude-code') {
      expect(pairing.danglingCalls).toEqual([]);
      return;
    }
    // mini-swe-agent ends a run when the agent's command prints
    // COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT: the output is recorded as the submission in
    // the "exit" entry (skipped), not as a tool message. So exactly one call dangles: the
    // only call of the last message.
    expect(pairing.danglingCalls).toHaveLength(1);
    const last = t.messages[t.messages.length - 1]!;
    expect(pairing.danglingCalls[0]!.messageIndex).toBe(t.messages.length - 1);
    expect(last.role).toBe('assistant');
    expect(last.tool_calls).toHaveLength(1);
    expect(last.tool_calls[0]!.arguments).toContain('COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT');
  });

  it('no two consecutive assistant messages come from the same response', () => {
    expect(unmergedResponses(t)).toEqual([]);
  });

  it('has well-formed fields', () => {
    expect(t.title.length).toBeGreaterThan(0);
    expect(Array.from(t.title).length).toBeLessThanOrEqual(80);
    expect(t.model).toMatch(/^[a-z]+:.+/);
    for (const m of t.messages) {
      expect(new Date(m.created_at).toISOString()).toBe(m.created_at);
      if (m.role !== 'assistant') expect(m.tool_calls).toEqual([]);
      if (m.role !== 'tool') expect([m.tool_call_id, m.tool_name, m.is_error]).toEqual([null, null, false]);
      for (const c of m.tool_calls) expect(() => JSON.parse(c.arguments) as unknown).not.toThrow();
    }
    for (const c of t.compactions) {
      expect(c.boundary_index).toBeGreaterThan(0);
      expect(c.boundary_index).toBeLessThanOrEqual(t.messages.length);
      expect(c.summary.length).toBeGreaterThan(0);
      expect(c.summarizer).not.toBeNull();
    }
  });
});

describe('loadFixtureTranscripts (environment-agnostic)', () => {
  it('groups subagents by name, warns about orphans, ignores other files, reports failures', () => {
    const files: Record<string, string> = {
      'cc/s1.jsonl': '{"type":"user","sessionId":"s1","uuid":"u","timestamp":"2026-01-01T00:00:00Z","message":{"role":"user","content":"hi"}}',
      'cc/s1__subagents__agent-b.jsonl':
        '{"type":"user","sessionId":"s1","agentId":"b","uuid":"v","timestamp":"2026-01-01T00:00:01Z","message":{"role":"user","content":"sub"}}',
      'cc/lost__subagents__agent-c.jsonl': '{}',
      'cc/broken.jsonl': 'nope',
      'notes.txt': 'ignored',
    };
    const seen: string[] = [];
    const out = loadFixtureTranscripts((p) => files[p]!, Object.keys(files), (w) => seen.push(w));
    expect(out.map((t) => t.source_file)).toEqual(['s1.jsonl']);
    expect(out[0]!.subagents.map((s) => [s.external_id, s.title])).toEqual([['agent-b', 'sub']]);
    expect(seen).toEqual([
      'cc/lost__subagents__agent-c.jsonl: no session file cc/lost.jsonl in the listing; skipped',
      'cc/broken.jsonl: not imported: broken.jsonl: no conversation found (0 readable records, 1 unreadable lines, no user/assistant/tool message)',
    ]);
  });
});

describe('loadFixturesInBrowser (import.meta.glob)', () => {
  it('loads the same transcripts as the Node adapter', async () => {
    const fromGlob = await loadFixturesInBrowser();
    expect(fromGlob).toEqual(transcripts);
  });
});
