// A feature's components use the style classes of their own feature and of the shared layers
// (components, styles, app), never a class only another feature's stylesheet defines: that class
// applies only when the other feature's stylesheet happens to be loaded (the audit log once carried
// the ledger's toolbar and the fleet view's table classes). Class names with a "-" or "__" in string
// literals of a feature's code are checked against the classes each stylesheet defines.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname);

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path, ext) : ext.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The feature a file belongs to, or null for the shared layers. */
function featureOf(path: string): string | null {
  const parts = relative(SRC, path).split(sep);
  return parts[0] === 'features' ? parts[1]! : null;
}

/** Classes a stylesheet defines (its selectors' class names). */
function definedClasses(css: string): Set<string> {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const selectors = withoutComments.replace(/\{[^{}]*\}/g, '\n');
  return new Set([...selectors.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((m) => m[1]!));
}

/** Class-like words (with "-" or "__") in a source file's string literals. */
function classWords(source: string): Set<string> {
  const words = new Set<string>();
  for (const literal of source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    for (const word of literal[2]!.split(/[\s${}'"?:]+/)) if (/^[a-z][a-z0-9]*(?:-[a-z0-9]+|__[a-z0-9-]+)+(?:--[a-z0-9-]+)?$/.test(word)) words.add(word);
  }
  return words;
}

describe('style classes stay in their feature', () => {
  it('reads class definitions and class-like words', () => {
    expect([...definedClasses('/* .not-this */ .ledger-toolbar, .a > .b__c:hover { color: red } @media (x) { .d--e { } }')]).toEqual(['ledger-toolbar', 'a', 'b__c', 'd--e']);
    expect([...classWords("<div className={`audit-toolbar ${open ? 'menu__item--open' : ''}`} title=\"a plain sentence\" />")]).toEqual(['audit-toolbar', 'menu__item--open']);
  });

  it('no feature uses a class only another feature defines', () => {
    const owners = new Map<string, Set<string | null>>();
    for (const path of files(SRC, /\.css$/)) {
      for (const name of definedClasses(readFileSync(path, 'utf8'))) owners.set(name, (owners.get(name) ?? new Set()).add(featureOf(path)));
    }
    const borrowed: string[] = [];
    for (const path of files(join(SRC, 'features'), /\.tsx?$/)) {
      const feature = featureOf(path);
      for (const word of classWords(readFileSync(path, 'utf8'))) {
        const defined = owners.get(word);
        if (defined && !defined.has(feature) && !defined.has(null)) borrowed.push(`${relative(SRC, path)}: .${word} (defined by ${[...defined].join(', ')})`);
      }
    }
    expect(borrowed).toEqual([]);
  });
});
