// What one tool call of a transcript looks at and what it changes, for every format's tools, as
// their real transcripts name them:
// - Claude Code: Read {file_path}, Grep {pattern, path, glob}, Glob {pattern, path}, LS {path},
//   Bash {command}; Edit / MultiEdit / Write {file_path}, NotebookEdit {notebook_path}.
// - Codex: exec_command {cmd}, shell {command: [...]}, shell_command {command}, local_shell {command:
//   [...]}: shell commands;
//   apply_patch (free-form patch text, or {input}); view_image {path}.
// - Gemini CLI: read_file {absolute_path | file_path}, read_many_files {paths}, glob {pattern, path},
//   search_file_content / grep_search {pattern, path, include}, list_directory {path | dir_path},
//   run_shell_command {command}; write_file / replace {file_path}.
// - mini-swe-agent and SWE-agent: bash {command}.
// A call whose arguments cannot be read (not JSON, e.g. redacted) is not understood: it is counted
// apart, never read as "no re-read".

import { isObject, stringOrNull, type JsonObject } from './common';
import { patchFiles, shellAccess } from './shell-access';

export interface ToolAccess {
  /** The arguments could be read. */
  understood: boolean;
  /** The call only looks (a file read, a search, a listing, a read-only shell command). */
  readLike: boolean;
  /** Read-like calls with the same key repeat each other: the tool and its key argument. */
  key: string | null;
  /** The one file it reads, when it reads exactly one (keys of file reads match by path, see samePath). */
  file: string | null;
  /** Every path it reads or looks in. */
  paths: string[];
  /** Files it writes or edits. */
  writes: string[];
}

const FILE_READ = new Set(['Read', 'read_file', 'view_image']);
const SEARCH = new Set(['Grep', 'search_file_content', 'grep_search', 'grep', 'Glob', 'glob', 'LS', 'list_directory', 'ls', 'read_many_files']);
const EDIT = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit', 'write_file', 'replace', 'edit', 'create_file', 'str_replace_editor']);
const SHELL = new Set(['Bash', 'bash', 'shell', 'shell_command', 'exec_command', 'run_shell_command', 'local_shell', 'container.exec']);

const NOT_UNDERSTOOD: ToolAccess = { understood: false, readLike: false, key: null, file: null, paths: [], writes: [] };
const NEITHER: ToolAccess = { understood: true, readLike: false, key: null, file: null, paths: [], writes: [] };

function parseArgs(args: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(args);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

const pathArg = (a: JsonObject): string | null => stringOrNull(a.file_path) ?? stringOrNull(a.absolute_path) ?? stringOrNull(a.notebook_path) ?? stringOrNull(a.path) ?? stringOrNull(a.dir_path);

/** The command a shell tool ran: a string, or an argv (["bash", "-lc", "…"] runs its last word). */
function commandOf(a: JsonObject): string | null {
  const c = a.command ?? a.cmd;
  if (typeof c === 'string') return c;
  if (Array.isArray(c) && c.every((w) => typeof w === 'string')) {
    const argv = c as string[];
    if (argv.length >= 3 && /(^|\/)(ba|z|)sh$/.test(argv[0] ?? '') && /^-\w*c$/.test(argv[1] ?? '')) return argv.slice(2).join(' ');
    return argv.map((w) => (/[\s'"]/.test(w) ? `'${w.replace(/'/g, "'\\''")}'` : w)).join(' ');
  }
  return null;
}

/** What a call of tool `name` with `args` (JSON text, as ImportedToolCall.arguments) looks at and changes. */
export function toolAccess(name: string, args: string): ToolAccess {
  if (name === 'apply_patch') {
    const a = parseArgs(args);
    const patch = a ? (stringOrNull(a.input) ?? stringOrNull(a.patch)) : args;
    return patch === null ? NOT_UNDERSTOOD : { ...NEITHER, writes: patchFiles(patch), understood: patchFiles(patch).length > 0 };
  }
  const a = parseArgs(args);
  // Any other tool (web search, MCP, plans, subagents) neither reads nor writes the workspace.
  if (!FILE_READ.has(name) && !SEARCH.has(name) && !EDIT.has(name) && !SHELL.has(name)) return NEITHER;
  if (!a) return NOT_UNDERSTOOD;
  if (FILE_READ.has(name)) {
    const file = pathArg(a);
    return file === null ? NOT_UNDERSTOOD : { understood: true, readLike: true, key: `${name} ${file}`, file, paths: [file], writes: [] };
  }
  if (SEARCH.has(name)) {
    const paths = Array.isArray(a.paths) ? a.paths.filter((p): p is string => typeof p === 'string') : [pathArg(a) ?? '.'];
    const what = ['pattern', 'path', 'dir_path', 'glob', 'include', 'type', 'paths', 'output_mode'].map((k) => JSON.stringify(a[k] ?? null)).join(' ');
    return { understood: true, readLike: true, key: `${name} ${what}`, file: null, paths, writes: [] };
  }
  if (EDIT.has(name)) {
    const file = pathArg(a);
    return file === null ? NOT_UNDERSTOOD : { ...NEITHER, writes: [file] };
  }
  const command = commandOf(a);
  if (command === null) return NOT_UNDERSTOOD;
  const shell = shellAccess(command);
  if (!shell.readOnly) return { ...NEITHER, writes: shell.writes };
  const onlyFile = shell.reads.length === 1 && shell.looks.length === 0 ? (shell.reads[0] ?? null) : null;
  return {
    understood: true,
    readLike: true,
    key: onlyFile !== null ? `${name} file ${onlyFile}` : `${name} ${shell.normalized}`,
    file: onlyFile,
    paths: [...shell.reads, ...shell.looks],
    writes: [],
  };
}

/**
 * Whether two paths name the same file as far as the transcript can tell: equal once "./" and
 * trailing slashes are dropped, or one is the other with a leading folder (an absolute path and
 * the same path relative to the working folder).
 */
export function samePath(a: string, b: string): boolean {
  const norm = (p: string): string => p.replace(/^\.\//, '').replace(/\/+$/, '');
  const x = norm(a);
  const y = norm(b);
  return x === y || x.endsWith(`/${y}`) || y.endsWith(`/${x}`);
}

/** Whether `path` is `dir` or lies under it (a folder searched, a file written inside it). */
export function within(path: string, dir: string): boolean {
  const d = dir.replace(/^\.\//, '').replace(/\/+$/, '');
  return d === '' || d === '.' || samePath(path, d) || path.includes(`${d}/`);
}
