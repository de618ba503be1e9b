import { describe, expect, it } from 'vitest';
import { compileOutsidePattern, MAX_PATTERN_LENGTH, patternProblem } from './outside-pattern';

const test = (pattern: string, text: string) => {
  const { pattern: p, problem } = compileOutsidePattern(pattern);
  if (p === null) throw new Error(problem ?? 'not checked yet');
  return p.test(text);
};

describe('outside patterns', () => {
  it('patterns that backtrack for ever in a backtracking engine answer at once, and correctly', () => {
    // Each of these takes hours in RegExp on these inputs; the test's own timeout would catch a regression.
    const almost = `project:/${'a'.repeat(5_000)}!`;
    expect(test('^(\\S+)+x$', almost)).toBe(false);
    expect(test('^(([a-z:/.-])+)+$', almost)).toBe(false);
    expect(test('^(a|a)*$', `${'a'.repeat(100_000)}b`)).toBe(false);
    expect(test('^(\\S+)+x$', 'abcx')).toBe(true);
    expect(test('^(([a-z:/.-])+)+$', 'project:/a.md')).toBe(true);
  });

  it('agrees with ECMAScript on the patterns manifests use', () => {
    const cases: Array<[string, string[]]> = [
      ['^(project|config):/\\S+$', ['project:/a.md', 'config:/x', 'project:/a b', 'prompts/a.md', 'project:/', 'config:/\u00a0x']],
      ['^[A-Za-z0-9_.:-]+$', ['read_file', 'a:b-c.d', 'a b', '', 'é']],
      ['^[a-z]+$', ['abc', 'ABC', 'a1']],
      ['^\\d{2,4}$', ['1', '12', '12345', '١٢']],
      ['^a.c$', ['abc', 'a\nc', 'a\rc', 'a\u2028c', 'aéc']],
      ['^\\u00e9+$', ['é', 'éé', 'e']],
      ['^(?<scheme>project|config):', ['project:x', 'other:x']],
      ['^[\\s\\S]*$', ['any\nthing']],
      ['\\bword\\b', ['a word here', 'awordy']],
      ['^x\\s+y$', ['x \u3000y', 'x\ty', 'xy']],
      ['^x\\S+y$', ['x\u00a0y', 'xzzy']],
      ['^[^]+$', ['anything', '']],
      ['^\\p{L}+$', ['Straße', 'a1']],
    ];
    for (const [pattern, texts] of cases) {
      for (const text of texts) expect(test(pattern, text), `${pattern} on ${JSON.stringify(text)}`).toBe(new RegExp(pattern, 'u').test(text));
    }
  });

  it('refuses what a linear-time engine cannot run, naming it, and keeps ECMAScript syntax errors as they were', () => {
    expect(patternProblem('^(?=project:)\\S+$')).toMatch(/^uses a lookahead \(\(\?=\): .*linear-time engine/);
    expect(patternProblem('^(?!x)')).toMatch(/^uses a lookahead \(\(\?!\)/);
    expect(patternProblem('(?<=a)b')).toMatch(/^uses a lookbehind \(\(\?<=\)/);
    expect(patternProblem('^(a+)+\\1$')).toMatch(/^uses a backreference \(\\1\)/);
    expect(patternProblem('^(?<a>x)\\k<a>$')).toMatch(/^uses a named backreference/);
    expect(patternProblem('([a-z')).toMatch(/^is not a valid regular expression \(/);
    // Escaped, or inside a class, these are plain characters.
    expect(patternProblem('^\\(\\?=[(?=]$')).toBeNull();
  });

  it('refuses a pattern longer than the cap before compiling it', () => {
    expect(patternProblem('a'.repeat(MAX_PATTERN_LENGTH))).toBeNull();
    expect(patternProblem('a'.repeat(MAX_PATTERN_LENGTH + 1))).toBe('is 1,001 characters long; Compactor runs patterns of up to 1,000');
  });
});
