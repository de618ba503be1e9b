import { describe, expect, it } from 'vitest';
import { patchFiles, shellAccess } from './shell-access';

// The commands are the agents' own, from the fixtures (mini-swe-agent, Codex, Claude Code, Gemini CLI).
describe('shellAccess', () => {
  it.each([
    ["cd /testbed && cat astropy/modeling/separable.py", ['astropy/modeling/separable.py']],
    ["sed -n '1,220p' /Users/Sample_User/.codex/skills/SKILL.md", ['/Users/Sample_User/.codex/skills/SKILL.md']],
    ['sed -n \'40,180p\' /Users/Sample_User/Downloads/Sample\\ BiS\\ Demo\\ Prep.vtt', ['/Users/Sample_User/Downloads/Sample BiS Demo Prep.vtt']],
    ['cd /testbed && head -n 50 django/db/models/query.py', ['django/db/models/query.py']],
    ['cat -n src/a.py | head -40', ['src/a.py']],
    ['nl -ba src/app.ts | sed -n "10,30p"', ['src/app.ts']],
    ['tail -f log.txt 2>/dev/null', ['log.txt']],
  ])('%s reads %j and only looks', (command, reads) => {
    const a = shellAccess(command);
    expect(a.readOnly).toBe(true);
    expect(a.reads).toEqual(reads);
    expect(a.writes).toEqual([]);
  });

  it.each([
    ['cd /testbed && grep -n "def _cstack" astropy/modeling/separable.py', ['astropy/modeling/separable.py']],
    ['rg -n -i "codemie|demo" /Users/Sample_User/repos/ui/src', ['/Users/Sample_User/repos/ui/src']],
    ['rg --files /repo/src | rg -i "analytics|budget"', ['/repo/src']],
    ['find . -name "*.py" -path "*migrations*"', ['.']],
    ['ls -la lib/spotter_web/live', ['lib/spotter_web/live']],
    ['git status --short && git diff --stat', []],
    ['grep -rn -e "TODO" -A 2 src tests', ['src', 'tests']],
  ])('%s searches or lists %j', (command, looks) => {
    const a = shellAccess(command);
    expect(a.readOnly).toBe(true);
    expect(a.looks).toEqual(looks);
    expect(a.reads).toEqual([]);
  });

  it.each([
    ["cd /testbed && sed -i 's/n - 1/n/' src/range.py", ['src/range.py']],
    ["cat > /testbed/reproduce.py << 'EOF'\nimport sys\nprint(sys.argv)\nEOF", ['/testbed/reproduce.py']],
    ['echo "x = 1" >> config.py', ['config.py']],
    ['git diff > changes.patch 2>&1', ['changes.patch']],
    ['rm -rf build && mkdir build', ['build', 'build']],
    ['mv a.txt b.txt', ['a.txt', 'b.txt']],
    ['cp template.ex lib/new.ex', ['lib/new.ex']],
    ["apply_patch <<'PATCH'\n*** Begin Patch\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** Add File: src/b.ts\n+z\n*** End Patch\nPATCH", ['src/a.ts', 'src/b.ts']],
    ['git checkout -- lib/a.ex', ['lib/a.ex']],
  ])('%s writes %j', (command, writes) => {
    const a = shellAccess(command);
    expect(a.readOnly).toBe(false);
    expect(a.writes).toEqual(writes);
  });

  it.each(['cd /testbed && python reproduce.py', 'mix test test/spotter_web', 'pip install -e .', 'bd show spotter-dov', 'find . -name "*.pyc" -delete', 'perl -e "print 1"'])('%s does more than look', (command) => {
    expect(shellAccess(command).readOnly).toBe(false);
  });

  it('normalizes a command: cd parts left out, words by one space, quotes read', () => {
    expect(shellAccess("cd /testbed &&   cat  'a b.py'").normalized).toBe('cat a b.py');
    expect(shellAccess('cd /testbed && cat x.py').normalized).toBe(shellAccess('cat x.py').normalized);
    expect(shellAccess('ps -ef | rg -i "chrome"').normalized).toBe('ps -ef ; rg -i chrome');
  });

  it('reads an apply_patch body for the files it touches', () => {
    expect(patchFiles('*** Begin Patch\n*** Update File: a.ts\n*** Move to: b.ts\n*** Delete File: c.ts\n*** End Patch')).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });
});
