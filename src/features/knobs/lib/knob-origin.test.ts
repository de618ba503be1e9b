import { describe, expect, it } from 'vitest';
import { differsFromDefault, inheritedValue, originOf } from './knob-origin';
import { exploreConfig, primaryConfig } from '../test-support/test-knobs';

describe('originOf', () => {
  const config = exploreConfig();
  it('says set on this agent, inherited from which ancestor, or default', () => {
    expect(originOf(config, 'strategy')).toEqual({ source: 'own', from: 'primary/explore', text: 'set on this agent' });
    expect(originOf(config, 'summarize.model')).toEqual({ source: 'inherited', from: 'primary', text: 'inherited from primary' });
    expect(originOf(config, 'upper_threshold')).toEqual({ source: 'default', from: null, text: 'default' });
  });
  it('copes with a daemon that does not say which ancestor', () => {
    const { inherited_from: _dropped, ...older } = config;
    expect(originOf(older, 'summarize.model').text).toBe('inherited from an ancestor');
  });
});

describe('inheritedValue', () => {
  it("gives the parent's effective value, inherited from whoever set it there", () => {
    expect(inheritedValue('strategy', primaryConfig(), 'drop')).toEqual({ value: 'summarize', origin: { source: 'inherited', from: 'primary', text: 'inherited from primary' } });
  });
  it('gives the default where the parent has the default, and for a root agent', () => {
    expect(inheritedValue('upper_threshold', primaryConfig(), 0.85).origin.text).toBe('default');
    expect(inheritedValue('upper_threshold', null, 0.85)).toEqual({ value: 0.85, origin: { source: 'default', from: null, text: 'default' } });
  });
  it("follows the parent's own inheritance to the agent that set the value", () => {
    const parent = { ...exploreConfig(), agent_path: 'primary/explore' };
    expect(inheritedValue('summarize.model', parent, null).origin.from).toBe('primary');
  });
});

describe('differsFromDefault', () => {
  it('compares structurally', () => {
    expect(differsFromDefault(0.85, 0.85)).toBe(false);
    expect(differsFromDefault(['read'], ['read', 'skill'])).toBe(true);
    expect(differsFromDefault(null, null)).toBe(false);
  });
});
