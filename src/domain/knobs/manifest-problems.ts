/**
 * How the manifest checks (manifest-check.ts, knob-kind-checks.ts) word and gather their problems:
 * values shown short and printable, type names in plain words, each message naming the plugin and
 * the knob.
 */
import type { ManifestProblem } from './knob-kinds';

/** A declaration or manifest read as an object. */
export type Rec = Record<string, unknown>;

export const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isPositiveInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1;

/** A value as it appears in a message: short, printable, never the whole of a hostile string. */
export function show(value: unknown): string {
  let text: string;
  try {
    text =
      typeof value === 'string'
        ? JSON.stringify(value)
        : value === undefined
          ? 'nothing'
          : typeof value === 'number' || typeof value === 'bigint'
            ? String(value)
            : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number') return Number.isFinite(value) ? 'a number' : String(value);
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Whether a number lies on min + k·step (within floating-point noise). */
export function onStep(value: number, min: number, step: number): boolean {
  const k = (value - min) / step;
  return Math.abs(k - Math.round(k)) <= 1e-9 * Math.max(1, Math.abs(k));
}

export class Collector {
  readonly problems: ManifestProblem[] = [];
  /** plugin null: the built-in compaction block. */
  constructor(
    private readonly plugin: string | null,
    private readonly knob: string | null,
  ) {}

  add(field: string | null, what: string): void {
    const where =
      this.plugin === null ? `Built-in knob "${this.knob ?? '?'}"` : this.knob === null ? `Plugin "${this.plugin}"` : `Plugin "${this.plugin}", knob "${this.knob}"`;
    this.problems.push({ knob: this.knob, field, message: `${where}: ${what}.` });
  }
}
