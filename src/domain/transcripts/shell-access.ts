// What a shell command an agent ran reads and writes, read from its text: enough to tell a
// read-only look at the workspace (cat, sed -n, head, grep, rg, find, ls, git status/diff/log…)
// from a command that changes files (sed -i, tee, redirects, rm, mv, apply_patch…) or does
// something else (tests, builds, scripts). Quotes, escapes, &&, ||, ;, |, redirects and heredoc
// bodies are understood; anything else (subshells, variables) stays as written.

export interface ShellAccess {
  /** Every part only looks: nothing is written, nothing else is run. */
  readOnly: boolean;
  /** Files a part prints or reads (cat, sed -n, head, < input…). */
  reads: string[];
  /** Paths a part searches or lists (grep, rg, find, ls: their path arguments). */
  looks: string[];
  /** Files a part writes (sed -i, tee, > and >> redirects, rm, mv, cp's target, apply_patch's files). */
  writes: string[];
  /** The command with its `cd` parts left out, words joined by one space: equal commands repeat each other. */
  normalized: string;
}

const PRINT_FILE = new Set(['cat', 'head', 'tail', 'nl', 'less', 'more', 'bat', 'batcat', 'wc', 'file', 'stat', 'md5sum', 'sha256sum', 'xxd', 'hexdump', 'od', 'strings', 'jq']);
const SEARCH = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack']);
const LIST = new Set(['ls', 'tree', 'fd', 'du', 'find']);
const NEUTRAL = new Set(['cd', 'echo', 'printf', 'true', 'pwd', 'sleep', 'export', 'set', 'which', 'type', 'date', 'whoami']);
const GIT_LOOK = new Set(['status', 'diff', 'log', 'show', 'blame', 'grep', 'ls-files', 'rev-parse', 'branch']);
const WRITE_ALL = new Set(['touch', 'rm', 'rmdir', 'mkdir', 'truncate', 'chmod', 'tee', 'unlink']);
const PREFIXES = new Set(['sudo', 'timeout', 'nice', 'env', 'command', 'time']);
const OPERATORS = ['&&', '||', ';', '|', '&', '\n'];

type Token = { word: string } | { op: string };

/** Drops heredoc bodies (<<EOF … EOF), keeping `<<` so the command still says it reads standard input. */
export function withoutHeredocs(command: string): { text: string; bodies: string[] } {
  const bodies: string[] = [];
  const text = command.replace(/<<-?\s*(['"]?)([A-Za-z_][\w-]*)\1([^\n]*)\n([\s\S]*?)(?:\n[ \t]*\2[ \t]*(?=\n|$)|$)/g, (_m, _q: string, _d: string, rest: string, body: string) => {
    bodies.push(body);
    return `<< HEREDOC${rest}`;
  });
  return { text, bodies };
}

/** Shell words and operators (quotes and backslashes as the shell reads them). */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let word: string | null = null;
  const flush = (): void => {
    if (word !== null) out.push({ word });
    word = null;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      word = (word ?? '') + text.slice(i + 1, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end;
    } else if (ch === '"') {
      let j = i + 1;
      let s = '';
      for (; j < text.length && text[j] !== '"'; j++) s += text[j] === '\\' && j + 1 < text.length ? text[++j] : text[j];
      word = (word ?? '') + s;
      i = j;
    } else if (ch === '\\' && i + 1 < text.length) {
      word = (word ?? '') + (text[i + 1] === '\n' ? '' : text[i + 1]);
      i++;
    } else if (ch === ' ' || ch === '\t') flush();
    else {
      const op = OPERATORS.find((o) => text.startsWith(o, i)) ?? (/[<>]/.test(ch) ? (text.slice(i).match(/^(>>|>|<<|<)/)?.[0] ?? null) : null);
      if (op !== null) {
        const fd = word !== null && /^\d$/.test(word) && (op === '>' || op === '>>') ? word : null;
        if (fd === null) flush();
        else word = null;
        out.push({ op: op === '>' || op === '>>' ? `${fd ?? ''}${op}` : op });
        i += op.length - 1;
        const dup = op.endsWith('>') ? /^&(\d+|-)/.exec(text.slice(i + 1)) : null;
        if (dup) {
          out.push({ word: dup[0] });
          i += dup[0].length;
        }
      } else word = (word ?? '') + ch;
    }
  }
  flush();
  return out;
}

/** Files an apply_patch body touches: its Add / Update / Delete File and Move to lines. */
export function patchFiles(patch: string): string[] {
  return [...patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm)].map((m) => (m[1] ?? m[2] ?? '').trim()).filter((f) => f !== '');
}

const isOption = (w: string): boolean => w.startsWith('-') && w !== '-';

/** Options that take the next word as their value, per program family (so the value is not read as a file). */
const VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  search: new Set(['-e', '-f', '-A', '-B', '-C', '-m', '-g', '-t', '-T', '--glob', '--type', '--max-count', '--context', '--include', '--exclude']),
  sed: new Set(['-e', '-f']),
  awk: new Set(['-F', '-f', '-v']),
  /** head and tail. */
  print: new Set(['-n', '-c']),
};

/** The operands of a command (not options, nor the values of options that take one). */
function operandsOf(rest: readonly string[], valueOptions: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    if (valueOptions.has(w)) i++;
    else if (!isOption(w)) out.push(w);
  }
  return out;
}

