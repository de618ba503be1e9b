// Loads the fixture transcripts the simulator seeds itself with (mocks/fixtures/transcripts/
// claude-code and openai-chat) through the importers, without touching the file system itself: the
// caller hands in a reader and the listing. The Node adapter is node-fixtures.ts, the browser
// (Vite) adapter is browser-fixtures.ts. The Codex and Gemini CLI fixtures are for the importers'
// tests and the re-read measure: not seeded (they would change the demo every screen is tested on).

import { importClaudeCode, isSubagentFileName, sessionFileOfSubagent, type SubagentFile } from '../../src/domain/transcripts/claude-code-session';
import { baseName } from '../../src/domain/transcripts/common';
import { importOpenAiChat } from '../../src/domain/transcripts/openai-chat';
import type { ImportedTranscript } from '../../src/domain/transcripts/types';

/** Every file under mocks/fixtures/transcripts/, relative to it (a test checks it against the directory). */
export const FIXTURE_FILES: readonly string[] = [
  'claude-code/4d5611e5-241a-462a-8d15-5122611a9569.jsonl',
  'claude-code/4d5611e5-241a-462a-8d15-5122611a9569__subagents__agent-a2898e3.jsonl',
  'claude-code/4d5611e5-241a-462a-8d15-5122611a9569__subagents__agent-acompact-e1f845.jsonl',
  'claude-code/ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl',
  'claude-code/ae4a77f8-aedd-4bc1-888f-c94edc91af04__subagents__agent-aac57f5.jsonl',
  'claude-code/ae4a77f8-aedd-4bc1-888f-c94edc91af04__subagents__agent-acompact-946d2b.jsonl',
  'claude-code/short.jsonl',
  'claude-code/subagent.jsonl',
  'claude-code/tool_heavy.jsonl',
  'openai-chat/astropy__astropy-12907.traj.json',
  'openai-chat/django__django-11133.traj.json',
  'openai-chat/django__django-11910.traj.json',
  'codex-rollout/rollout-2026-02-23T12-40-23-019c8a4c-ed82-79a1-aa28-7738fc5ab61a.jsonl',
  'codex-rollout/rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl',
  'codex-rollout/rollout-2026-02-23T12-47-42-019c8a53-a0dd-7130-bcd7-95445d84846a.jsonl',
  'codex-rollout/rollout-2026-02-23T12-54-34-019c8a59-e9dd-71f0-9ae3-4079fe9726a9.jsonl',
  'codex-rollout/rollout-2026-02-23T20-34-25-019c8bfe-ec25-79e0-97d7-bda6a9c575ff.jsonl',
  'codex-rollout/rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl',
  'gemini-cli/logs.json',
  'gemini-cli/session-2025-12-01T21-45-5b959dae.json',
  'gemini-cli/session-2025-12-28T03-31-4eb0784d.json',
  'gemini-cli/session-2026-01-11T00-25-17b4d5e9.json',
];

/** The fixture folders the simulator seeds itself with. */
const SEEDED_FIXTURE_FOLDERS: readonly string[] = ['claude-code', 'openai-chat'];

/** Whether a fixture path (relative to the transcripts folder) is one the simulator seeds itself with. */
export function isSeededFixture(relPath: string): boolean {
  return SEEDED_FIXTURE_FOLDERS.includes(relPath.split('/')[0] ?? '');
}

export type ReadFixture = (relPath: string) => string;

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Imports every transcript in `listing` (paths relative to the transcripts folder, as
 * `readFile` understands them). `.jsonl` files are Claude Code sessions, with their
 * `A__subagents__B.jsonl` files grouped under session A; `.json` files are OpenAI-chat
 * trajectories; anything else is ignored. Returns the transcripts sorted by file name.
 * Importer warnings go to `onWarning`; a file that fails to import is reported there and left out.
 */
export function loadFixtureTranscripts(
  readFile: ReadFixture,
  listing: readonly string[],
  onWarning: (warning: string) => void = () => {},
): ImportedTranscript[] {
  const sessions: string[] = [];
  const trajectories: string[] = [];
  const subagentsBySession = new Map<string, string[]>();
  for (const path of [...listing].sort(byName)) {
    const name = baseName(path);
    if (name.endsWith('.jsonl')) {
      if (isSubagentFileName(name)) {
        const dir = path.slice(0, path.length - name.length);
        const session = `${dir}${sessionFileOfSubagent(name) ?? ''}`;
        subagentsBySession.set(session, [...(subagentsBySession.get(session) ?? []), path]);
      } else sessions.push(path);
    } else if (name.endsWith('.json')) trajectories.push(path);
  }
  for (const [session, files] of subagentsBySession) {
    if (!sessions.includes(session)) onWarning(`${files.join(', ')}: no session file ${session} in the listing; skipped`);
  }

  const out: ImportedTranscript[] = [];
  const attempt = (path: string, run: () => { transcript: ImportedTranscript; warnings: string[] }): void => {
    try {
      const { transcript, warnings } = run();
      warnings.forEach(onWarning);
      out.push(transcript);
    } catch (err) {
      onWarning(`${path}: not imported: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  for (const path of sessions) {
    attempt(path, () => {
      const subagents: SubagentFile[] = (subagentsBySession.get(path) ?? []).map((p) => ({
        name: baseName(p),
        text: readFile(p),
      }));
      return importClaudeCode(readFile(path), baseName(path), subagents);
    });
  }
  for (const path of trajectories) attempt(path, () => importOpenAiChat(readFile(path), baseName(path)));

  return out.sort((a, b) => byName(a.source_file, b.source_file));
}
