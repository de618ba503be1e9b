import { describe, expect, it } from 'vitest';
import contract from './kaged-openapi.json';
import { compileImportValidators, compileValidators, ENDPOINT_BUNDLES, type Contract } from './compile-validators';

const files = compileValidators(contract as unknown as Contract);
const text = (path: string) => files.find((f) => f.path === path)?.text ?? '';

describe('compiled response validators', () => {
  it('put the endpoints a first screen calls together into one module, loaded by each of them', () => {
    const members = ENDPOINT_BUNDLES['session-view'] ?? [];
    expect(members).toHaveLength(3);
    const bundle = text('responses/session-view.gen.ts');
    const loaders = text('responses.gen.ts');
    for (const endpoint of members) {
      expect(bundle).toContain(`${JSON.stringify(endpoint)}: {`);
      expect(loaders).toContain(`${JSON.stringify(endpoint)}: () => import('./responses/session-view.gen').then((m) => m.endpoints[${JSON.stringify(endpoint)}]),`);
      // No module of its own as well.
      expect(files.some((f) => f.path === `responses/${endpoint.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}.gen.ts`)).toBe(false);
    }
  });

  it('compile a schema the bundled endpoints share once', () => {
    const bundle = text('responses/session-view.gen.ts');
    // The Error response answers every endpoint of the bundle: one export for all three.
    const exports = bundle.match(/^export const response\d+: CompiledValidator/gm) ?? [];
    const rows = (bundle.match(/^ {4}"[^"]+": response\d+,$/gm) ?? []).length;
    expect(exports.length).toBeLessThan(rows);
  });

  it('give every other endpoint its own module, and every endpoint a loader', () => {
    const loaders = text('responses.gen.ts');
    let endpoints = 0;
    for (const [path, item] of Object.entries(contract.paths)) {
      for (const method of Object.keys(item)) {
        endpoints += 1;
        expect(loaders).toContain(`${JSON.stringify(`${method.toUpperCase()} ${path}`)}: () => import(`);
      }
    }
    expect(loaders.match(/: \(\) => import\(/g)).toHaveLength(endpoints);
    expect(text('responses/get-sessions.gen.ts')).toContain('"GET /sessions": {');
  });

  it("check formats with the app's own checkers, and refuse a format none checks (a format Ajv inlines, a regular expression, needs none)", () => {
    const bundle = text('responses/session-view.gen.ts');
    expect(bundle).toContain("import { contractFormats } from '../../date-time-format';");
    expect(bundle).toContain('contractFormats["date-time"]');
    expect(files.some((f) => f.text.includes('ajv-formats'))).toBe(false);
    const schema = { $id: 'https://kaged.local/test.json', $defs: { Birthday: { type: 'string', format: 'date' } } };
    expect(() => compileImportValidators(schema)).toThrow(/the format "date", which date-time-format.ts does not check/);
  });
});
