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
  // the domain core: imports only itself, and no UI library
  'src/domain/core.ts': 'export const core = 1;\n',
  'src/domain/uses-core.ts': "import { core } from './core';\nexport const pure = core;\n",
  'src/domain/uses-lib.ts': "import { shared } from '../lib/shared';\nexport const impure = shared;\n",
  'src/domain/uses-react.ts': "import { useState } from 'react';\nexport const hook = useState;\n",
  'src/domain/uses-query.ts': "import { useQuery } from '@tanstack/react-query';\nexport const query = useQuery;\n",
  'src/domain/uses-store.ts': "import { create } from 'zustand';\nexport const store = create;\n",
  // the simulator: the core of src/ and nothing else
  'mocks/uses-core.ts': "import { core } from '../src/domain/core';\nexport const fromCore = core;\n",
  'mocks/uses-lib.ts': "import { shared } from '../src/lib/shared';\nexport const fromLib = shared;\n",
  'mocks/uses-feature.ts': "import { alpha } from '../src/features/alpha/lib/alpha';\nexport const fromFeature = alpha;\n",
  // test helpers: for tests only
  'src/test-support/helper.ts': "import { core } from '../domain/core';\nexport const helper = core;\n",
  'src/features/alpha/test-support/alpha-helper.ts': 'export const alphaHelper = 1;\n',
  'src/features/alpha/lib/uses-helper.ts': "import { helper } from '../../../test-support/helper';\nexport const shipped = helper;\n",
  'src/features/alpha/lib/uses-own-helper.ts': "import { alphaHelper } from '../test-support/alpha-helper';\nexport const shippedToo = alphaHelper;\n",
  'src/features/alpha/lib/alpha.test.ts': "import { helper } from '../../../test-support/helper';\nimport { alphaHelper } from '../test-support/alpha-helper';\nexport const fixtures = [helper, alphaHelper];\n",
  'mocks/uses-helper.ts': "import { fixture } from './engine/test-support/fixture';\nexport const shippedFixture = fixture;\n",
  'mocks/engine/test-support/fixture.ts': 'export const fixture = 1;\n',
  // lib is infrastructure: it never imports components or hooks
  'src/components/widget.ts': 'export const widget = 1;\n',
  'src/hooks/use-thing.ts': 'export const useThing = () => 1;\n',
  'src/lib/uses-component.ts': "import { widget } from '../components/widget';\nexport const drawn = widget;\n",
  'src/lib/uses-hook.ts': "import { useThing } from '../hooks/use-thing';\nexport const hooked = useThing;\n",
  'src/components/uses-lib-and-hook.ts': "import { shared } from '../lib/shared';\nimport { useThing } from '../hooks/use-thing';\nexport const composed = [shared, useThing];\n",
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
    expect(reported('src/lib/uses-simulator.ts')).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"lib".*"simulator"/)]);
    expect(reported('src/lib/simulator.test.ts')).toEqual([]);
    expect(reported('src/main.tsx')).toEqual([]);
    const [eager] = await eslint.lintText("import { simulated } from '../mocks/store';\nexport const eager = simulated;\n", { filePath: join(root, 'src/main.tsx') });
    expect(eager?.messages.map((m) => m.ruleId)).toEqual(['boundaries/dependencies']);
  });

  it('allows what the layers allow: a page composing a feature, a feature using shared code', () => {
    expect(reported('src/pages/page.tsx')).toEqual([]);
    expect(reported('src/features/alpha/lib/alpha.ts')).toEqual([]);
  });

  it('keeps the domain core pure: it imports only itself, and no UI framework or state library', () => {
    expect(reported('src/domain/uses-core.ts')).toEqual([]);
    expect(reported('src/domain/uses-lib.ts')).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"domain".*"lib"/)]);
    for (const file of ['src/domain/uses-react.ts', 'src/domain/uses-query.ts', 'src/domain/uses-store.ts']) {
      expect(reported(file), file).toEqual([expect.stringMatching(/^no-restricted-imports: .*domain core/)]);
    }
  });

  it('lets the simulator import the core of src/ and nothing else', () => {
    expect(reported('mocks/uses-core.ts')).toEqual([]);
    expect(reported('mocks/uses-lib.ts')).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"simulator".*"lib"/)]);
    expect(reported('mocks/uses-feature.ts')).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"simulator".*"feature"/)]);
  });

  it('reports production code importing a test helper, and lets a test import it', () => {
    expect(reported('src/features/alpha/lib/uses-helper.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Only tests import test helpers/),
      expect.stringMatching(/^boundaries\/dependencies: .*"feature".*"test-support"/),
    ]);
    expect(reported('src/features/alpha/lib/uses-own-helper.ts')).toEqual([expect.stringMatching(/^no-restricted-imports: .*Only tests import test helpers/)]);
    expect(reported('mocks/uses-helper.ts')).toEqual([expect.stringMatching(/^no-restricted-imports: .*Only tests import test helpers/)]);
    expect(reported('src/features/alpha/lib/alpha.test.ts')).toEqual([]);
  });

  it('reports lib importing a component or a hook, and lets a component use both', () => {
    expect(reported('src/lib/uses-component.ts')).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"lib".*"components"/)]);
    expect(reported('src/lib/uses-hook.ts')).toEqual([expect.stringMatching(/^boundaries\/dependencies: .*"lib".*"hooks"/)]);
    expect(reported('src/components/uses-lib-and-hook.ts')).toEqual([]);
  });
});
