import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { beforeOfProposal, buildDiffModel } from '../../../src/domain/diff/align';
import { headerTotals, proposalFigures, wholeFigures } from '../../../src/domain/diff/proposal-figures';
import type { Schemas } from '../../store/types';
import { seededStore } from '../seeding/test-support/normal-seed';
import { answerDryRun } from './dry-run-service';

type DryRunResult = Schemas['DryRunResult'];

const STRATEGIES = ['drop', 'summarize', 'delegate', 'checkpoint'] as const;

/**
 * The whole answer of every seeded agent's dry run under every strategy and two lower thresholds, at
 * one instant (the summary message is dated when the dry run runs), its proposal's name left out
 * (a new one each time).
 */
async function everyAnswer(): Promise<{ label: string; answer: DryRunResult }[]> {
  const store = await seededStore();
  store.clock = () => new Date('2026-11-28T03:00:00.000Z');
  const out: { label: string; answer: DryRunResult }[] = [];
  for (const session of store.sessions.values()) {
    for (const agent of session.agents) {
      for (const strategy of STRATEGIES) {
        for (const lower of [0.3, 0.1]) {
          const { proposal_id: _id, ...answer } = answerDryRun(store, session.id, { agent_path: agent.agent_path, strategy, lower_threshold: lower }, null);
          out.push({ label: `${session.id} ${agent.agent_path} ${strategy} ${lower}`, answer });
        }
      }
    }
  }
  return out;
}

describe("the dry run's answers after its steps were made cheaper (session 13)", () => {
  let answers: { label: string; answer: DryRunResult }[];
  beforeAll(async () => {
    answers = await everyAnswer();
  });

  it('are byte for byte what they were before (8d14dd2), on every seeded agent under every strategy', () => {
    expect(answers.length).toBeGreaterThanOrEqual(100);
    const digest = createHash('sha256');
    for (const { answer } of answers) digest.update(JSON.stringify(answer));
    expect(digest.digest('hex')).toBe('c2a5f8914a01f3efba37f4f234acb07cc8059c8a2dd0c551fd4e6739d6da7c31');
  });

  it("carry the whole figures of the diff's own model of the whole list, as the page draws it once the rest is read", () => {
    for (const { label, answer } of answers) {
      const totals = buildDiffModel(beforeOfProposal(answer.messages, answer.record), answer.messages).totals;
      // The page's figures of the whole list: the proposal's sums and the header's counts.
      const page = { ...proposalFigures(answer), ...headerTotals(answer, totals) };
      const w = wholeFigures(answer);
      const sent = [w.pruned_count, w.pruned_tokens, w.superseded_count, w.superseded_tokens, w.summary_tokens, w.pinned, w.tool_exchanges, w.parallel_exchanges, w.split_exchanges];
      expect(sent, label).toEqual([page.prunedCount, page.pruned, page.supersededCount, page.superseded, page.summary, page.pinned, page.groups, page.parallelGroups, page.split]);
    }
  });
});
