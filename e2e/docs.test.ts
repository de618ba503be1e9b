// The docs stay true to the tree: the README is a front door (short, with the two command lines
// and every dependency), and every file, folder and link the README and the area guides name
// exists. It lives in e2e/ beside the other checks of the whole repository (the bundle budget),
// not in src/, whose layers it has nothing to do with.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const README = 'README.md';
const README_MAX_LINES = 250;
const COMMAND_LINES = ['npm install && npm start', 'npm install && npm test'];

/** Made by the build, the tests or npm: named in the docs, never in the tree of a fresh clone. */
const GENERATED = new Set(['node_modules', 'dist', 'dist-bench', 'test-results', 'playwright-report', 'blob-report']);
/** Not guides: the fixtures' provenance names paths of the repositories the files came from. */
const NOT_GUIDES = new Set(['mocks/fixtures/README.md']);
/** What a named file ends with, for a name without a folder to count as a file name. */
const FILE_NAME = /^[\w@-][\w@.-]*\.(ts|tsx|js|mjs|cjs|json|jsonl|md|css|html)$/;

/** Every file of the tree (repository-relative, '/'-separated), generated folders and dot-folders left out. */
function treeFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || GENERATED.has(entry.name) || entry.name.startsWith('dist-')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? treeFiles(path) : [relative(ROOT, path).split('\\').join('/')];
  });
}

const FILES = treeFiles();
const BASENAMES = new Set(FILES.map((f) => basename(f)));
const FOLDER_NAMES = new Set(FILES.flatMap((f) => f.split('/').slice(0, -1)));
/** The README and every area guide: each README.md under src/, mocks/ and e2e/. */
const DOCS = [README, ...FILES.filter((f) => /^(src|mocks|e2e)\/(.+\/)?README\.md$/.test(f) && !NOT_GUIDES.has(f))];

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
const exists = (path: string): boolean => existsSync(path);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  return new Set([...read(file).matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1] ?? '')));
}

/** What a doc names: its links, the paths in its inline code, and the paths in its code blocks. */
function namedIn(text: string): { links: string[]; paths: string[] } {
  const blocks = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? '');
  const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const links = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
  const code = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
  // In code blocks only what is plainly a path: a folder and a file name (`e2e/ledger.spec.ts`).
  const inBlocks = blocks.flatMap((b) => b.split(/[\s()[\],;:=]+/)).filter((t) => t.includes('/') && FILE_NAME.test(t.split('/').pop() ?? ''));
  return { links, paths: [...code, ...inBlocks] };
}

/**
 * Whether inline code reads as a path of this tree: a file name, or folders with a file name or a
 * trailing slash, or folders whose first one exists here (`lib/live`). Anything else (a media type,
 * an endpoint, a pattern with `*` or `<name>`, a home-folder path) is not a path of the tree.
 */
function isTreePath(token: string, docDir: string): boolean {
  if (!/^[\w@][\w@./-]*$/.test(token) || token.includes('//')) return false;
  const first = token.split('/')[0] ?? '';
  if (GENERATED.has(first)) return false;
  if (!token.includes('/')) return FILE_NAME.test(token);
  if (FILE_NAME.test(token.split('/').pop() ?? '') || token.endsWith('/')) return true;
  return exists(join(ROOT, docDir, first)) || exists(join(ROOT, first));
}

/** A path named in a doc: from the doc's folder or the repository's root; a bare file or folder name anywhere in the tree. */
function pathExists(token: string, docDir: string): boolean {
  if (!token.includes('/')) return BASENAMES.has(token) || exists(join(ROOT, docDir, token));
  if (/^[^/]+\/$/.test(token) && FOLDER_NAMES.has(token.slice(0, -1))) return true;
  return exists(join(ROOT, docDir, token)) || exists(join(ROOT, token));
}

describe('the README is a front door', () => {
  const text = read(README);

  it(`is at most ${README_MAX_LINES} lines`, () => {
    expect(text.replace(/\n$/, '').split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('gives the two command lines exactly, and package.json has their scripts', () => {
    const lines = text.split('\n').map((l) => l.trim());
    for (const command of COMMAND_LINES) expect(lines, command).toContain(command);
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['start', 'test']));
  });

  it('lists every dependency of package.json on a line of its own, the dev ones marked, and nothing else', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const section = /^## Dependencies\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(text)?.[1] ?? '';
    expect(section, 'a "## Dependencies" section').not.toBe('');
    const rows = section.split('\n').filter((l) => l.startsWith('|'));
    const named = new Map<string, string>();
    for (const row of rows) {
      const cell = row.split('|')[1] ?? '';
      for (const m of cell.matchAll(/`([^`]+)`/g)) named.set(m[1] ?? '', cell);
    }
    const expected = [...Object.keys(pkg.dependencies).map((n) => [n, false] as const), ...Object.keys(pkg.devDependencies).map((n) => [n, true] as const)];
    const problems: string[] = [];
    for (const [name, dev] of expected) {
      const cell = named.get(name);
      if (cell === undefined) problems.push(`${name}: not listed`);
      else if (/\(dev\)/.test(cell) !== dev) problems.push(`${name}: ${dev ? 'a dev dependency not marked (dev)' : 'marked (dev) but needed at run time'}`);
    }
    const known = new Set(expected.map(([n]) => n));
    for (const name of named.keys()) if (!known.has(name)) problems.push(`${name}: listed but not in package.json`);
    expect(problems).toEqual([]);
  });

  it('links every area guide', () => {
    const guides = DOCS.filter((d) => d !== README);
    expect(guides.length).toBeGreaterThanOrEqual(3);
    const links = new Set(namedIn(text).links.map((l) => l.split('#')[0]));
    expect(guides.filter((g) => !links.has(g))).toEqual([]);
  });
});

describe.each(DOCS)('%s names only what exists', (doc) => {
  const docDir = dirname(doc);
  const { links, paths } = namedIn(read(doc));

  it('its relative links lead to files, folders and headings that exist', () => {
    const broken = links
      .filter((l) => !/^[a-z]+:/i.test(l))
      .filter((link) => {
        const [target = '', anchor] = link.split('#');
        const file = target === '' ? doc : relative(ROOT, resolve(ROOT, docDir, target));
        if (!exists(join(ROOT, file))) return true;
        if (anchor === undefined || !file.endsWith('.md') || statSync(join(ROOT, file)).isDirectory()) return false;
        return !anchorsOf(file).has(anchor);
      });
    expect(broken).toEqual([]);
  });

  it('every file and folder it names exists', () => {
    const missing = paths.filter((p) => isTreePath(p, docDir) && !pathExists(p, docDir));
    expect(missing).toEqual([]);
  });
});
