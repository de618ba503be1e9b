/**
 * The messages behind one agent of the generated history (history.ts): a walk that appends
 * synthetic turns until the next event's tokens-before is reached at an LLM call, then supersedes
 * the oldest units (the previous summary first, tool calls with their results, never the system
 * prompt, the brief or the newest unit) until the event's tokens-after is reached, and puts the
 * summary in their place. Seeding runs it on sizes only, and the event's figures are what it
 * reached; a history session's view runs it again on those figures and gets the same messages
 * (history-messages.ts). Each call's usage is counted as the simulator counts a live call's.
 */
import { RESERVED_OUTPUT_TOKENS } from '../../../src/domain/accounting/context';
import type { TokenUsage } from '../../../src/domain/accounting/cost';
import type { ImportedMessage } from '../../../src/domain/transcripts/types';
import { estimateMessageTokens } from '../../engine/estimate';
import { KEPT_MESSAGES as KEPT } from '../../store/history-steps';
import { createRng, hashSeed, type Rng } from '../../store/prng';
import { SYSTEM_PROMPT, syntheticTurn } from './synthetic';

/** Distinct turns the walk draws from: their texts are shared, so a long history costs little memory. */
const POOL_TURNS = 24;
/**
 * Reading and skills only: both are protected from the tool-output pruning pre-pass, so the
 * harness's estimate of a history agent is exactly the sum of its messages' sizes.
 */
const POOL_OPTIONS = { tools: ['read', 'skill'], readLines: [100, 700] } as const;

let pool: ImportedMessage[][] | null = null;
const poolSizes = new Map<number, number[][]>();

export function historyPool(): ImportedMessage[][] {
  if (!pool) {
    const rng = createRng(hashSeed('history:turn-pool'));
    const at = new Date('2026-01-01T00:00:00.000Z');
    pool = Array.from({ length: POOL_TURNS }, (_, i) => syntheticTurn(rng, { at, withAsk: i % 2 === 0, idPrefix: `p${i}`, ...POOL_OPTIONS }));
  }
  return pool;
}

/** The pool's message sizes for a tokenizer scale (Claude counts are scaled from o200k). */
function sizesFor(scale: number): number[][] {
  let sizes = poolSizes.get(scale);
  if (!sizes) {
    sizes = historyPool().map((turn) => turn.map((m) => estimateMessageTokens(m, scale)));
    poolSizes.set(scale, sizes);
  }
  return sizes;
}

export function openingMessages(title: string, agentPath: string): Pick<ImportedMessage, 'role' | 'content'>[] {
  const ask = agentPath === 'primary' ? `${title}. Work through it in small verified steps.` : `Subtask for ${agentPath.split('/').pop() ?? agentPath}: ${title}.`;
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: ask },
  ];
}

/** What one event did to the agent's messages (m-indexes count the agent's own messages, summaries aside). */
export interface WalkStep {
  before: number;
  after: number;
  /** Superseded: m-indexes [from, to), after the previous summary when `prevSummary`. */
  from: number;
  to: number;
  /** Messages appended before the event. */
  end: number;
  /** The agent's event ordinal (its summary is s<seq>). */
  seq: number;
  prevSummary: boolean;
}

/** A message the walk appended: pool turn, position in it, and which use of a pool turn it was. */
export interface Appended {
  turn: number;
  pos: number;
  use: number;
}

export class AgentWalk {
  private readonly rng: Rng;
  private readonly sizes: number[] = [];
  private readonly tool: boolean[] = [];
  private readonly pooled: number[][];
  private sum = 0;
  private activeFrom = KEPT;
  private summary = -1;
  private seq = 0;
  private cursor = { turn: -1, pos: 0, use: -1 };
  private lastSent = 0;
  private compacted = true;
  private usage: TokenUsage = { input: 0, cache_read: 0, cache_write: 0, output: 0 };

  constructor(
    seed: number,
    scale: number,
    opening: readonly Pick<ImportedMessage, 'role' | 'content'>[],
    /** At hydration: every appended message, in order. */
    private readonly log?: Appended[],
  ) {
    this.rng = createRng(seed);
    this.pooled = sizesFor(scale);
    for (const m of opening) this.push(estimateMessageTokens({ content: m.content, tool_calls: [] }, scale), false);
  }

  /** The harness's estimate: the active messages and the reserved output (no base: the system prompt is a message). */
  estimate(): number {
    return RESERVED_OUTPUT_TOKENS + this.sum;
  }

  /** Appends turns until an LLM call finds the estimate at `target` or above; answers the estimate then. */
  reach(target: number): number {
    if (this.estimate() >= target) return this.estimate();
    const turns = historyPool();
    for (;;) {
      let turn = turns[this.cursor.turn];
      if (!turn || this.cursor.pos >= turn.length) {
        this.cursor = { turn: this.rng.int(0, turns.length - 1), pos: 0, use: this.cursor.use + 1 };
        turn = turns[this.cursor.turn] as ImportedMessage[];
      }
      const m = turn[this.cursor.pos] as ImportedMessage;
      if (m.role === 'assistant' && this.estimate() >= target) return this.estimate();
      const size = (this.pooled[this.cursor.turn] as number[])[this.cursor.pos] as number;
      if (m.role === 'assistant') this.call(size);
      this.log?.push({ ...this.cursor });
      this.push(size, m.role === 'tool');
      this.cursor.pos += 1;
    }
  }

  /** Supersedes the oldest units until the estimate with the summary (-1: none) is at `target` or below, and below what it was. */
  compact(target: number, summaryTokens: number): WalkStep {
    const before = this.estimate();
    const end = this.sizes.length;
    const prevSummary = this.summary >= 0;
    const from = this.activeFrom;
    let sum = this.sum - (prevSummary ? this.summary : 0);
    let i = from;
    let dropped = prevSummary;
    const add = () => (dropped && summaryTokens >= 0 ? summaryTokens : 0);
    const after = () => RESERVED_OUTPUT_TOKENS + sum + add();
    while (!dropped || after() > target || after() >= before) {
      let j = i + 1;
      while (j < end && this.tool[j]) j += 1;
      if (j >= end) break;
      for (let x = i; x < j; x++) sum -= this.sizes[x] as number;
      i = j;
      dropped = true;
    }
    this.summary = dropped && summaryTokens >= 0 ? summaryTokens : -1;
    this.sum = sum + add();
    this.activeFrom = i;
    this.compacted = true;
    const seq = this.seq++;
    return { before, after: this.estimate(), from, to: i, end, seq, prevSummary };
  }

  /** The usage of the calls since the last time it was taken. */
  takeUsage(): TokenUsage {
    const u = this.usage;
    this.usage = { input: 0, cache_read: 0, cache_write: 0, output: 0 };
    return u;
  }

  /** Active messages now (the kept ones, the standing summary, the rest). */
  activeCount(): number {
    return KEPT + (this.summary >= 0 ? 1 : 0) + this.sizes.length - this.activeFrom;
  }

  /** The size of the agent's m-th own message. */
  sizeOf(m: number): number {
    return this.sizes[m] ?? 0;
  }

  /** A call sends the active list (the cached prefix unless a compaction rewrote it) and writes the answer. */
  private call(answer: number): void {
    const sent = this.sum;
    const cached = this.compacted ? 0 : Math.min(this.lastSent, sent);
    this.usage.cache_read += cached;
    this.usage.cache_write += sent - cached;
    this.usage.output += answer;
    this.lastSent = sent;
    this.compacted = false;
  }

  private push(size: number, tool: boolean): void {
    this.sizes.push(size);
    this.tool.push(tool);
    this.sum += size;
  }
}
