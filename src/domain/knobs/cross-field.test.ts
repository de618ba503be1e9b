import { describe, expect, it } from 'vitest';
import { crossFieldErrors, type AttachedPlugin } from './cross-field';

const base = { strategy: 'drop', upper_threshold: 0.85, lower_threshold: 0.6, 'summarize.window_messages': 20, 'summarize.preserve_recent': 10, 'delegate.plugin': null };
const hindsight: AttachedPlugin = { name: 'hindsight', roles: ['observer', 'compactor'], loaded: true };
const markdown: AttachedPlugin = { name: 'memory-markdown', roles: ['observer'], loaded: true };
const keys = (values: Record<string, unknown>, plugins: AttachedPlugin[] = [hindsight, markdown]) => crossFieldErrors({ ...base, ...values }, plugins).map((e) => [e.key, e.message]);

describe('crossFieldErrors', () => {
  it('finds nothing wrong with the defaults', () => {
    expect(keys({})).toEqual([]);
  });
  it('lower threshold below upper', () => {
    expect(keys({ lower_threshold: 0.85 })).toEqual([['lower_threshold', 'must be below the upper threshold (85\u00a0%), so compaction stops short of where it starts']]);
    expect(keys({ upper_threshold: 0.5 })).toHaveLength(1);
  });
  it('preserve_recent below window_messages', () => {
    expect(keys({ 'summarize.preserve_recent': 20 })).toEqual([['summarize.preserve_recent', 'must be below the summary window (20 messages)']]);
  });
  it('delegate needs a compactor plugin, and names the attached one', () => {
    expect(keys({ strategy: 'delegate' })).toEqual([['delegate.plugin', 'the delegate strategy needs a compactor plugin: choose hindsight']]);
    expect(keys({ strategy: 'delegate' }, [markdown])).toEqual([['delegate.plugin', 'the delegate strategy needs a compactor plugin, and none is attached to this agent']]);
    expect(keys({ strategy: 'delegate', 'delegate.plugin': 'hindsight' })).toEqual([]);
  });
  it('the delegate plugin must be attached, a compactor, and loaded', () => {
    expect(keys({ strategy: 'delegate', 'delegate.plugin': 'chunked-summarizer' })).toEqual([['delegate.plugin', 'chunked-summarizer is not attached to this agent (attached: hindsight, memory-markdown)']]);
    expect(keys({ strategy: 'delegate', 'delegate.plugin': 'memory-markdown' })).toEqual([['delegate.plugin', 'memory-markdown does not declare the compactor role']]);
    expect(keys({ strategy: 'delegate', 'delegate.plugin': 'hindsight' }, [{ ...hindsight, loaded: false }])).toEqual([['delegate.plugin', 'hindsight is not loaded: its manifest is malformed']]);
  });
  it('at most one compactor plugin per agent', () => {
    const chunked: AttachedPlugin = { name: 'chunked-summarizer', roles: ['compactor'], loaded: true };
    expect(keys({ strategy: 'delegate', 'delegate.plugin': 'hindsight' }, [hindsight, chunked])).toEqual([
      ['delegate.plugin', 'at most one compactor plugin per agent (ADR-0024): hindsight and chunked-summarizer both declare the compactor role'],
    ]);
  });
  it('the delegate rules do not apply to other strategies', () => {
    expect(keys({ strategy: 'summarize', 'delegate.plugin': 'not-attached' })).toEqual([]);
  });
  it('summarize with "Summarize at threshold" off is refused, naming both knobs', () => {
    expect(keys({ strategy: 'summarize', 'summarize.enabled': false })).toEqual([
      ['strategy', 'Summarize needs “Summarize at threshold” on (Summarize group): with it off, a summary that fails has no drop to fall back on. Turn it on, or choose another strategy'],
    ]);
    expect(keys({ strategy: 'drop', 'summarize.enabled': false })).toEqual([]);
    expect(keys({ strategy: 'summarize', 'summarize.enabled': true })).toEqual([]);
    expect(crossFieldErrors({ ...base, strategy: 'summarize', 'summarize.enabled': false }, [])[0]?.involves).toEqual(['strategy', 'summarize.enabled']);
  });
  it('reports every key a rule reads', () => {
    expect(crossFieldErrors({ ...base, lower_threshold: 0.9 }, [])[0]?.involves).toEqual(['lower_threshold', 'upper_threshold']);
  });
});
