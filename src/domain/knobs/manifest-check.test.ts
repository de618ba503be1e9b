import { describe, expect, it } from 'vitest';
import { checkKnobList, checkManifest } from './manifest-check';
import { onStep, show } from './manifest-problems';

const GOOD_KNOBS = [
  { type: 'range', key: 'top_k', label: 'Top k', min: 0, max: 50, step: 1, unit: 'facts', default: 12 },
  { type: 'range', key: 'floor', label: 'Floor', min: 0, max: 1, step: 0.05, default: 0.7 },
  { type: 'enum', key: 'mode', label: 'Mode', options: [{ value: 'a', label: 'A', description: 'first' }, { value: 'b', label: 'B' }], default: 'a' },
  { type: 'enum', key: 'target', label: 'Target', options: [{ value: 'x', label: 'X' }], nullable: true, null_label: 'None', default: null },
  { type: 'text', key: 'path', label: 'Path', max_length: 40, pattern: '^project:/\\S+$', default: 'project:/a.md' },
  { type: 'text', key: 'notes', label: 'Notes', multiline: true, default: '' },
  { type: 'boolean', key: 'on', label: 'On', default: true },
  { type: 'model_alias', key: 'model', label: 'Model', default: 'haiku' },
  { type: 'model_alias', key: 'own_model', label: 'Model', nullable: true, null_label: "The agent's own model", default: null },
  { type: 'string_list', key: 'tools', label: 'Tools', max_items: 5, item_max_length: 20, item_pattern: '^[a-z]+$', default: ['read'] },
  { type: 'range', key: 'prune.arg_threshold', label: 'Dotted key', group: 'prune', min: 0, max: 1000, step: 10, default: 200 },
];

const good = (knobs: unknown = GOOD_KNOBS) => ({ name: 'gen', version: '1.0.0', description: 'd', roles: ['observer', 'compactor'], hooks: ['pre_compact'], knobs });

