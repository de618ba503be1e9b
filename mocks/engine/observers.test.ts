import { describe, expect, it } from 'vitest';
import { defaultInjectText, firePostCompact, firePreCompact } from './observers';

describe('observers', () => {
  it('pre_compact collects retain ids and inject texts in declaration order', () => {
    const fx = firePreCompact([
      { name: 'a', durationMs: 5, result: 'inject', injectText: 'first' },
      { name: 'b', durationMs: 6, result: 'retain', retainIds: ['m3', 'm4'] },
      { name: 'c', durationMs: 7, result: 'inject' },
      { name: 'd', durationMs: 8, result: 'error', retainIds: ['m9'] },
      { name: 'e', durationMs: 9, result: 'retain', hooks: ['post_compact'], retainIds: ['m5'] },
    ]);
    expect(fx.fired.map((f) => [f.name, f.result_kind])).toEqual([
      ['a', 'inject'],
      ['b', 'retain'],
      ['c', 'inject'],
      ['d', 'error'],
    ]);
    expect([...fx.retained]).toEqual(['m3', 'm4']);
    expect(fx.injections).toEqual([
      { plugin: 'a', text: 'first' },
      { plugin: 'c', text: defaultInjectText('c') },
    ]);
  });

  it('post_compact is read-only: null, or error for a failing plugin', () => {
    const fired = firePostCompact([
      { name: 'a', durationMs: 1, result: 'inject' },
      { name: 'b', durationMs: 2, result: 'error' },
      { name: 'c', durationMs: 3, result: 'null', hooks: ['pre_compact'] },
    ]);
    expect(fired).toEqual([
      { name: 'a', role: 'observer', hook: 'post_compact', duration_ms: 1, result_kind: 'null' },
      { name: 'b', role: 'observer', hook: 'post_compact', duration_ms: 2, result_kind: 'error' },
    ]);
  });
});
