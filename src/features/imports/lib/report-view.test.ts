import { describe, expect, it } from 'vitest';
import type { ImportFileReport } from '../../../domain/contract/simulator-imports';
import { importedSessions, jobSummary, reportView } from './report-view';

const counts = { sessions: 1, agents: 2, messages: 480, tool_exchanges: 137, tool_calls: 150, parallel_calls: 11, recorded_compactions: 1, recorded_calls: 200 };

function report(over: Partial<ImportFileReport>): ImportFileReport {
  return {
    file: 'abc.jsonl',
    bytes: 10,
    sha256: 'f'.repeat(64),
    format: 'claude-code',
    role: 'session',
    outcome: 'imported',
    session_id: 'ses_ffff',
    agent_path: 'primary',
    message: 'Imported as ses_ffff.',
    counts,
    skipped: [],
    malformed: [],
    malformed_total: 0,
    warnings: [],
    tokens: null,
    ...over,
  };
}

describe('import report view', () => {
  it('shows a transcript\'s figures, what was skipped and why, and the malformed lines with their numbers', () => {
    const view = reportView(
      report({
        skipped: [{ reason: 'thinking blocks', count: 12 }, { reason: 'progress records', count: 1 }],
        malformed: [{ line: 1204, where: null, reason: 'Unexpected end of JSON input' }, { line: null, where: 'messages[3]', reason: 'no role' }],
        malformed_total: 5,
      }),
    );
    expect(view.tone).toBe('warn');
    expect(view.outcome).toBe('Imported');
    expect(view.format).toBe('Claude Code');
    expect(['codex-rollout', 'gemini-cli', 'openai-chat'].map((format) => reportView(report({ format: format as ImportFileReport['format'] })).format)).toEqual(['Codex CLI', 'Gemini CLI', 'OpenAI chat']);
    expect(view.figures).toEqual([
      { label: 'Sessions', value: 1 },
      { label: 'Agents', value: 2 },
      { label: 'Messages', value: 480 },
      { label: 'Tool exchanges', value: 137 },
      { label: 'Parallel calls', value: 11 },
      { label: 'Recorded compactions', value: 1 },
    ]);
    expect(view.skipped).toEqual(['12 records skipped: thinking blocks', '1 record skipped: progress records']);
    expect(view.malformed).toEqual(['Line 1,204: Unexpected end of JSON input', 'messages[3]: no role', '… and 3 more']);
  });

  it('a file that is not a transcript has no figures, only the message naming the formats expected', () => {
    const view = reportView(report({ format: null, role: 'not_a_transcript', outcome: 'rejected', session_id: null, agent_path: null, message: 'notes.txt: not a transcript. Expected Claude Code session JSONL …' }));
    expect(view).toMatchObject({ tone: 'danger', outcome: 'Not imported', format: null, figures: [], sessionId: null });
    expect(view.message).toMatch(/Expected Claude Code/);
  });

  it('a standalone subagent and an already imported file say so', () => {
    expect(reportView(report({ role: 'subagent', outcome: 'imported_standalone', warnings: ['its session was not among the files'] }))).toMatchObject({ tone: 'warn', outcome: 'Imported on its own', warnings: ['its session was not among the files'] });
    expect(reportView(report({ outcome: 'already_imported' }))).toMatchObject({ tone: 'neutral', outcome: 'Already imported', sessionId: 'ses_ffff' });
  });

  it('sums the job up and lists the sessions it touched once each', () => {
    const reports = [
      report({}),
      report({ file: 'abc/subagents/agent-1.jsonl', outcome: 'joined' }),
      report({ file: 'run.traj.json', session_id: 'ses_eeee', format: 'openai-chat' }),
      report({ file: 'copy.traj.json', session_id: 'ses_eeee', outcome: 'already_imported' }),
      report({ file: 'notes.txt', outcome: 'rejected', session_id: null }),
    ];
    expect(jobSummary(reports)).toBe('2 sessions imported, 1 file added to its session, 1 file already imported, 1 file not imported');
    expect(importedSessions(reports)).toEqual(['ses_ffff', 'ses_eeee']);
    expect(jobSummary([])).toBe('No files');
  });
});
