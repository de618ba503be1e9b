import { describe, expect, it } from 'vitest';
import { samePath, toolAccess, within } from './tool-access';

const args = (o: object): string => JSON.stringify(o);

// Each tool as its agent's real transcripts call it (the fixtures under mocks/fixtures/transcripts).
describe('toolAccess', () => {
  it('Claude Code: Read, Grep, Glob, Bash look; Edit, MultiEdit, Write change', () => {
    expect(toolAccess('Read', args({ file_path: '/home/u/p/lib/a.ex' }))).toMatchObject({ readLike: true, file: '/home/u/p/lib/a.ex', paths: ['/home/u/p/lib/a.ex'] });
    expect(toolAccess('Read', args({ file_path: '/home/u/p/lib/a.ex', offset: 100, limit: 50 })).key).toBe(toolAccess('Read', args({ file_path: '/home/u/p/lib/a.ex' })).key);
    const grep = toolAccess('Grep', args({ pattern: '@show_debug', path: '/p/lib/live.ex', output_mode: 'content' }));
    expect(grep).toMatchObject({ readLike: true, file: null, paths: ['/p/lib/live.ex'] });
    expect(grep.key).not.toBe(toolAccess('Grep', args({ pattern: '@show_debug', path: '/p/test' })).key);
    expect(toolAccess('Glob', args({ pattern: 'lib/**/*.ex' }))).toMatchObject({ readLike: true, paths: ['.'] });
    expect(toolAccess('Bash', args({ command: 'git status', description: 'Status' }))).toMatchObject({ readLike: true, paths: [] });
    expect(toolAccess('Bash', args({ command: 'mix test' }))).toMatchObject({ readLike: false, writes: [] });
    for (const name of ['Edit', 'MultiEdit', 'Write']) expect(toolAccess(name, args({ file_path: '/p/a.ex', old_string: 'x', new_string: 'y' }))).toMatchObject({ readLike: false, writes: ['/p/a.ex'] });
    expect(toolAccess('NotebookEdit', args({ notebook_path: '/p/n.ipynb' })).writes).toEqual(['/p/n.ipynb']);
  });

  it('Codex: exec_command {cmd}, shell and local_shell argv, apply_patch as free-form input or {input}', () => {
    const cmd = toolAccess('exec_command', args({ cmd: "sed -n '1,260p' /repo/src/pages/AnalyticsPage.tsx", yield_time_ms: 1000 }));
    expect(cmd).toMatchObject({ readLike: true, file: '/repo/src/pages/AnalyticsPage.tsx' });
    expect(cmd.key).toBe(toolAccess('exec_command', args({ cmd: 'cat /repo/src/pages/AnalyticsPage.tsx' })).key);
    expect(toolAccess('shell', args({ command: ['bash', '-lc', 'cat src/a.rs'], workdir: '/repo' }))).toMatchObject({ readLike: true, file: 'src/a.rs' });
    expect(toolAccess('local_shell', args({ type: 'exec', command: ['cat', 'a.txt'] }))).toMatchObject({ readLike: true, file: 'a.txt' });
    const patch = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** End Patch';
    expect(toolAccess('apply_patch', args({ input: patch }))).toMatchObject({ understood: true, readLike: false, writes: ['src/a.ts'] });
    expect(toolAccess('apply_patch', patch).writes).toEqual(['src/a.ts']);
    expect(toolAccess('update_plan', args({ plan: [] }))).toMatchObject({ understood: true, readLike: false, writes: [] });
  });

  it('Gemini CLI: read_file, read_many_files, glob, search_file_content, list_directory, run_shell_command look; write_file, replace change', () => {
    expect(toolAccess('read_file', args({ file_path: '/Users/j/lead.txt' }))).toMatchObject({ readLike: true, file: '/Users/j/lead.txt' });
    expect(toolAccess('read_file', args({ absolute_path: '/Users/j/lead.txt' })).file).toBe('/Users/j/lead.txt');
    expect(toolAccess('read_many_files', args({ paths: ['src/a.ts', 'src/b.ts'] }))).toMatchObject({ readLike: true, paths: ['src/a.ts', 'src/b.ts'] });
    expect(toolAccess('list_directory', args({ dir_path: '/Users/j/assistants/' }))).toMatchObject({ readLike: true, paths: ['/Users/j/assistants/'] });
    expect(toolAccess('search_file_content', args({ pattern: 'blocky', path: 'src' })).readLike).toBe(true);
    expect(toolAccess('run_shell_command', args({ command: 'cat /etc/blocky/config.yml', description: 'Show the config.' }))).toMatchObject({ readLike: true, file: '/etc/blocky/config.yml' });
    expect(toolAccess('run_shell_command', args({ command: 'ssh root@192.168.8.1 "uptime"' })).readLike).toBe(false);
    expect(toolAccess('write_file', args({ file_path: '/p/b.txt', content: 'x' })).writes).toEqual(['/p/b.txt']);
    expect(toolAccess('replace', args({ file_path: '/p/b.txt', old_string: 'a', new_string: 'b' })).writes).toEqual(['/p/b.txt']);
    expect(toolAccess('google_web_search', args({ query: 'x' })).readLike).toBe(false);
  });

  it('mini-swe-agent: bash {command}', () => {
    expect(toolAccess('bash', args({ command: 'cd /testbed && cat django/db/models/query.py' }))).toMatchObject({ readLike: true, file: 'django/db/models/query.py' });
    expect(toolAccess('bash', args({ command: "cd /testbed && sed -i 's/a/b/' django/db/models/query.py" })).writes).toEqual(['django/db/models/query.py']);
  });

  it('arguments it cannot read (redacted, not JSON) are not understood, never read as "not a read"', () => {
    expect(toolAccess('exec_command', '[REDACTED_ARGUMENTS len=83 sha=b4e1e5f7]')).toMatchObject({ understood: false, readLike: false });
    expect(toolAccess('apply_patch', args({ input: '[REDACTED_INPUT len=2571 sha=adb0568c]' })).understood).toBe(false);
    expect(toolAccess('Read', args({})).understood).toBe(false);
  });
});

describe('paths', () => {
  it('an absolute path and the same path relative to the working folder are the same file', () => {
    expect(samePath('/repo/src/a.ts', 'src/a.ts')).toBe(true);
    expect(samePath('./src/a.ts', 'src/a.ts')).toBe(true);
    expect(samePath('/repo/src/a.ts', 'a.ts')).toBe(true);
    expect(samePath('/repo/src/a.ts', 'b/a.ts')).toBe(false);
    expect(samePath('/repo/src/aa.ts', 'a.ts')).toBe(false);
  });

  it('a file lies within the folder searched', () => {
    expect(within('/repo/src/a.ts', 'src')).toBe(true);
    expect(within('/repo/src/a.ts', '.')).toBe(true);
    expect(within('/repo/lib/a.ts', 'src')).toBe(false);
  });
});
