import { RE2JS } from 're2js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexKnobs, type Knob } from './knob-kinds';
import { snapToStep, stepDecimals } from './knob-schema-check';
import { createKnobValidator } from './knob-validator';
import { setPatternEngine } from './outside-pattern';

const BUILTIN: Knob[] = [
  { type: 'range', key: 'upper_threshold', label: 'Upper', min: 0.05, max: 0.99, step: 0.01, unit: '× window', default: 0.85 },
  { type: 'range', key: 'summarize.window_messages', label: 'Window', min: 1, max: 500, step: 1, unit: 'messages', default: 20 },
  { type: 'enum', key: 'strategy', label: 'Strategy', options: [{ value: 'drop', label: 'Drop' }, { value: 'summarize', label: 'Summarize' }], default: 'drop' },
  { type: 'enum', key: 'delegate.plugin', label: 'Compactor', options: [{ value: 'hindsight', label: 'hindsight' }], nullable: true, default: null },
  { type: 'text', key: 'summarize.prompt', label: 'Prompt', pattern: '^(project|config):/\\S+$', max_length: 30, default: 'config:/p.md' },
  { type: 'boolean', key: 'summarize.enabled', label: 'On', default: true },
  { type: 'model_alias', key: 'summarize.model', label: 'Model', nullable: true, default: null },
  { type: 'string_list', key: 'prune.protected_tools', label: 'Tools', max_items: 3, item_max_length: 10, item_pattern: '^[a-z_]+$', default: ['read'] },
  { type: 'predicate_list', key: 'always_keep', label: 'Always keep', default: [] },
];
const PLUGIN: Knob[] = [
  { type: 'range', key: 'similarity_floor', label: 'Floor', min: 0, max: 1, step: 0.05, default: 0.7 },
  { type: 'model_alias', key: 'summarizer', label: 'Summarizer', default: 'haiku' },
  { type: 'text', key: 'marker', label: 'Marker', max_length: 5, default: 'MUST' },
];

const validator = createKnobValidator(indexKnobs(BUILTIN, [{ name: 'hindsight', knobs: PLUGIN }]), { modelAliases: ['haiku', 'opus'] });
const check = (key: string, value: unknown) => validator.check(key, value);

describe('createKnobValidator: range', () => {
  it('accepts values on the step within min–max', () => {
    expect(check('upper_threshold', 0.85)).toBeNull();
    expect(check('upper_threshold', 0.05)).toBeNull();
    expect(check('upper_threshold', 0.99)).toBeNull();
    expect(check('plugin_knobs.hindsight.similarity_floor', 0.35)).toBeNull();
  });
  it('refuses a value off the step with the nearest allowed one, never silently', () => {
    expect(check('plugin_knobs.hindsight.similarity_floor', 0.333)).toBe('0.333 is not on a step of 0.05 from 0 (nearest allowed: 0.35)');
    // A threshold reads as a percent of the window, as every screen shows it.
    expect(check('upper_threshold', 0.857)).toBe('85.7\u00a0% is not on a step of 1\u00a0% from 5\u00a0% (nearest allowed: 86\u00a0%)');
    expect(check('summarize.window_messages', 2.5)).toBe('2.5 is not on a step of 1 from 1 (nearest allowed: 3)');
  });
  it('refuses values outside the range, with the unit', () => {
    expect(check('upper_threshold', 1.5)).toBe('150\u00a0% is outside 5–99\u00a0%');
    expect(check('summarize.window_messages', 0)).toBe('0 is outside 1–500 messages');
  });
  it('refuses what is not a number', () => {
    expect(check('upper_threshold', '0.8')).toBe('"0.8" is not a number');
    expect(check('upper_threshold', null)).toBe('null is not a number');
  });
});

