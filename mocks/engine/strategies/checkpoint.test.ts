import { describe, expect, it } from 'vitest';
import { commitProposal } from '../apply';
import { runCompaction } from '../pipeline';
import { input, msg, parallelSession } from '../test-support/build';
import { compactedProblems } from '../test-support/invariants';
import { loadOpenAiChat } from '../test-support/load-transcripts';

const TARGET = 19_200;

describe('checkpoint', () => {
  const { messages } = loadOpenAiChat('astropy__astropy-12907.traj.json');

  it('returns pending with the sub-strategy proposal computed as a dry run', () => {
    const out = runCompaction(input(messages, { strategy: 'checkpoint', summarize: { enabled: false } }));
    expect(out.kind).toBe('pending');
    if (out.kind !== 'pending') return;
    const p = out.proposal;
    expect(p.record).toMatchObject({ strategy: 'checkpoint', dry_run: true });
    expect(p.record.fallback_chain).toEqual([
      { strategy: 'checkpoint', outcome: 'ok', reason: expect.stringMatching(/^compaction_pending: proposal computed with sub_strategy drop/) },
      { strategy: 'drop', outcome: 'ok', reason: null },
    ]);
    expect(out.audit.map((a) => a.type)).toEqual(['compaction.triggered']);
    expect(out.audit[0]?.data).toMatchObject({ strategy: 'checkpoint', dry_run: false });
    expect(p.audit.every((a) => a.data.dry_run === true)).toBe(true);
    expect(compactedProblems(messages, p, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
    expect(p.record.after_estimate).toBeLessThanOrEqual(TARGET);
    // the proposal is exactly what the sub-strategy would do
    const direct = runCompaction(input(messages, { strategy: 'drop', summarize: { enabled: false } }));
    expect(direct.kind === 'compacted' && direct.superseded_ids).toEqual(p.superseded_ids);
  });

  it('proposes a summary with sub_strategy summarize', () => {
    const out = runCompaction(input(messages, { strategy: 'checkpoint', checkpoint: { sub_strategy: 'summarize' } }));
    if (out.kind !== 'pending') throw new Error(out.kind);
    expect(out.proposal.summary_message?.content.startsWith('[simulated summary]')).toBe(true);
    expect(out.proposal.record.fallback_chain.map((s) => s.strategy)).toEqual(['checkpoint', 'summarize']);
    expect(compactedProblems(messages, out.proposal, { reservedOutput: 1_000, target: TARGET })).toEqual([]);
  });

  it('records a summarizer failure inside the proposal', () => {
    const base = input(messages, { strategy: 'checkpoint', checkpoint: { sub_strategy: 'summarize' } });
    const out = runCompaction({ ...base, summarizer: { ...base.summarizer, fail: true } });
    if (out.kind !== 'pending') throw new Error(out.kind);
    expect(out.proposal.record.fallback_occurred).toBe(true);
    expect(out.proposal.record.fallback_chain.map((s) => [s.strategy, s.outcome])).toEqual([
      ['checkpoint', 'ok'],
      ['summarize', 'error'],
      ['drop', 'ok'],
    ]);
  });

  it('a dry run of checkpoint returns the proposal itself', () => {
    const out = runCompaction(input(messages, { strategy: 'checkpoint' }, { dryRun: true }));
    expect(out.kind).toBe('compacted');
    if (out.kind === 'compacted') expect(out.record).toMatchObject({ strategy: 'checkpoint', dry_run: true });
  });

  it('does not pause the session for nothing: no-op when nothing would be superseded', () => {
    const out = runCompaction(input([msg(0, 'system', 's'), msg(1, 'user', 'hi')], { strategy: 'checkpoint' }));
    expect(out.kind).toBe('noop');
  });

  it('an approved proposal commits as a non-dry-run record', () => {
    const out = runCompaction(input(parallelSession(30), { strategy: 'checkpoint' }));
    if (out.kind !== 'pending') throw new Error(out.kind);
    const committed = commitProposal(out.proposal);
    expect(committed.record.dry_run).toBe(false);
    expect(committed.audit.every((a) => a.data.dry_run === false)).toBe(true);
    expect(committed.superseded_ids).toEqual(out.proposal.superseded_ids);
    expect(out.proposal.record.dry_run).toBe(true);
  });
});
