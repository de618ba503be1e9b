// The code's shape is enforced by lint (eslint.config.js): these deliberate violations, written to a
// throwaway project laid out like this one (so they never reach the normal lint run or the build),
// must each be reported, and the allowed imports beside them must not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const FILES: Record<string, string> = {
  // shared, the simulator, a page
  'src/lib/shared.ts': 'export const shared = 1;\n',
  'src/lib/cycle-one.ts': "import { two } from './cycle-two';\nexport const one = () => two;\n",
  'src/lib/cycle-two.ts': "import { one } from './cycle-one';\nexport const two = () => one;\n",
  'src/lib/uses-simulator.ts': "import { simulated } from '../../mocks/store';\nexport const fromSimulator = simulated;\n",
  'src/lib/simulator.test.ts': "import { simulated } from '../../mocks/store';\nexport const fixture = simulated;\n",
  'mocks/store.ts': 'export const simulated = 1;\n',
  'src/pages/page.tsx': "import { alpha } from '../features/alpha/lib/alpha';\nexport const page = alpha;\n",
  // two features
  'src/features/alpha/lib/alpha.ts': "import { shared } from '../../../lib/shared';\nexport const alpha = shared;\n",
  'src/features/alpha/lib/uses-beta.ts': "import { beta } from '../../beta/lib/beta';\nexport const crossed = beta;\n",
  'src/features/alpha/components/uses-page.ts': "import { page } from '../../../pages/page';\nexport const upwards = page;\n",
  'src/features/beta/lib/beta.ts': "import { alpha } from '../../alpha/lib/alpha';\nexport const beta = alpha;\n",
  // the entry: demo mode's dynamic import of the simulator only
  'src/main.tsx': "export const start = () => import('../mocks/store');\n",
};

let root: string;
let eslint: ESLint;
let results: Map<string, ESLint.LintResult>;

/** The rules that reported on a file: `rule: message` per problem. */
function reported(file: string): string[] {
  const result = results.get(file);
  if (!result) throw new Error(`${file} was not linted`);
  return result.messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'compactor-code-shape-'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: resolve(import.meta.dirname, '..', 'eslint.config.js'),
    overrideConfig: { settings: { 'boundaries/root-path': root } },
  });
  const linted = await eslint.lintFiles(['src', 'mocks']);
  results = new Map(linted.map((r) => [r.filePath.slice(root.length + 1), r]));
}, 120_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('lint keeps the code shape', () => {
  it('reports a feature importing another feature, both ways', () => {
    expect(reported('src/features/alpha/lib/uses-beta.ts')).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*name="alpha".*name="beta"/)]);
    expect(reported('src/features/beta/lib/beta.ts')).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*name="beta".*name="alpha"/)]);
  });

  it('reports a feature importing a page (layers import only downwards)', () => {
    expect(reported('src/features/alpha/components/uses-page.ts')).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"feature".*"pages"/)]);
  });

  it('reports an import cycle', () => {
    expect(reported('src/lib/cycle-one.ts')).toEqual(['import-x/no-cycle: Dependency cycle detected']);
    expect(reported('src/lib/cycle-two.ts')).toEqual(['import-x/no-cycle: Dependency cycle detected']);
  });

  it('reports production code importing the simulator, but not a test, nor demo mode loading it on demand', async () => {
    expect(reported('src/lib/uses-simulator.ts')).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"shared".*"simulator"/)]);
    expect(reported('src/lib/simulator.test.ts')).toEqual([]);
    expect(reported('src/main.tsx')).toEqual([]);
    const [eager] = await eslint.lintText("import { simulated } from '../mocks/store';\nexport const eager = simulated;\n", { filePath: join(root, 'src/main.tsx') });
    expect(eager?.messages.map((m) => m.ruleId)).toEqual(['boundaries/dependencies']);
  });

  it('allows what the layers allow: a page composing a feature, a feature using shared code', () => {
    expect(reported('src/pages/page.tsx')).toEqual([]);
    expect(reported('src/features/alpha/lib/alpha.ts')).toEqual([]);
  });
});
