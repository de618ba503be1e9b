// The diff's first render, server-rendered from a real proposal (the Claude Code transcript with
// parallel tool calls, through the simulated daemon's dry run): what a reviewer sees first.
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { dryRun } from '../../../mocks/daemon/services/compaction-service';
import { seededStore } from '../../../mocks/daemon/seeding/test-support/normal-seed';
import type { Schemas } from '../../domain/contract/types';
import { beforeOfProposal, buildDiffModel } from '../../domain/diff/align';
import { DiffView } from './diff-view';
import { DryRunDiff } from './dry-run-diff';

let result: Schemas['DryRunResult'];

beforeAll(async () => {
  const store = await seededStore();
  // The estimate holds the session's system prompt and tool definitions (26k tokens by its first call's
  // usage): 0.3 of the 200k window is the lowest target a summary can reach here.
  result = dryRun(store, 'ses_4d5611e5-241', { agent_path: 'primary', strategy: 'summarize', upper_threshold: 0.4, lower_threshold: 0.3 });
}, 60_000);

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

describe('the dry-run diff, first render', () => {
  it('shows the totals against the thresholds and the first rows aligned', () => {
    const html = renderToString(<DryRunDiff result={result} initialRect={{ width: 1400, height: 900 }} />);
    const t = text(html);
    expect(t).toContain('Messages kept 56 of 162');
    expect(t).toContain('Superseded 107');
    expect(t).toContain('under the lower threshold');
    expect(t).toContain('kept: first operator message');
    expect(t).toContain('summary · replaces 107');
    expect(t).toContain('new: inserted by the compaction');
    expect(html).toContain('diff-cell--before diff-cell--superseded');
    expect(html.match(/role="meter"/g)).toHaveLength(2);
  });

  it('renders only the first window of rows, and folds the unchanged tail', () => {
    const model = buildDiffModel(beforeOfProposal(result.messages, result.record), result.messages);
    const html = renderToString(<DiffView model={model} initialRect={{ width: 1400, height: 640 }} />);
    const rows = html.match(/role="row"/g)?.length ?? 0;
    expect(rows).toBeGreaterThan(5);
    expect(rows).toBeLessThan(30);
    expect(text(html)).toMatch(/Unfold all \(1 run\)/);
  });

  it('says when the proposed list names a message id twice, and still draws the diff', () => {
    const twice = { ...result, messages: result.messages.map((m, i) => (i === 3 || i === 9 ? { ...m, id: (result.messages[1] as Schemas['Message']).id } : m)) };
    const t = text(renderToString(<DryRunDiff result={twice} initialRect={{ width: 1400, height: 900 }} />));
    expect(t).toContain("In the daemon's proposed list, 2 messages reuse the id of an earlier message.");
    expect(t).toContain('kept: first operator message');
    expect(text(renderToString(<DryRunDiff result={result} initialRect={{ width: 1400, height: 900 }} />))).not.toContain('the id of an earlier message');
  });

  it('renders message contents as text', () => {
    const evil = { ...result, messages: result.messages.map((m, i) => (i === 0 ? { ...m, content: '<img src=x onerror=alert(1)>' } : m)) };
    const html = renderToString(<DryRunDiff result={evil} initialRect={{ width: 1400, height: 900 }} />);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
