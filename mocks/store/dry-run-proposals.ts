import type { Message, Schemas } from './types';

type PrunedOutput = Schemas['PrunedOutput'];

/** A kept proposal: its list, and the pruned entries of its messages by id (each page carries its own). */
export interface KeptProposal {
  messages: readonly Message[];
  pruned: ReadonlyMap<string, PrunedOutput>;
}

/** How many dry-run proposals a session keeps, and how many bytes of them (estimated), before the oldest go. */
export interface ProposalBounds {
  count: number;
  bytes: number;
}

export const PROPOSAL_BOUNDS: ProposalBounds = { count: 8, bytes: 64 * 1024 * 1024 };

interface Kept extends KeptProposal {
  id: string;
  bytes: number;
}

/** A message's size as JSON, roughly: its texts plus the fixed fields (no serialising). */
export function approxBytes(m: Message): number {
  let bytes = 600 + m.content.length;
  for (const call of m.tool_calls) bytes += 120 + call.id.length + call.name.length + call.arguments.length;
  return bytes;
}

/**
 * The proposed lists of the dry runs answered (their proposal_id), so the rest of a list answered
 * in part is read from the same proposal instead of a second run. Bounded per session by count and
 * by bytes, the oldest dropped first. Not persisted: a restarted daemon keeps none.
 */
export class DryRunProposals {
  private readonly bySession = new Map<string, Kept[]>();
  private seq = 0;
  /** Tells this daemon's ids from another run's: an id with it that is not kept has expired. */
  private readonly tag = Math.random().toString(36).slice(2, 8);

  constructor(private readonly bounds: ProposalBounds = PROPOSAL_BOUNDS) {}

  /** Keeps a proposal's list (and its pruned entries) and names it. */
  keep(sessionId: string, messages: readonly Message[], pruned: readonly PrunedOutput[] = []): string {
    this.seq += 1;
    const id = `prp_${this.tag}_${this.seq.toString(36)}`;
    let bytes = 80 * pruned.length;
    for (const m of messages) bytes += approxBytes(m);
    const kept = [...(this.bySession.get(sessionId) ?? []), { id, messages, pruned: new Map(pruned.map((p) => [p.message_id, p])), bytes }];
    let total = kept.reduce((sum, k) => sum + k.bytes, 0);
    // The newest stays even alone over the bytes: it was just answered.
    while (kept.length > 1 && (kept.length > this.bounds.count || total > this.bounds.bytes)) total -= (kept.shift() as Kept).bytes;
    this.bySession.set(sessionId, kept);
    return id;
  }

  /** The kept proposal, or 'expired' (an id this daemon gave, no longer kept), or null (never given here). */
  get(sessionId: string, proposalId: string): KeptProposal | 'expired' | null {
    const kept = this.bySession.get(sessionId)?.find((k) => k.id === proposalId);
    if (kept) return kept;
    const seq = /^prp_([a-z0-9]+)_([a-z0-9]+)$/.exec(proposalId);
    return seq && seq[1] === this.tag && parseInt(seq[2] as string, 36) <= this.seq ? 'expired' : null;
  }

  /** Ids kept for a session, oldest first. */
  ids(sessionId: string): string[] {
    return (this.bySession.get(sessionId) ?? []).map((k) => k.id);
  }
}
