// Regular expressions from outside: a plugin manifest's `pattern` and `item_pattern`, an
// always-keep predicate's `content_regex`. The contract calls them ECMAScript regular expressions,
// but the browser's engine backtracks: `^(\S+)+x$` against 40 characters that almost match runs
// for longer than anyone waits, on the main thread, and froze the knobs screen. So they are run by
// a linear-time engine (re2js, a JavaScript port of RE2: no native code, no eval, synchronous, so
// the validator, the form and the simulator keep calling it as before), after a translation of the
// ECMAScript syntax (`\uXXXX`, named groups, ECMAScript's `.` and `\s`). What such an engine cannot
// run (lookaround, backreferences) is refused with a message saying so, never run by the
// backtracking engine instead; and a pattern longer than MAX_PATTERN_LENGTH is refused before
// anything compiles it. The alternatives (a worker with a deadline, a cap on the value's length)
// would have made every check asynchronous, or still let a 30-character value take minutes.
//
// The engine is 40 KB (brotli) of the knobs screen's code, which its first data does not need: it is
// installed, not imported, here (outside-pattern-engine.ts installs it when imported; the knobs
// screen imports it once the form is drawn, the simulator and the tests at start). Until then a
// pattern that passes every check but the engine's own is "not checked yet": it neither fails nor
// matches a value (a check that must be complete, before a save or a preview, waits for the
// engine: features/knobs/hooks/use-knob-form.ts), and nothing is cached.

import type { RE2JS } from 're2js';

/** The longest pattern compiled at all (a manifest's patterns are short; a hostile one may not be). */
export const MAX_PATTERN_LENGTH = 1_000;

/** A compiled outside pattern: `test` searches like RegExp.prototype.test, in time linear in the text. */
export interface OutsidePattern {
  readonly source: string;
  test(text: string): boolean;
}

/** `pending`: the engine is not installed yet, and no other check refused the pattern. */
export type CompiledPattern = { pattern: OutsidePattern; problem: null } | { pattern: null; problem: string } | { pattern: null; problem: null; pending: true };

/** What the outside patterns are run by (re2js's RE2JS). */
export type PatternEngine = Pick<typeof RE2JS, 'compile' | 'translateRegExp'>;

let engine: PatternEngine | null = null;
/** Compiled patterns by source: a form checks the same few on every keystroke. */
const cache = new Map<string, CompiledPattern>();
const CACHE_SIZE = 256;
const engineListeners = new Set<() => void>();

/** Installs the engine (outside-pattern-engine.ts does, when imported); null uninstalls it (tests). */
export function setPatternEngine(next: PatternEngine | null): void {
  engine = next;
  cache.clear();
  for (const listener of engineListeners) listener();
}

/** Whether the engine is installed: until then, patterns that compile are not checked yet. */
export function patternEngineReady(): boolean {
  return engine !== null;
}

/** Calls `listener` when the engine is installed. */
export function subscribePatternEngine(listener: () => void): () => void {
  engineListeners.add(listener);
  return () => engineListeners.delete(listener);
}

/** ECMAScript's \s (WhiteSpace and LineTerminator), as members of an RE2 class. */
const SPACE = '\\t\\n\\v\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}';
/** ECMAScript's `.` without the s flag: anything but a line terminator. */
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

const REFUSED = 'Compactor checks patterns from outside with a linear-time engine, which cannot run lookaround or backreferences';

/**
 * Rewrites what RE2 reads differently from ECMAScript (`.`, `\s`, `\S`), and names the first
 * construct no linear-time engine runs. Escapes and classes are followed so that `\(?=` or `[.]`
 * are left alone.
 */
function rewrite(source: string): { text: string; refused: string | null } {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && /[1-9]/.test(next)) return { text: '', refused: `uses a backreference (\\${next})` };
      if (!inClass && next === 'k' && source[i + 2] === '<') return { text: '', refused: 'uses a named backreference (\\k<…>)' };
      if (next === 's') out += inClass ? SPACE : `[${SPACE}]`;
      else if (next === 'S' && !inClass) out += `[^${SPACE}]`;
      else out += c + next;
      i += 1;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      // (ECMAScript has no literal ] first in a class: [] and [^] are whole classes, which translateRegExp rewrites.)
      inClass = true;
      out += c;
    } else if (c === '(' && source[i + 1] === '?' && (source[i + 2] === '=' || source[i + 2] === '!')) {
      return { text: '', refused: `uses a lookahead (${source.slice(i, i + 3)})` };
    } else if (c === '(' && source.startsWith('?<', i + 1) && (source[i + 3] === '=' || source[i + 3] === '!')) {
      return { text: '', refused: `uses a lookbehind (${source.slice(i, i + 4)})` };
    } else if (c === '.') {
      out += DOT;
    } else out += c;
  }
  return { text: out, refused: null };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'does not compile';
}

function compileUncached(source: string): CompiledPattern {
  if (source.length > MAX_PATTERN_LENGTH) {
    return { pattern: null, problem: `is ${source.length.toLocaleString('en-US')} characters long; Compactor runs patterns of up to ${MAX_PATTERN_LENGTH.toLocaleString('en-US')}` };
  }
  try {
    // Only to check the ECMAScript syntax the contract names: compiling does not run it.
    new RegExp(source, 'u');
  } catch (error) {
    return { pattern: null, problem: `is not a valid regular expression (${firstLine(error)})` };
  }
  const { text, refused } = rewrite(source);
  if (refused !== null) return { pattern: null, problem: `${refused}: ${REFUSED}` };
  if (engine === null) return { pattern: null, problem: null, pending: true };
  try {
    const re = engine.compile(engine.translateRegExp(text));
    return { pattern: { source, test: (value) => re.test(value) }, problem: null };
  } catch (error) {
    return { pattern: null, problem: `cannot be run by a linear-time engine (${firstLine(error)})` };
  }
}

/** Compiles an outside pattern once (a bounded cache; not while the engine is not installed). */
export function compileOutsidePattern(source: string): CompiledPattern {
  let compiled = cache.get(source);
  if (compiled === undefined) {
    compiled = compileUncached(source);
    if (compiled.problem === null && compiled.pattern === null) return compiled;
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(source, compiled);
  }
  return compiled;
}

/** Why an outside pattern cannot be used (a phrase to follow the pattern: "is not a valid …"), or null (also while not checked yet). */
export function patternProblem(source: string): string | null {
  return compileOutsidePattern(source).problem;
}
