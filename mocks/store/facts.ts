import { FLAGS as CONTRACT_FLAGS } from '../../src/domain/contract/enums.gen';
import type { Schemas } from './types';

/**
 * The columnar form of compaction events, for aggregates over a million of them: one typed array
 * per field, a row per event. The generated history is stored this way from the start; the live
 * sessions' records (full objects) are copied into the same layout on demand, so every aggregate
 * runs the same loops over both.
 */

/** Flag codes: 0 is unrated. Strategy and trigger codes are indexes into the contract's STRATEGIES and TRIGGERS. */
export const FLAGS = [null, ...CONTRACT_FLAGS] as const;
export const UNRATED = 0;
/** Result kinds of a fired plugin; code 0 means the plugin did not fire on that hook. */
export const RESULT_KINDS = ['inject', 'retain', 'compactor_result', 'null', 'error'] as const satisfies readonly Schemas['PluginFired']['result_kind'][];
export const KIND_ERROR = RESULT_KINDS.indexOf('error') + 1;

export type StrategyName = Schemas['Strategy'];
export type TriggerName = Schemas['Trigger'];
export type Hook = Schemas['PluginFired']['hook'];
export type Role = Schemas['PluginFired']['role'];

export function flagCode(flag: Schemas['Flag'] | null): number {
  return flag === null ? UNRATED : FLAGS.indexOf(flag);
}

/** One plugin on one hook in one role: a column pair in the table. */
export interface Slot {
  plugin: string;
  hook: Hook;
  role: Role;
}

export interface FactColumns {
  length: number;
  /** created_at, epoch ms. */
  at: Float64Array;
  /** Index into `sessions`. */
  session: Int32Array;
  /** Index into `agents` (agent paths). */
  agent: Int32Array;
  trigger: Uint8Array;
  strategy: Uint8Array;
  before: Uint32Array;
  after: Uint32Array;
  window: Uint32Array;
  /** -1 when the event wrote no summary. */
  summaryTokens: Int32Array;
  /** Index into `summarizers`; -1 when no model summarized. */
  summarizer: Int32Array;
  cost: Float64Array;
  duration: Float64Array;
  /** Index into `fallbackKinds`; -1 when no fallback happened. */
  fallback: Int32Array;
  flag: Uint8Array;
  /** Epoch ms of the last flag or note; NaN when never flagged. */
  flaggedAt: Float64Array;
  rolledBack: Uint8Array;
  /** Primary-model spend attributed to the event (the calls since the agent's previous compaction). */
  primaryUsd: Float64Array;
  /** 1 when the simulator computed the event (provenance origin simulated), 0 when it was recorded. */
  simulated: Uint8Array;
  /** Adjusted re-read tokens after the event (record.reread_after); NaN when not measured (no transcript). */
  rereadTokens: Float64Array;
  /** Adjusted re-read calls after the event; 0 when not measured. */
  rereadCalls: Int32Array;
  slots: Slot[];
  /** Per slot: duration in ms, NaN when the plugin did not fire there. */
  slotMs: Float64Array[];
  /** Per slot: 1 + index into RESULT_KINDS, 0 when the plugin did not fire there. */
  slotKind: Uint8Array[];
  /** Per plugin name: index into `versions`, -1 when the plugin did not fire. */
  pluginVersion: Record<string, Int32Array>;
  sessions: string[];
  agents: string[];
  summarizers: string[];
  fallbackKinds: string[];
  versions: string[];
}

/** Automatic no-ops and failures that left no record (ADR-0024: never silent; they are audited). */
export interface SilentColumns {
  length: number;
  at: Float64Array;
  session: Int32Array;
  agent: Int32Array;
  /** 0 noop, 1 failed. */
  kind: Uint8Array;
  strategy: Uint8Array;
  trigger: Uint8Array;
  /** Index into `reasons`. */
  reason: Int32Array;
  /** The compactor plugin the failure is attributed to: index into `plugins`, -1 for none. */
  plugin: Int32Array;
  /** That plugin's version: index into `versions`, -1 for none. */
  version: Int32Array;
  /** Estimated tokens when it was triggered. */
  before: Uint32Array;
  sessions: string[];
  agents: string[];
  reasons: string[];
  plugins: string[];
  versions: string[];
}

export const SILENT_NOOP = 0;
export const SILENT_FAILED = 1;

/** A growable string dictionary: the index of each distinct value. */
export class Dict {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();

  constructor(initial: readonly string[] = []) {
    for (const v of initial) this.id(v);
  }

  id(value: string): number {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(value);
      this.index.set(value, i);
    }
    return i;
  }

  find(value: string): number {
    return this.index.get(value) ?? -1;
  }
}

export function emptyFacts(length: number, slots: Slot[], plugins: readonly string[]): FactColumns {
  return {
    length,
    at: new Float64Array(length),
    session: new Int32Array(length),
    agent: new Int32Array(length),
    trigger: new Uint8Array(length),
    strategy: new Uint8Array(length),
    before: new Uint32Array(length),
    after: new Uint32Array(length),
    window: new Uint32Array(length),
    summaryTokens: new Int32Array(length).fill(-1),
    summarizer: new Int32Array(length).fill(-1),
    cost: new Float64Array(length),
    duration: new Float64Array(length),
    fallback: new Int32Array(length).fill(-1),
    flag: new Uint8Array(length),
    flaggedAt: new Float64Array(length).fill(Number.NaN),
    rolledBack: new Uint8Array(length),
    primaryUsd: new Float64Array(length),
    simulated: new Uint8Array(length),
    rereadTokens: new Float64Array(length).fill(Number.NaN),
    rereadCalls: new Int32Array(length),
    slots,
    slotMs: slots.map(() => new Float64Array(length).fill(Number.NaN)),
    slotKind: slots.map(() => new Uint8Array(length)),
    pluginVersion: Object.fromEntries(plugins.map((p) => [p, new Int32Array(length).fill(-1)])),
    sessions: [],
    agents: [],
    summarizers: [],
    fallbackKinds: [],
    versions: [],
  };
}

