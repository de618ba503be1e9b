// Claude Code files of an import grouped into sessions: subagent files (`A__subagents__B.jsonl`,
// `A/subagents/B.jsonl`, or records with agentId / isSidechain) join the session whose records share
// their sessionId (else whose file name is A). A subagent file whose session is not among the files
// is imported on its own with a warning; a compaction agent file (agent-acompact-*) alone is
// reported, never dropped silently.

import { importClaudeCodeParsed, importClaudeCodeSubagentAlone, isCompactionAgentFileName, isSubagentWindow } from '../../src/domain/transcripts/claude-code-session';
import { baseName, stringOrNull } from '../../src/domain/transcripts/common';
import type { ParsedJsonl } from '../../src/domain/transcripts/jsonl';
import { refused, reportsOf, type PreparedFile, type SourceFile } from './reports';
import { withTokenProfiles } from './token-profile';
import type { PreparedUnit } from './units';

export interface ClaudeFile {
  source: SourceFile;
  parsed: ParsedJsonl;
}

/** The records' sessionId of a parsed Claude Code file. */
function sessionIdOf(file: ParsedJsonl): string | null {
  for (const { record } of file.lines) {
    const id = stringOrNull(record.sessionId);
    if (id) return id;
  }
  return null;
}

/** The session file name a subagent file's name points to: A of `A__subagents__B.jsonl` or of `…/A/subagents/B.jsonl`. */
function sessionNameFromPath(name: string): string | null {
  const flat = /^(.*)__subagents__[^/\\]+$/.exec(baseName(name));
  if (flat?.[1]) return `${flat[1]}.jsonl`;
  const parts = name.split(/[/\\]/);
  const at = parts.lastIndexOf('subagents');
  return at >= 1 ? `${parts[at - 1]}.jsonl` : null;
}

function looksLikeSubagentName(name: string): boolean {
  return /__subagents__/.test(baseName(name)) || /(^|[/\\])subagents[/\\][^/\\]+$/.test(name);
}

/** Imports the Claude Code files of an import as sessions, pausing after each. */
export async function claudeCodeUnits(claude: readonly ClaudeFile[], pause: () => Promise<void>, units: PreparedUnit[], rejected: PreparedFile[]): Promise<void> {
  // Claude Code: sessions first, then the subagent and compaction agent files that join them.
  const isSub = (c: (typeof claude)[number]) => isCompactionAgentFileName(c.source.name) || looksLikeSubagentName(c.source.name) || isSubagentWindow(c.parsed);
  const mains = claude.filter((c) => !isSub(c));
  const subs = claude.filter(isSub);
  const joins = new Map<(typeof mains)[number], (typeof subs)[number][]>();
  const lone: (typeof subs)[number][] = [];
  for (const s of subs) {
    const sid = sessionIdOf(s.parsed);
    const wanted = sessionNameFromPath(s.source.name);
    const owner = mains.find((m) => sid !== null && sessionIdOf(m.parsed) === sid) ?? mains.find((m) => wanted !== null && baseName(m.source.name) === wanted);
    if (owner) joins.set(owner, [...(joins.get(owner) ?? []), s]);
    else lone.push(s);
  }
  for (const m of mains) {
    const joined = joins.get(m) ?? [];
    try {
      const result = importClaudeCodeParsed(m.parsed, joined.map((j) => j.parsed));
      const acompact = joined.filter((j) => isCompactionAgentFileName(j.source.name)).map((j) => j.source);
      const windows = joined.filter((j) => !isCompactionAgentFileName(j.source.name)).map((j) => j.source);
      units.push({ transcript: withTokenProfiles(result.transcript), sha256: m.source.sha256, files: reportsOf(result, m.source, 'session', windows, acompact) });
    } catch (err) {
      rejected.push(refused(m.source, 'claude-code', err instanceof Error ? err.message : String(err)));
      for (const j of joined) rejected.push(refused(j.source, 'claude-code', `${j.source.name}: not imported: its session ${m.source.name} could not be imported`));
    }
    await pause();
  }
  for (const s of lone) {
    const sid = sessionIdOf(s.parsed);
    if (isCompactionAgentFileName(s.source.name)) {
      rejected.push({
        ...refused(s.source, 'claude-code', `${s.source.name}: the compaction agent's own call of session ${sid ?? '(unknown)'}; it has nothing to import without that session. Import it together with ${sid ?? 'the session'}.jsonl.`),
        role: 'compaction_agent',
      });
      continue;
    }
    try {
      const result = importClaudeCodeSubagentAlone(s.parsed);
      units.push({ transcript: withTokenProfiles(result.transcript), sha256: s.source.sha256, files: reportsOf(result, s.source, 'subagent', [], []) });
    } catch (err) {
      rejected.push(refused(s.source, 'claude-code', err instanceof Error ? err.message : String(err)));
    }
    await pause();
  }
}