/** Reads, looks and writes of one simple command; false when it does more than look. */
function simpleCommand(words: string[], redirects: { op: string; target: string }[], heredocs: string[], acc: ShellAccess): boolean {
  for (const r of redirects) {
    if (r.op === '<') acc.reads.push(r.target);
    else if (r.op !== '<<' && r.target !== '/dev/null' && !r.target.startsWith('&')) acc.writes.push(r.target);
  }
  let args = words;
  for (;;) {
    if (args[0] && /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[0])) args = args.slice(1);
    else if (args[0] && PREFIXES.has(args[0])) args = args.slice(args[0] === 'timeout' ? 2 : 1);
    else break;
  }
  const [program = '', ...rest] = args;
  const name = program.replace(/^.*\//, '');
  const operands = operandsOf(rest);
  const redirected = redirects.some((r) => r.op.endsWith('>') && r.target !== '/dev/null' && !r.target.startsWith('&'));
  if (name === '') return !redirected;
  if (name === 'apply_patch' || (name === 'git' && rest[0] === 'apply')) {
    acc.writes.push(...heredocs.flatMap(patchFiles), ...operands.slice(name === 'git' ? 1 : 0).flatMap(patchFiles));
    return false;
  }
  if (name === 'sed' || name === 'perl') {
    const inPlace = rest.some((w) => /^-[a-zA-Z]*i/.test(w) || w.startsWith('--in-place'));
    const files = operandsOf(rest, VALUE_OPTIONS.sed).slice(rest.some((w) => w === '-e' || w === '-f') ? 0 : 1);
    if (inPlace) acc.writes.push(...files);
    else acc.reads.push(...files);
    return !inPlace && !redirected && (name === 'sed' || rest.includes('-n') || rest.includes('-ne'));
  }
  if (name === 'awk') {
    acc.reads.push(...operandsOf(rest, VALUE_OPTIONS.awk).slice(rest.includes('-f') ? 0 : 1));
    return !redirected;
  }
  if (PRINT_FILE.has(name)) {
    const files = operandsOf(rest, name === 'head' || name === 'tail' ? VALUE_OPTIONS.print : undefined);
    acc.reads.push(...(name === 'jq' ? files.slice(1) : files));
    return !redirected;
  }
  if (SEARCH.has(name)) {
    const patternGiven = rest.some((w) => w === '-e' || w === '-f' || w.startsWith('--regexp'));
    acc.looks.push(...operandsOf(rest, VALUE_OPTIONS.search).slice(patternGiven || rest.includes('--files') ? 0 : 1));
    return !redirected;
  }
  if (LIST.has(name)) {
    const destructive = name === 'find' && rest.some((w) => w === '-delete' || w === '-exec' || w === '-execdir' || w === '-ok');
    const expression = rest.findIndex((w) => isOption(w) || w === '(' || w === '!');
    acc.looks.push(...(name === 'find' ? rest.slice(0, expression < 0 ? rest.length : expression) : operands));
    return !destructive && !redirected;
  }
  if (name === 'git') {
    const sub = rest.find((w) => !isOption(w)) ?? '';
    if (GIT_LOOK.has(sub) && !(sub === 'branch' && rest.some((w) => w === '-d' || w === '-D' || w === '-m'))) return !redirected;
    if (sub === 'checkout' || sub === 'restore' || sub === 'rm' || sub === 'mv') acc.writes.push(...operands.slice(1).filter((w) => w !== '--'));
    return false;
  }
  if (NEUTRAL.has(name)) return !redirected;
  if (WRITE_ALL.has(name)) acc.writes.push(...operands);
  else if (name === 'mv' || name === 'cp' || name === 'ln') acc.writes.push(...(name === 'mv' ? operands : operands.slice(-1)));
  return false;
}

/** What a shell command reads and writes, and whether it only looks. */
export function shellAccess(command: string): ShellAccess {
  const { text, bodies } = withoutHeredocs(command);
  const acc: ShellAccess = { readOnly: true, reads: [], looks: [], writes: [], normalized: '' };
  const parts: string[] = [];
  let words: string[] = [];
  let redirects: { op: string; target: string }[] = [];
  let pendingRedirect: string | null = null;
  let heredocIndex = 0;
  let heredocs: string[] = [];
  const end = (): void => {
    if (words.length > 0 || redirects.length > 0) {
      if (!simpleCommand(words, redirects, heredocs, acc)) acc.readOnly = false;
      if (words[0] !== 'cd') parts.push([...words, ...redirects.map((r) => `${r.op} ${r.target}`)].join(' '));
    }
    words = [];
    redirects = [];
    heredocs = [];
  };
  for (const t of tokenize(text)) {
    if ('word' in t) {
      if (pendingRedirect !== null) {
        redirects.push({ op: pendingRedirect, target: t.word });
        if (pendingRedirect === '<<') heredocs.push(bodies[heredocIndex++] ?? '');
        pendingRedirect = null;
      } else words.push(t.word);
    } else if (/^\d?(>>|>)$|^<<?$/.test(t.op)) pendingRedirect = t.op.replace(/^\d/, (d) => (d === '2' ? '2' : ''));
    else end();
  }
  end();
  acc.normalized = parts.join(' ; ');
  return acc;
}
