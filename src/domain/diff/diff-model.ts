/**
 * The dry-run diff's row model: what a row, a tool exchange, a block, the totals and the whole model
 * are. align.ts builds it from the active and proposed lists, tool-groups.ts groups its rows and
 * collapse.ts folds its unchanged runs.
 */
import type { Schemas } from '../contract/types';

export type Message = Schemas['Message'];
export type Pin = Schemas['Pin'];

/**
 * - unchanged: on both sides, the same message
 * - pinned: on both sides, in the always-keep set (the pin says why)
 * - superseded: before only; the proposal supersedes it
 * - summary: after only; the compaction summary the proposal inserts where it lands
 * - added: after only; any other message the proposal adds (a compactor plugin's own)
 * - moved: the proposal changed the order (never expected); the message shows once per side, on two rows
 */
export type RowKind = 'unchanged' | 'pinned' | 'superseded' | 'summary' | 'added' | 'moved';

export interface DiffRow {
  /** Unique among the rows: the message id (a moved message's two rows get suffixes). */
  key: string;
  before: Message | null;
  after: Message | null;
  kind: RowKind;
  /** The always-keep reason, from either side. */
  pin: Pin | null;
  /** The tool exchange the row belongs to: the id of its assistant message (the call), or null. */
  group: string | null;
}

export interface ToolGroup {
  id: string;
  /** Row of the assistant message with the calls. */
  head: number;
  /** Last row holding one of its results (≥ head). */
  last: number;
  /** Rows of the exchange, head first, in list order (other rows may sit in between). */
  rows: number[];
  calls: number;
  results: number;
  /** More than one call in one assistant message. */
  parallel: boolean;
  /** Calls with no result in the list (the turn in flight). */
  missing: number;
  /** Some members superseded and others kept: the proposal broke the pair (ADR-0024 decision 9). */
  split: boolean;
}

/** A run of rows that collapsing never cuts: one row, or a tool exchange's whole span. */
export interface Block {
  start: number;
  /** Exclusive. */
  end: number;
  /** Holds a superseded, summary, added or moved row. */
  changed: boolean;
  /** Shown even when unchanged: holds a pinned row. */
  pinned: boolean;
}

export interface SideTotals {
  messages: number;
  tokens: number;
}

export interface DiffTotals {
  before: SideTotals;
  after: SideTotals;
  superseded: SideTotals;
  summary: SideTotals;
  pinned: number;
  groups: number;
  parallelGroups: number;
  /** Ids of split tool exchanges (should be none). */
  splitGroups: string[];
  moved: number;
}

export interface DiffModel {
  rows: DiffRow[];
  groups: Map<string, ToolGroup>;
  blocks: Block[];
  /** Row index where each change hunk (consecutive changed blocks) starts, ascending. */
  hunks: number[];
  totals: DiffTotals;
}

export const tokensOf = (m: Message | null): number => m?.metadata.token_estimate ?? 0;

const CHANGED: ReadonlySet<RowKind> = new Set<RowKind>(['superseded', 'summary', 'added', 'moved']);

export function isChange(kind: RowKind): boolean {
  return CHANGED.has(kind);
}
