import { describe, expect, it } from 'vitest';
import { agentFits, AGENT_FIT_CHARS, strategyBadgesFit, triggerFits } from './cell-fit';

describe('ledger cells drawn without a clip', () => {
  it('lets the known short trigger words through, not the long one nor an unknown trigger', () => {
    expect(triggerFits('threshold_crossed')).toBe(true);
    expect(triggerFits('hook_requested')).toBe(true);
    expect(triggerFits('provider_overflow_retry')).toBe(false);
    expect(triggerFits('a_trigger_from_a_newer_daemon')).toBe(false);
    expect(triggerFits('toString')).toBe(false);
  });

  it('lets short printable ASCII agent paths through, not long or wide text', () => {
    expect(agentFits('primary')).toBe(true);
    expect(agentFits('x'.repeat(AGENT_FIT_CHARS))).toBe(true);
    expect(agentFits('x'.repeat(AGENT_FIT_CHARS + 1))).toBe(false);
    expect(agentFits('研究者')).toBe(false);
    expect(agentFits('tab\there')).toBe(false);
  });

  it('lets one or two short known strategy badges through, not three, long pairs or unknown words', () => {
    expect(strategyBadgesFit('checkpoint', null, false)).toBe(true);
    expect(strategyBadgesFit('checkpoint', null, true)).toBe(true);
    expect(strategyBadgesFit('delegate', 'delegate', false)).toBe(true);
    // "checkpoint" and "→ checkpoint": 22 characters, too close to the column's edge.
    expect(strategyBadgesFit('checkpoint', 'checkpoint', false)).toBe(false);
    expect(strategyBadgesFit('drop', 'drop', true)).toBe(false);
    expect(strategyBadgesFit('drop', 'a_newer_strategy', false)).toBe(false);
    expect(strategyBadgesFit('a_newer_strategy', null, false)).toBe(false);
    expect(strategyBadgesFit('constructor', null, false)).toBe(false);
  });
});
