import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enumConstantName, enumsModule } from './generate-enums';
import * as enums from './enums.gen';

describe('the contract enums', () => {
  it('names each list for the schema it holds', () => {
    expect(enumConstantName('Strategy')).toBe('STRATEGIES');
    expect(enumConstantName('SessionStatus')).toBe('SESSION_STATUSES');
    expect(enumConstantName('CompactionSort')).toBe('COMPACTION_SORTS');
    expect(enumConstantName('Flag')).toBe('FLAGS');
    expect(enumConstantName('AuditType')).toBe('AUDIT_TYPES');
  });

  it('lists every string enum of the contract in its order, and nothing else', () => {
    const contract = JSON.parse(readFileSync(new URL('./kaged-openapi.json', import.meta.url), 'utf8')) as {
      components: { schemas: Record<string, { enum?: unknown[] }> };
    };
    const expected = Object.entries(contract.components.schemas)
      .filter(([, s]) => Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string'))
      .map(([name, s]) => [enumConstantName(name), s.enum]);
    expect(Object.entries(enums)).toEqual(expected);
    expect(enums.STRATEGIES).toEqual(['drop', 'summarize', 'delegate', 'checkpoint']);
  });

  it('writes a module that types each list by its schema', () => {
    const text = enumsModule({ components: { schemas: { Mode: { enum: ['a', 'b'] }, Level: { enum: [1, 2] }, Count: { type: 'integer' } } } });
    expect(text).toContain(`export const MODES = ["a", "b"] as const satisfies readonly components['schemas']['Mode'][];`);
    expect(text).not.toContain('COUNTS');
    expect(text).not.toContain('LEVELS');
  });
});
