import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../domain/contract/types';
import { auditWhat, sessionName, TITLE_HOVER_MAX } from './audit-what';

const event = (type: Schemas['AuditEvent']['type'], data: Record<string, unknown>): Schemas['AuditEvent'] => ({
  id: 'a1', type, at: '2026-11-27T06:00:00Z', session_id: 's', run_id: null, agent_path: 'primary', compaction_id: null, actor: 'op', data,
});
const labels = new Map([['upper_threshold', 'Upper threshold'], ['strategy', 'Strategy']]);

describe('auditWhat', () => {
  it('a config change: each knob by its label, old → new, thresholds in percent, a return to inheriting said', () => {
    const what = auditWhat(event('config.changed', { version: 3, changes: [
      { key: 'upper_threshold', old: 0.85, new: 0.8, action: 'set' },
      { key: 'strategy', old: 'drop', new: 'summarize', action: 'unset' },
      { key: 'plugin_knobs.hindsight.top_k', old: 5, new: 8, action: 'set' },
    ] }), labels);
    expect(what).toBe('v3: Upper threshold 85\u00a0% → 80\u00a0%; Strategy drop → summarize (inherits again); hindsight · top_k 5 → 8');
  });
  it('a config change with hostile data says so instead of breaking', () => {
    expect(auditWhat(event('config.changed', { changes: 'x' }), labels)).toBe('no change listed');
    expect(auditWhat(event('config.changed', { changes: [null, { key: 7 }] }), labels)).toBe('no change listed');
    const many = Array.from({ length: 25 }, (_, i) => ({ key: `k${i}`, old: 0, new: 1, action: 'set' }));
    expect(auditWhat(event('config.changed', { changes: many }), labels)).toMatch(/; and 5 more$/);
  });
  it('a rollback: where to, compactions undone, messages restored and superseded', () => {
    expect(auditWhat(event('compaction.rolled_back', { checkpoint_id: 'cp_1', compaction_ids: ['c1', 'c2'], restored: 14, superseded: 1 }), labels)).toBe(
      'rolled back to cp_1: 2 compactions undone, 14 messages restored, 1 superseded',
    );
    expect(auditWhat(event('compaction.rolled_back', {}), labels)).toBe('rolled back');
  });
  it('other events: their reason, strategy and the like', () => {
    expect(auditWhat(event('compaction.failed', { reason: 'timed out', strategy: 'delegate' }), labels)).toBe('timed out · strategy: delegate');
  });
  it('a compaction\'s figures first: the estimate that triggered it, the estimate after, the messages superseded; anything not a figure left out', () => {
    expect(auditWhat(event('compaction.triggered', { trigger: 'operator_manual', threshold_estimate: 142431, strategy: 'summarize' }), labels)).toBe(
      'estimate 142k · strategy: summarize · trigger: operator manual',
    );
    expect(auditWhat(event('compaction.completed', { after_estimate: 45263, superseded_count: 1, plugins_fired: [] }), labels)).toBe('after 45.3k · 1 message superseded');
    expect(auditWhat(event('compaction.completed', { after_estimate: '45263', superseded_count: -1 }), labels)).toBe('');
    expect(auditWhat(event('compaction.completed', { after_estimate: Number.POSITIVE_INFINITY }), labels)).toBe('');
    expect(auditWhat(event('compaction.triggered', { trigger: 'cosmic_ray', strategy: 'constructor' }), labels)).toBe('strategy: constructor · trigger: cosmic_ray');
  });
});

describe('sessionName', () => {
  it('a session by its title, in full on hover with its id; by its id while the title is unknown', () => {
    expect(sessionName('ses_1', 'Refactor the pipeline')).toEqual({ text: 'Refactor the pipeline', hover: 'Refactor the pipeline\nses_1: show only this session', titled: true });
    expect(sessionName('ses_1', undefined)).toEqual({ text: 'ses_1', hover: 'Show only session ses_1', titled: false });
    expect(sessionName('ses_1', '  ').titled).toBe(false);
  });
  it('bounds a hostile title', () => {
    const name = sessionName('ses_1', 'x'.repeat(1_000_000));
    expect(name.text).toHaveLength(200);
    expect(name.hover.startsWith(`${'x'.repeat(TITLE_HOVER_MAX)}…\n`)).toBe(true);
  });
});