describe('checkManifest', () => {
  it('accepts a well-formed manifest of every kind, keeping every knob usable', () => {
    const check = checkManifest(good(), 'gen', { modelAliases: ['haiku', 'opus'] });
    expect(check.problems).toEqual([]);
    expect(check.manifest?.name).toBe('gen');
    expect(check.usableKnobs.map((k) => k.key)).toEqual(GOOD_KNOBS.map((k) => k.key));
    expect(check.roles).toEqual(['observer', 'compactor']);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a missing label', { type: 'boolean', key: 'k', default: true }, 'label', 'label is missing'],
    ['a missing default', { type: 'boolean', key: 'k', label: 'K' }, 'default', 'default is missing'],
    ['min > max', { type: 'range', key: 'k', label: 'K', min: 5, max: 1, step: 1, default: 3 }, 'max', 'min (5) is greater than max (1)'],
    ['min = max', { type: 'range', key: 'k', label: 'K', min: 5, max: 5, step: 1, default: 5 }, 'max', 'min and max are both 5'],
    ['a default outside the range', { type: 'range', key: 'k', label: 'K', min: 0, max: 10, step: 1, default: 11 }, 'default', 'default 11 is outside the range 0–10'],
    ['a default off the step', { type: 'range', key: 'k', label: 'K', min: 0, max: 1, step: 0.05, default: 0.333 }, 'default', 'default 0.333 is not on a step of 0.05 from 0'],
    ['step 0', { type: 'range', key: 'k', label: 'K', min: 0, max: 10, step: 0, default: 1 }, 'step', 'step must be greater than 0, not 0'],
    ['a negative step', { type: 'range', key: 'k', label: 'K', min: 0, max: 10, step: -1, default: 1 }, 'step', 'step must be greater than 0, not -1'],
    ['a step wider than the range', { type: 'range', key: 'k', label: 'K', min: 0, max: 1, step: 2, default: 0 }, 'step', 'step (2) is larger than the whole range 0–1'],
    ['a text min', { type: 'range', key: 'k', label: 'K', min: '0', max: 1, step: 1, default: 0 }, 'min', 'min must be a finite number, not a string'],
    ['no options', { type: 'enum', key: 'k', label: 'K', default: 'a' }, 'options', 'options are missing'],
    ['empty options', { type: 'enum', key: 'k', label: 'K', options: [], default: 'a' }, 'options', 'options are empty'],
    ['a default not among the options', { type: 'enum', key: 'k', label: 'K', options: [{ value: 'a', label: 'A' }], default: 'z' }, 'default', 'default "z" is not among the options ("a")'],
    ['a duplicate option', { type: 'enum', key: 'k', label: 'K', options: [{ value: 'a', label: 'A' }, { value: 'a', label: 'A2' }], default: 'a' }, 'options[2].value', 'option value "a" is declared twice'],
    ['an option without a label', { type: 'enum', key: 'k', label: 'K', options: [{ value: 'a' }], default: 'a' }, 'options[1].label', 'option 1 needs a non-empty text label'],
    ['a null default on a non-nullable enum', { type: 'enum', key: 'k', label: 'K', options: [{ value: 'a', label: 'A' }], default: null }, 'default', 'default is null but the knob is not nullable'],
    ['a pattern that does not compile', { type: 'text', key: 'k', label: 'K', pattern: '([a-z', default: 'a' }, 'pattern', 'pattern "([a-z" is not a valid regular expression'],
    ['a default not matching the pattern', { type: 'text', key: 'k', label: 'K', pattern: '^a+$', default: 'b' }, 'default', 'default "b" does not match the pattern "^a+$"'],
    ['a default longer than max_length', { type: 'text', key: 'k', label: 'K', max_length: 2, default: 'abc' }, 'default', 'default is 3 characters, longer than max_length 2'],
    ['max_length 0', { type: 'text', key: 'k', label: 'K', max_length: 0, default: '' }, 'max_length', 'max_length must be a whole number ≥ 1, not 0'],
    ['a text boolean default', { type: 'boolean', key: 'k', label: 'K', default: 'yes' }, 'default', 'default must be true or false, not "yes"'],
    ['a null model on a non-nullable picker', { type: 'model_alias', key: 'k', label: 'K', default: null }, 'default', 'default is null but the knob is not nullable'],
    ['an unknown model alias', { type: 'model_alias', key: 'k', label: 'K', default: 'gpt-9' }, 'default', 'default model alias "gpt-9" is not one the daemon knows'],
    ['a string list with a bad item', { type: 'string_list', key: 'k', label: 'K', item_pattern: '^[a-z]+$', default: ['OK'] }, 'default', 'default item "OK" breaks item_max_length or item_pattern'],
    ['an unknown kind', { type: 'color', key: 'k', label: 'K', default: '#fff' }, 'type', 'type "color" is not a kaged knob kind'],
    ['a built-in-only kind in a plugin', { type: 'predicate_list', key: 'k', label: 'K', default: [] }, 'type', 'type predicate_list is reserved for kaged\'s own compaction block'],
    ['a missing type', { key: 'k', label: 'K', default: 1 }, 'type', 'type is missing'],
    ['a bad key', { type: 'boolean', key: 'Bad Key', label: 'K', default: true }, 'key', 'key "Bad Key" must be lower-case letters'],
    ['a bad group', { type: 'boolean', key: 'k', label: 'K', group: 'Trigger!', default: true }, 'group', 'group "Trigger!" must be lower-case letters'],
  ];
  it.each(cases)('names plugin, knob and field for %s', (_name, knob, field, text) => {
    const check = checkManifest(good([knob]), 'gen', { modelAliases: ['haiku'] });
    const problem = check.problems.find((p) => p.field === field);
    expect(problem, JSON.stringify(check.problems)).toBeDefined();
    expect(problem?.message).toContain(text);
    expect(problem?.message).toMatch(/^Plugin "gen", knob "(k|Bad Key|#1)": /);
    expect(check.usableKnobs).toEqual([]);
    expect(check.manifest).toBeNull();
    // The knob is never dropped: it is listed with its problems.
    expect(check.knobs).toHaveLength(1);
  });

  it('reports duplicate keys on the second declaration, keeping the first usable', () => {
    const check = checkManifest(good([GOOD_KNOBS[6], { ...GOOD_KNOBS[6], label: 'Again' }]), 'gen');
    expect(check.problems).toEqual([{ knob: 'on', field: 'key', message: 'Plugin "gen", knob "on": key is declared twice (knobs #1 and #2).' }]);
    expect(check.usableKnobs.map((k) => k.label)).toEqual(['On']);
    expect(check.knobs[1]?.id).toBe('on #2');
  });

  it('words problems of the built-in block as built-in knobs, where predicate lists are allowed', () => {
    const entries = checkKnobList([{ type: 'predicate_list', key: 'always_keep', label: 'A', default: [] }, { type: 'range', key: 'x', label: 'X', min: 1, max: 0, step: 1, default: 0 }], null);
    expect(entries[0]?.problems).toEqual([]);
    expect(entries[1]?.problems[0]?.message).toBe('Built-in knob "x": min (1) is greater than max (0).');
  });

  it('names a knob without a key by its position', () => {
    const check = checkManifest(good([{ type: 'boolean', label: 'Nameless', default: true }]), 'gen');
    expect(check.problems[0]).toEqual({ knob: '#1', field: 'key', message: 'Plugin "gen", knob "#1": key is missing.' });
    expect(check.knobs[0]?.label).toBe('Nameless');
  });

  it('checks the manifest itself: name, version, description, roles, hooks, knobs list', () => {
    const check = checkManifest({ name: 'other', roles: ['observer', 'summarizer', 'observer'], hooks: ['on_compact'], knobs: { a: 1 } }, 'gen');
    expect(check.problems.map((p) => [p.field, p.message])).toEqual([
      ['name', 'Plugin "gen": name "other" differs from the installed name "gen".'],
      ['version', 'Plugin "gen": version is missing.'],
      ['description', 'Plugin "gen": description is missing.'],
      ['roles', 'Plugin "gen": "summarizer" is not one of the roles observer, compactor.'],
      ['roles', 'Plugin "gen": "observer" is listed twice in roles.'],
      ['hooks', 'Plugin "gen": "on_compact" is not one of the hooks on_session_start, on_session_idle, pre_compact, post_compact.'],
      ['knobs', 'Plugin "gen": knobs must be a list, not an object.'],
    ]);
    expect(check.roles).toEqual(['observer']);
    expect(check.problems.every((p) => p.knob === null)).toBe(true);
  });

  it('refuses an installed name that cannot be one segment of a dotted config key', () => {
    expect(checkManifest({ ...good(), name: 'my.plugin' }, 'my.plugin').problems[0]?.message).toBe(
      'Plugin "my.plugin": the installed name cannot be part of a config key (letters, digits, @, /, _ and - only).',
    );
    expect(checkManifest({ ...good(), name: '@kaged/memory-x' }, '@kaged/memory-x').problems).toEqual([]);
  });

  it('requires at least one role and a knobs list', () => {
    const check = checkManifest({ name: 'gen', version: '1', description: 'd', roles: [], hooks: [] }, 'gen');
    expect(check.problems.map((p) => p.message)).toEqual([
      'Plugin "gen": roles must name at least one of observer, compactor.',
      'Plugin "gen": knobs are missing (declare an empty list when there are none).',
    ]);
  });

  it('answers for manifests that are not objects at all', () => {
    expect(checkManifest(null, 'gen').problems[0]?.message).toBe('Plugin "gen": the manifest could not be read.');
    expect(checkManifest([1, 2], 'gen').problems[0]?.message).toBe('Plugin "gen": the manifest must be an object, not a list.');
    expect(checkManifest('{"name":"gen"}', 'gen').problems[0]?.message).toBe('Plugin "gen": the manifest must be an object, not a string.');
  });

  it('never throws, even on objects that throw when read', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('boom'); }, ownKeys: () => { throw new Error('boom'); } });
    expect(checkManifest(hostile, 'gen').problems[0]?.message).toMatch(/^Plugin "gen": the manifest could not be checked \(boom\)\.$/);
    const list = checkKnobList([hostile], 'gen');
    expect(list[0]?.problems[0]?.message).toBe('Plugin "gen", knob "#1": could not be read (boom).');
  });

  it('keeps hostile text short and printable in messages', () => {
    const check = checkManifest(good([{ type: 'enum', key: 'k', label: 'K', options: [{ value: 'a', label: 'A' }], default: `<img src=x onerror=alert(1)>${'x'.repeat(500)}` }]), 'gen');
    const message = check.problems[0]?.message ?? '';
    expect(message.length).toBeLessThan(200);
    expect(message).toContain('"<img src=x onerror=alert(1)>');
  });
});