export function emptySilent(length: number): SilentColumns {
  return {
    length,
    at: new Float64Array(length),
    session: new Int32Array(length),
    agent: new Int32Array(length),
    kind: new Uint8Array(length),
    strategy: new Uint8Array(length),
    trigger: new Uint8Array(length),
    reason: new Int32Array(length),
    plugin: new Int32Array(length).fill(-1),
    version: new Int32Array(length).fill(-1),
    before: new Uint32Array(length),
    sessions: [],
    agents: [],
    reasons: [],
    plugins: [],
    versions: [],
  };
}

// One copy per array type keeps each loop monomorphic (a generic one is several times slower).
function permF64(a: Float64Array, order: Int32Array): Float64Array {
  const out = new Float64Array(order.length);
  for (let i = 0; i < order.length; i++) out[i] = a[order[i] as number] as number;
  return out;
}
function permI32(a: Int32Array, order: Int32Array): Int32Array {
  const out = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) out[i] = a[order[i] as number] as number;
  return out;
}
function permU32(a: Uint32Array, order: Int32Array): Uint32Array {
  const out = new Uint32Array(order.length);
  for (let i = 0; i < order.length; i++) out[i] = a[order[i] as number] as number;
  return out;
}
function permU8(a: Uint8Array, order: Int32Array): Uint8Array {
  const out = new Uint8Array(order.length);
  for (let i = 0; i < order.length; i++) out[i] = a[order[i] as number] as number;
  return out;
}

/** The same table with its rows in `order` (e.g. by time). */
export function permuteFacts(t: FactColumns, order: Int32Array): FactColumns {
  const pluginVersion: Record<string, Int32Array> = {};
  for (const [name, col] of Object.entries(t.pluginVersion)) pluginVersion[name] = permI32(col, order);
  return {
    ...t,
    length: order.length,
    at: permF64(t.at, order),
    session: permI32(t.session, order),
    agent: permI32(t.agent, order),
    trigger: permU8(t.trigger, order),
    strategy: permU8(t.strategy, order),
    before: permU32(t.before, order),
    after: permU32(t.after, order),
    window: permU32(t.window, order),
    summaryTokens: permI32(t.summaryTokens, order),
    summarizer: permI32(t.summarizer, order),
    cost: permF64(t.cost, order),
    duration: permF64(t.duration, order),
    fallback: permI32(t.fallback, order),
    flag: permU8(t.flag, order),
    flaggedAt: permF64(t.flaggedAt, order),
    rolledBack: permU8(t.rolledBack, order),
    primaryUsd: permF64(t.primaryUsd, order),
    simulated: permU8(t.simulated, order),
    rereadTokens: permF64(t.rereadTokens, order),
    rereadCalls: permI32(t.rereadCalls, order),
    slotMs: t.slotMs.map((c) => permF64(c, order)),
    slotKind: t.slotKind.map((c) => permU8(c, order)),
    pluginVersion,
  };
}

export function permuteSilent(t: SilentColumns, order: Int32Array): SilentColumns {
  return {
    ...t,
    length: order.length,
    at: permF64(t.at, order),
    session: permI32(t.session, order),
    agent: permI32(t.agent, order),
    kind: permU8(t.kind, order),
    strategy: permU8(t.strategy, order),
    trigger: permU8(t.trigger, order),
    reason: permI32(t.reason, order),
    plugin: permI32(t.plugin, order),
    version: permI32(t.version, order),
    before: permU32(t.before, order),
  };
}

function cat<T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(a: T, b: T): T {
  const out = new (a.constructor as new (n: number) => T)(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** `a`'s rows then `b`'s (same slots and plugins, `a`'s dictionaries): a table with rows appended. */
export function concatFacts(a: FactColumns, b: FactColumns): FactColumns {
  const pluginVersion: Record<string, Int32Array> = {};
  for (const [name, col] of Object.entries(a.pluginVersion)) pluginVersion[name] = cat(col, b.pluginVersion[name] as Int32Array);
  return {
    ...a,
    length: a.length + b.length,
    at: cat(a.at, b.at),
    session: cat(a.session, b.session),
    agent: cat(a.agent, b.agent),
    trigger: cat(a.trigger, b.trigger),
    strategy: cat(a.strategy, b.strategy),
    before: cat(a.before, b.before),
    after: cat(a.after, b.after),
    window: cat(a.window, b.window),
    summaryTokens: cat(a.summaryTokens, b.summaryTokens),
    summarizer: cat(a.summarizer, b.summarizer),
    cost: cat(a.cost, b.cost),
    duration: cat(a.duration, b.duration),
    fallback: cat(a.fallback, b.fallback),
    flag: cat(a.flag, b.flag),
    flaggedAt: cat(a.flaggedAt, b.flaggedAt),
    rolledBack: cat(a.rolledBack, b.rolledBack),
    primaryUsd: cat(a.primaryUsd, b.primaryUsd),
    simulated: cat(a.simulated, b.simulated),
    rereadTokens: cat(a.rereadTokens, b.rereadTokens),
    rereadCalls: cat(a.rereadCalls, b.rereadCalls),
    slotMs: a.slotMs.map((c, i) => cat(c, b.slotMs[i] as Float64Array)),
    slotKind: a.slotKind.map((c, i) => cat(c, b.slotKind[i] as Uint8Array)),
    pluginVersion,
  };
}