describe('createKnobValidator: enum, text, boolean, model alias', () => {
  it('enum: one of the options, or none when nullable', () => {
    expect(check('strategy', 'summarize')).toBeNull();
    expect(check('strategy', 'shred')).toBe('must be one of drop, summarize, not "shred"');
    expect(check('strategy', null)).toBe('must be one of drop, summarize, not null');
    expect(check('delegate.plugin', null)).toBeNull();
    expect(check('delegate.plugin', 'other')).toBe('must be one of hindsight or none, not "other"');
  });
  it('text: max length and pattern', () => {
    expect(check('summarize.prompt', 'project:/x.md')).toBeNull();
    expect(check('summarize.prompt', '/etc/passwd')).toBe('"/etc/passwd" does not match ^(project|config):/\\S+$');
    expect(check('summarize.prompt', `project:/${'a'.repeat(30)}`)).toBe('is 39 characters; at most 30 allowed');
    expect(check('plugin_knobs.hindsight.marker', 'MUSTNOT')).toBe('is 7 characters; at most 5 allowed');
    expect(check('summarize.prompt', 5)).toBe('must be text');
  });
  it('text: before the engine of outside patterns is installed, a pattern is not checked yet (neither passed nor failed), then it is', () => {
    setPatternEngine(null);
    try {
      expect(check('summarize.prompt', '/etc/passwd')).toBeNull();
      expect(validator.listProblems('prune.protected_tools', ['Read']).items).toEqual([null]);
      // What needs no engine is refused as before.
      expect(check('summarize.prompt', `project:/${'a'.repeat(30)}`)).toBe('is 39 characters; at most 30 allowed');
    } finally {
      setPatternEngine(RE2JS);
    }
    expect(check('summarize.prompt', '/etc/passwd')).toBe('"/etc/passwd" does not match ^(project|config):/\\S+$');
    expect(validator.listProblems('prune.protected_tools', ['Read']).items[0]).not.toBeNull();
  });
  it('boolean: true or false only', () => {
    expect(check('summarize.enabled', false)).toBeNull();
    expect(check('summarize.enabled', 'true')).toBe('must be true or false');
  });
  it('model alias: must exist; null only where allowed', () => {
    expect(check('summarize.model', 'opus')).toBeNull();
    expect(check('summarize.model', null)).toBeNull();
    expect(check('summarize.model', 'gpt-9')).toBe('model alias "gpt-9" does not exist (known: haiku, opus)');
    expect(check('plugin_knobs.hindsight.summarizer', null)).toBe('must be a model alias');
  });
  it('model alias: an empty or repeated model list never breaks the validator', () => {
    const empty = createKnobValidator(indexKnobs(BUILTIN, [{ name: 'hindsight', knobs: PLUGIN }]), { modelAliases: [] });
    expect(empty.check('plugin_knobs.hindsight.summarizer', 'haiku')).toBe('no model alias is known (GET /models lists none)');
    expect(empty.check('summarize.model', null)).toBeNull();
    const repeated = createKnobValidator(indexKnobs(BUILTIN, []), { modelAliases: ['haiku', 'haiku'] });
    expect(repeated.check('summarize.model', 'haiku')).toBeNull();
  });
});

describe('createKnobValidator: lists', () => {
  it('string list: items, length, pattern, duplicates, count', () => {
    expect(check('prune.protected_tools', ['read', 'skill'])).toBeNull();
    expect(check('prune.protected_tools', ['read', 'Bash'])).toBe('item "Bash" does not match ^[a-z_]+$');
    expect(check('prune.protected_tools', ['read', ''])).toBe('item 2 is empty');
    expect(check('prune.protected_tools', ['read', 'read'])).toBe('lists "read" twice');
    expect(check('prune.protected_tools', ['a', 'b', 'c', 'd'])).toBe('at most 3 items');
    expect(check('prune.protected_tools', ['abcdefghijk'])).toBe('item 1 is longer than 10 characters');
    expect(check('prune.protected_tools', 'read')).toBe('must be a list');
  });
  it('always-keep predicates: id, a criterion, a valid regex, unique ids, known fields', () => {
    expect(check('always_keep', [{ id: 'constraints', description: 'MUST lines', content_regex: '\\bMUST\\b' }, { id: 'tool', description: '', tool_name: 'read' }])).toBeNull();
    expect(check('always_keep', [{ id: 'x', description: 'no criterion' }])).toBe('predicate "x" needs a role, a content_regex or a tool_name to match on');
    expect(check('always_keep', [{ id: 'x', description: 'd', content_regex: '([' }])).toMatch(/^predicate "x": content_regex is not a valid regular expression \(.+\)$/);
    expect(check('always_keep', [{ description: 'd', role: 'user' }])).toBe('predicate 1 needs an id');
    expect(check('always_keep', [{ id: 'a', description: 'd', role: 'user' }, { id: 'a', description: 'e', role: 'tool' }])).toBe('two predicates share an id');
    expect(check('always_keep', [{ id: 'a', description: 'd', role: 'robot' }])).toBe('predicate "a": role must be system, user, assistant or tool');
    expect(check('always_keep', [{ id: 'a', description: 'd', role: 'user', colour: 'red' }])).toBe('predicate "a" has an unknown field "colour"');
  });
  it('lists the first problem of each item, for an editor that shows them beside each item', () => {
    const list = [{ id: 'ok', description: '', role: 'user' }, { id: '', description: 'd', tool_name: 'read' }, { id: 'ok', description: 'd' }, 'text'];
    expect(validator.listProblems('always_keep', list)).toEqual({
      items: [null, 'predicate 2: id must not be empty', 'predicate "ok" needs a role, a content_regex or a tool_name to match on', 'predicate 4 must be an object'],
    });
    expect(check('always_keep', list.slice(0, 3))).toBe('predicate 2: id must not be empty');
    expect(check('always_keep', [list[0], list[0]])).toBe('two predicates share an id');
    expect(validator.listProblems('always_keep', [{ id: 'a', description: 'd', role: 'tool' }])).toEqual({ items: [null] });
    expect(validator.listProblems('prune.protected_tools', ['read', 'Bad'])).toEqual({ items: [null, 'item "Bad" does not match ^[a-z_]+$'] });
    expect(validator.listProblems('always_keep', 'not a list')).toEqual({ items: [] });
    expect(validator.listProblems('no.such.key', [])).toEqual({ items: [] });
  });
});

