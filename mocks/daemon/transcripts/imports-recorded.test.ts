import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importClaudeCode, isSubagentFileName, sessionFileOfSubagent } from '../../../src/domain/transcripts/claude-code-session';
import { importCodexRollout } from '../../../src/domain/transcripts/codex';
import { baseName } from '../../../src/domain/transcripts/common';
import { importGeminiCli } from '../../../src/domain/transcripts/gemini-cli';
import { importOpenAiChat } from '../../../src/domain/transcripts/openai-chat';
import type { ImportedCompaction, ImportedTranscript } from '../../../src/domain/transcripts/types';
import { FIXTURES_DIR, listFixtureFiles } from '../../importers/node-fixtures';
import { Store } from '../../store/store';
import { importFiles } from './imports';

/**
 * An imported session shows exactly what happened in it, for every fixture of every format: its
 * recorded compactions and no invented ones, tokens before as recorded, the real summary, no plugin
 * it never had, nothing simulated. The transcripts are read here by the format importers alone, so
 * the expectation does not come from the code under test.
 */
const read = (rel: string) => readFileSync(join(FIXTURES_DIR, rel), 'utf8');

function parsedFixtures(): ImportedTranscript[] {
  const files = listFixtureFiles();
  const out: ImportedTranscript[] = [];
  for (const rel of files) {
    const name = baseName(rel);
    if (rel.startsWith('claude-code/') && !isSubagentFileName(name)) {
      const subs = files.filter((f) => isSubagentFileName(baseName(f)) && sessionFileOfSubagent(baseName(f)) === name).map((f) => ({ name: baseName(f), text: read(f) }));
      out.push(importClaudeCode(read(rel), name, subs).transcript);
    } else if (rel.startsWith('openai-chat/')) out.push(importOpenAiChat(read(rel), name).transcript);
    else if (rel.startsWith('codex-rollout/')) out.push(importCodexRollout(read(rel), name).transcript);
    else if (rel.startsWith('gemini-cli/session-')) out.push(importGeminiCli(read(rel), name).transcript);
  }
  return out;
}

const allCompactions = (t: ImportedTranscript): ImportedCompaction[] => [...t.compactions, ...t.subagents.flatMap((s) => s.compactions)];

describe('an imported fixture shows exactly what happened in it', () => {
  it('every fixture of every format: recorded compactions only, tokens before as recorded, real summaries, no plugins', async () => {
    const store = new Store();
    const files = listFixtureFiles().map((rel) => ({ name: rel, bytes: new Uint8Array(readFileSync(join(FIXTURES_DIR, rel))) }));
    const job = await importFiles(store, files);
    expect(job.state, job.error ?? '').toBe('done');
    const transcripts = parsedFixtures();
    expect(transcripts.length).toBe(17); // 5 Claude Code sessions (their subagent files joined), 3 OpenAI-chat, 6 Codex, 3 Gemini CLI
    let recordedSeen = 0;
    for (const t of transcripts) {
      const session = [...store.sessions.values()].find((s) => s.source.name === t.source_file);
      if (!session) throw new Error(`${t.source_file} not imported`);
      const expected = allCompactions(t);
      expect(session.compactions.map((r) => r.threshold_estimate), t.source_file).toEqual(expected.map((c) => (c.pre_tokens_source === 'none' ? expect.any(Number) : c.pre_tokens)));
      expect(session.compactions.map((r) => r.summary), t.source_file).toEqual(expected.map((c) => c.summary));
      for (const [k, r] of session.compactions.entries()) {
        expect(r.provenance.origin, t.source_file).toBe('recorded');
        expect(r.provenance.tokens_before).toBe(expected[k]!.pre_tokens_source === 'none' ? 'estimated' : 'recorded');
        if (expected[k]!.post_tokens != null) expect(r.after_estimate).toBe(expected[k]!.post_tokens);
        expect(r.plugins_fired).toEqual([]);
        expect(r.dry_run).toBe(false);
        expect(r.trigger).toBe(expected[k]!.trigger === 'auto' ? 'threshold_crossed' : 'operator_manual');
        recordedSeen += 1;
      }
      for (const a of session.agents) expect(a.plugins, `${t.source_file} ${a.agent_path}`).toEqual([]);
      expect(session.pending_checkpoint_id).toBeNull();
    }
    // The fixtures do record compactions (Claude Code, Codex): the test is not vacuous.
    expect(recordedSeen).toBeGreaterThanOrEqual(3);
    // Nothing simulated anywhere in the store: the importer ran no pipeline of its own.
    expect([...store.sessions.values()].flatMap((s) => s.compactions).filter((r) => r.provenance.origin !== 'recorded')).toEqual([]);
  }, 240_000);
});
