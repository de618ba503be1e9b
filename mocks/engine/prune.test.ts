import { describe, expect, it } from 'vitest';
import { estimateMessageTokens, estimateTextTokens, estimateTokens } from './estimate';
import { prunedNotice, prunedNoticeTokens, pruneToolOutputs } from './prune';
import { call, deepFreeze, filler, msg, result } from './test-support/build';
import { loadOpenAiChat } from './test-support/load-transcripts';
import type { Message, PruneConfig } from './types';

/** system, task, then one exchange per entry: [tool name, result tokens]. */
function session(results: Array<[string, number]>): Message[] {
  const out: Message[] = [msg(0, 'system', 'sys'), msg(1, 'user', 'task')];
  results.forEach(([tool, tokens], k) => {
    out.push(msg(out.length, 'assistant', '', { tool_calls: [call(`c${k}`, tool)] }));
    out.push(result(out.length, `c${k}`, filler(tokens, `r${k}`), tool));
  });
  return out;
}

const cfg = (over: Partial<PruneConfig> = {}): PruneConfig => ({
  protect_tokens: 1_000,
  minimum_savings: 0,
  protected_tools: ['read', 'skill'],
  ...over,
});

const pruned = (ms: Message[]) => ms.filter((m) => m.content.startsWith('[Pruned — ')).map((m) => m.id);

describe('pruneToolOutputs', () => {
  it('leaves everything when tool output fits in the protection window', () => {
    const ms = deepFreeze(session([['bash', 300], ['bash', 300], ['bash', 300]]));
    const out = pruneToolOutputs(ms, cfg());
    expect(out).toMatchObject({ prunedCount: 0, tokensSaved: 0 });
    expect(out.messages).toEqual(ms);
  });

  it('protects the most recent protect_tokens of tool output and prunes older results', () => {
    // newest → oldest: c4 (600, total 600), c3 (600, total 1200 > 1000 → pruned), c2, c1, c0 pruned
    const ms = deepFreeze(session([['bash', 600], ['bash', 600], ['bash', 600], ['bash', 600], ['bash', 600]]));
    const out = pruneToolOutputs(ms, cfg());
    expect(pruned(out.messages)).toEqual(['m3', 'm5', 'm7', 'm9']);
    expect(out.messages[11]?.content).toBe(ms[11]?.content);
    expect(out.messages[3]?.content).toBe(prunedNotice(600));
    expect(out.messages[3]?.content).toBe('[Pruned — 600 tokens]');
    expect(out.prunedCount).toBe(4);
    const noticeTokens = estimateTextTokens(prunedNotice(600));
    expect(out.tokensSaved).toBe(4 * (600 - noticeTokens));
    // savings are exactly the drop in the estimate; token_estimate is updated
    expect(estimateTokens(ms, 0) - estimateTokens(out.messages, 0)).toBe(out.tokensSaved);
    expect(out.messages[3]?.metadata.token_estimate).toBe(estimateMessageTokens(out.messages[3] ?? ms[0]!));
  });

  it('never prunes protected tools, and they do not use up the protection window', () => {
    const ms = session([['read', 600], ['bash', 600], ['read', 900], ['skill', 900], ['bash', 600]]);
    const out = pruneToolOutputs(ms, cfg());
    // bash results newest → oldest: m11 (600), m5 (1200 > 1000) → only m5 pruned
    expect(pruned(out.messages)).toEqual(['m5']);
    expect(out.messages[3]?.content).toBe(ms[3]?.content);
    expect(out.messages[7]?.content).toBe(ms[7]?.content);
  });

  it('honours a custom protected_tools list', () => {
    const ms = session([['bash', 600], ['bash', 600], ['bash', 600]]);
    expect(pruneToolOutputs(ms, cfg({ protected_tools: ['bash'] })).prunedCount).toBe(0);
    expect(pruneToolOutputs(ms, cfg({ protected_tools: [] })).prunedCount).toBe(2);
  });

  it('applies only when total savings exceed minimum_savings', () => {
    const ms = session([['bash', 600], ['bash', 600], ['bash', 600]]);
    const all = pruneToolOutputs(ms, cfg());
    expect(all.prunedCount).toBe(2);
    const exactly = pruneToolOutputs(ms, cfg({ minimum_savings: all.tokensSaved }));
    expect(exactly).toMatchObject({ prunedCount: 0, tokensSaved: 0 });
    expect(exactly.messages).toEqual(ms);
    expect(pruneToolOutputs(ms, cfg({ minimum_savings: all.tokensSaved - 1 })).prunedCount).toBe(2);
  });

  it('skips results whose notice would not be smaller, but still counts them', () => {
    const ms = session([['bash', 3], ['bash', 400], ['bash', 5], ['bash', 1_000]]);
    const out = pruneToolOutputs(ms, cfg({ protect_tokens: 1_000 }));
    // m9 fills the window exactly; m7 (5 tokens) and m3 (3) are beyond it, but a notice is ~6 tokens
    expect(estimateTextTokens(prunedNotice(5))).toBeGreaterThanOrEqual(5);
    expect(pruned(out.messages)).toEqual(['m5']);
  });

  it('does not mutate its input and leaves non-tool messages alone', () => {
    const ms = deepFreeze(session([['bash', 600], ['bash', 600], ['bash', 600]]));
    const out = pruneToolOutputs(ms, cfg());
    expect(out.messages.filter((m) => m.role !== 'tool')).toEqual(ms.filter((m) => m.role !== 'tool'));
    expect(ms[3]?.content.startsWith('[Pruned')).toBe(false);
  });

  it('on a real transcript: defaults leave it alone, a tight config prunes outside the protected tail', () => {
    const { messages } = loadOpenAiChat('django__django-11910.traj.json');
    const defaults = pruneToolOutputs(messages, { protect_tokens: 40_000, minimum_savings: 20_000, protected_tools: ['read', 'skill'] });
    expect(defaults.prunedCount).toBe(0);

    const out = pruneToolOutputs(messages, cfg({ protect_tokens: 10_000, minimum_savings: 5_000 }));
    expect(out.prunedCount).toBeGreaterThan(10);
    expect(out.tokensSaved).toBeGreaterThan(5_000);
    // the untouched tail of tool output is at most protect_tokens
    const lastPruned = Math.max(...out.messages.map((m, i) => (m.content.startsWith('[Pruned') ? i : -1)));
    const tail = messages.slice(lastPruned + 1).filter((m) => m.role === 'tool');
    expect(tail.reduce((n, m) => n + estimateTextTokens(m.content), 0)).toBeLessThanOrEqual(10_000);
    expect(out.messages).toHaveLength(messages.length);
  });
});

describe('prunedNoticeTokens', () => {
  it("is the notice's own count by the tokenizer, for every size to 20,000 and sizes of every length to 13 digits", () => {
    const sizes = Array.from({ length: 20_001 }, (_, k) => k);
    for (let p = 10; p <= 1e12; p *= 10) sizes.push(p - 1, p, p + 1, 3 * p + 7);
    for (const n of sizes) expect(prunedNoticeTokens(n), String(n)).toBe(estimateTextTokens(prunedNotice(n)));
  });
});