describe('createKnobValidator.checkAll', () => {
  it('answers the first problem of every invalid key, in key order, and ignores keys it does not know', () => {
    expect(
      validator.checkAll({ strategy: 'x', upper_threshold: 0.333, 'summarize.enabled': true, unknown_key: 5, 'plugin_knobs.hindsight.similarity_floor': 2 }),
    ).toEqual([
      { key: 'strategy', message: 'must be one of drop, summarize, not "x"' },
      { key: 'upper_threshold', message: '33.3\u00a0% is not on a step of 1\u00a0% from 5\u00a0% (nearest allowed: 33\u00a0%)' },
      { key: 'plugin_knobs.hindsight.similarity_floor', message: '2 is outside 0–1' },
    ]);
    expect(validator.check('unknown_key', 5)).toBeNull();
  });
  it('treats an undefined value as absent, at the top and inside a predicate', () => {
    expect(validator.checkAll({ upper_threshold: undefined, 'plugin_knobs.hindsight.similarity_floor': undefined })).toEqual([]);
    expect(check('always_keep', [{ id: undefined, description: 'd', role: 'user' }])).toBe('predicate 1 needs an id');
  });
  it('reports a number that is not finite as not a number, and a repeated item by its value', () => {
    expect(check('upper_threshold', Number.POSITIVE_INFINITY)).toBe('Infinity is not a number');
    expect(check('prune.protected_tools', ['b', 'a', 'b'])).toBe('lists "b" twice');
  });
  it('handles plugin names with a slash in the key', () => {
    const scoped = createKnobValidator(indexKnobs([], [{ name: '@kaged/memory', knobs: PLUGIN }]), { modelAliases: ['haiku'] });
    expect(scoped.check('plugin_knobs.@kaged/memory.similarity_floor', 0.333)).toBe('0.333 is not on a step of 0.05 from 0 (nearest allowed: 0.35)');
  });
});

describe('snapToStep', () => {
  it('snaps to the nearest step, clamped, printed cleanly', () => {
    const floor = { min: 0, max: 1, step: 0.05 };
    expect(snapToStep(floor, 0.333)).toBe(0.35);
    expect(snapToStep(floor, 0.324)).toBe(0.3);
    expect(snapToStep(floor, 7)).toBe(1);
    expect(snapToStep(floor, -3)).toBe(0);
    expect(snapToStep({ min: 100, max: 16_000, step: 50 }, 1524)).toBe(1500);
    expect(snapToStep({ min: 0, max: 10, step: 3 }, 10)).toBe(9);
    expect(stepDecimals(0.05, 0.1)).toBe(2);
  });
});

describe('createKnobValidator under a policy without eval', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  it('validates 200 knobs without generating code (the CSP forbids new Function and eval)', () => {
    const forbidden = () => {
      throw new EvalError('Evaluating a string as JavaScript violates the Content Security Policy');
    };
    vi.stubGlobal('Function', forbidden);
    vi.stubGlobal('eval', forbidden);
    const many: Knob[] = Array.from({ length: 200 }, (_, i) => ({ type: 'range', key: `k${i}`, label: `K${i}`, min: 0, max: 100, step: 5, default: 0 }));
    const fresh = createKnobValidator(indexKnobs(many, []), { modelAliases: [] });
    const values = Object.fromEntries(many.map((k, i) => [k.key, i === 7 ? 12 : 10]));
    expect(fresh.checkAll(values)).toEqual([{ key: 'k7', message: '12 is not on a step of 5 from 0 (nearest allowed: 10)' }]);
  });
});