describe('generated malformed knob schemas', () => {
  // Each mutation breaks one rule of one well-formed knob; applied to every knob it fits.
  type Mutation = [string, (k: Record<string, unknown>) => Record<string, unknown> | null];
  const drop = (field: string): Mutation => [`without ${field}`, (k) => (field in k ? Object.fromEntries(Object.entries(k).filter(([f]) => f !== field)) : null)];
  const put = (field: string, value: unknown, only?: string[]): Mutation => [
    `${field} = ${show(value)}`,
    (k) => (only && !only.includes(String(k.type)) ? null : { ...k, [field]: value }),
  ];
  const mutations: Mutation[] = [
    drop('key'),
    drop('label'),
    drop('type'),
    drop('default'),
    drop('min'),
    drop('max'),
    drop('step'),
    drop('options'),
    put('key', 42),
    put('key', 'Upper Case'),
    put('key', ''),
    put('label', ''),
    put('label', null),
    put('description', 7),
    put('group', 'Not A Group'),
    put('type', 'slider'),
    put('type', 3),
    put('default', { nested: true }),
    put('default', -1e9, ['range']),
    put('default', 0.333, ['range']),
    put('min', 1e9, ['range']),
    put('max', Number.NaN, ['range']),
    put('step', 0, ['range']),
    put('step', -0.5, ['range']),
    put('unit', 5, ['range']),
    put('options', [], ['enum']),
    put('options', 'a,b', ['enum']),
    put('options', [{ value: 'a', label: 'A' }, { value: 'a', label: 'B' }], ['enum']),
    put('options', [null], ['enum']),
    put('nullable', 'yes', ['enum', 'model_alias']),
    put('null_label', false, ['enum', 'model_alias']),
    put('default', 'nope', ['enum']),
    put('max_length', 0, ['text']),
    put('pattern', '(', ['text']),
    put('pattern', '^\\d+$', ['text']),
    put('multiline', 'no', ['text']),
    put('suggest', 'files', ['text']),
    put('default', '', ['model_alias']),
    put('default', 'unknown-model', ['model_alias']),
    put('max_items', -1, ['string_list']),
    put('item_pattern', '[', ['string_list']),
    put('default', [1, 2], ['string_list']),
    put('type', 'predicate_list'),
  ];

  const generated: { name: string; knob: unknown }[] = [];
  for (const base of GOOD_KNOBS) {
    for (const [name, mutate] of mutations) {
      const knob = mutate(base as Record<string, unknown>);
      if (knob !== null) generated.push({ name: `${String(base.key)} ${name}`, knob });
    }
  }
  // Values that are not declarations at all.
  for (const junk of [null, 0, 'knob', [], [GOOD_KNOBS[0]], true, undefined]) generated.push({ name: `junk ${show(junk)}`, knob: junk });

  it('generates well over 100 distinct malformed knobs', () => {
    expect(generated.length).toBeGreaterThanOrEqual(100);
  });

  it('explains every one of them: zero crashes, at least one precise problem each, nothing dropped', () => {
    const unexplained: string[] = [];
    for (const { name, knob } of generated) {
      const check = checkManifest(good([knob]), 'gen', { modelAliases: ['haiku'] });
      const problems = check.knobs[0]?.problems ?? [];
      if (check.knobs.length !== 1 || problems.length === 0 || check.usableKnobs.length !== 0) unexplained.push(name);
      for (const p of problems) {
        expect(p.message, name).toMatch(/^Plugin "gen", knob "[^"]+": .+\.$/);
        expect(p.knob, name).not.toBeNull();
      }
    }
    expect(unexplained).toEqual([]);
  });

  it('also survives random garbage in every field', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const values = [null, undefined, 0, -1, 1e308, Number.NaN, '', 'x'.repeat(10_000), [], {}, [null], { value: 1 }, true, 'range', 'enum', 'text'];
    const fields = ['type', 'key', 'label', 'default', 'min', 'max', 'step', 'options', 'pattern', 'max_length', 'nullable', 'group', 'item_pattern'];
    for (let i = 0; i < 300; i += 1) {
      const knob = Object.fromEntries(fields.filter(() => rand() < 0.6).map((f) => [f, values[Math.floor(rand() * values.length)]]));
      expect(() => checkManifest(good([knob]), 'gen')).not.toThrow();
    }
  });
});

describe('onStep', () => {
  it('tolerates floating-point noise but not real misses', () => {
    expect(onStep(0.85, 0.05, 0.01)).toBe(true);
    expect(onStep(0.3, 0, 0.1)).toBe(true);
    expect(onStep(0.333, 0, 0.05)).toBe(false);
    expect(onStep(1500, 100, 50)).toBe(true);
    expect(onStep(1525, 100, 50)).toBe(false);
  });
});
