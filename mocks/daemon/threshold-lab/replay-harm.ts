/**
 * The threshold lab's harm measure (replay.ts): references a compaction took out of the context
 * (kept neither in the summary nor in the rest), and the later messages that mention them again.
 */
import { extractReferences } from '../../engine/references';
import type { Message, Schemas } from '../../store/types';

type ReplayHarm = Schemas['ReplayHarm'];

const HARM_EXAMPLES = 20;

/** References taken out of the context by compactions, and the later messages that mention them again. */
export class HarmTracker {
  private readonly lost = new Map<string, number>();
  private lostCount = 0;
  private again = 0;
  private readonly examples: ReplayHarm['examples'] = [];

  constructor(private readonly refs: (m: Message) => string[]) {}

  /** A compaction at `turn` took `gone` out and left `kept` (the summary and the rest of the context). */
  compacted(turn: number, gone: readonly Message[], kept: readonly Message[], summary: string | null): void {
    const stays = new Set(summary ? extractReferences(summary) : []);
    for (const m of kept) for (const r of this.refs(m)) stays.add(r);
    for (const m of gone) {
      for (const r of this.refs(m)) {
        if (stays.has(r) || this.lost.has(r)) continue;
        this.lost.set(r, turn);
        this.lostCount += 1;
      }
    }
  }

  /** A message written at `turn` (assistant or user): does it mention something that was lost? */
  mentioned(turn: number, m: Message): void {
    if (this.lost.size === 0 || (m.role !== 'assistant' && m.role !== 'user')) return;
    for (const r of this.refs(m)) {
      const at = this.lost.get(r);
      if (at === undefined) continue;
      this.lost.delete(r);
      this.again += 1;
      if (this.examples.length < HARM_EXAMPLES) this.examples.push({ reference: r, lost_at_turn: at, referred_at_turn: turn });
    }
  }

  result(): ReplayHarm {
    return { lost_references: this.lostCount, referred_again: this.again, examples: this.examples };
  }
}
