import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importClaudeCode } from '../../../src/domain/transcripts/claude-code-session';
import { rereadAfterCompactions } from '../../../src/domain/transcripts/reread';
import { FIXTURES_DIR, listFixtureFiles } from '../../importers/node-fixtures';
import { profileTokens } from '../../importers/token-profile';
import { Store } from '../../store/store';
import { importFiles } from './imports';
import { seedTranscriptSession } from './transcript-session';

const CLAUDE = 'claude-code/4d5611e5-241a-462a-8d15-5122611a9569.jsonl';

describe('re-read after compaction on the records of a transcript session', () => {
  it('every recorded compaction of every imported fixture carries the measure, its calls pointing at the session’s messages', async () => {
    const store = new Store();
    const files = listFixtureFiles().map((rel) => ({ name: rel, bytes: new Uint8Array(readFileSync(join(FIXTURES_DIR, rel))) }));
    const job = await importFiles(store, files);
    expect(job.state, job.error ?? '').toBe('done');
    const records = [...store.sessions.values()].flatMap((s) => s.compactions.map((r) => ({ s, r })));
    expect(records.length).toBeGreaterThan(0);
    let calls = 0;
    for (const { s, r } of records) {
      expect(r.reread_after, `${s.source.name} ${r.id}`).not.toBeNull();
      const m = r.reread_after!;
      expect(m.raw.calls).toBe(m.calls.length);
      expect(m.adjusted.calls + m.excluded.written_since_read + m.excluded.read_before_edit).toBe(m.raw.calls);
      const messages = new Map(s.agents.flatMap((a) => a.messages).map((x) => [x.id, x]));
      for (const c of m.calls) {
        calls++;
        const call = messages.get(c.message_id ?? '');
        expect(call?.tool_calls.some((tc) => tc.name === c.tool)).toBe(true);
        if (c.result_message_id !== null) expect(messages.get(c.result_message_id)?.role).toBe('tool');
      }
    }
    expect(calls).toBeGreaterThan(0);
  }, 120_000);

  it('is the domain measure of the transcript at its token profile’s sizes, not a copy', () => {
    const t = importClaudeCode(readFileSync(join(FIXTURES_DIR, CLAUDE), 'utf8'), 'a.jsonl', []).transcript;
    const store = new Store();
    const session = seedTranscriptSession(store, t, { id: 'ses_r', project_id: 'p' });
    const expected = rereadAfterCompactions(t, profileTokens(t).sizes);
    const recorded = session.compactions.filter((r) => r.agent_path === 'primary');
    expect(recorded.map((r) => [r.reread_after?.raw, r.reread_after?.adjusted, r.reread_after?.not_in_summary])).toEqual(expected.map((e) => [e.raw, e.adjusted, e.not_in_summary]));
    expect(expected[0]!.raw.calls).toBeGreaterThan(0);
  });
});
