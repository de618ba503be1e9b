import type { Schemas } from '../contract/types';
import { diffTotals } from './align';
import type { DiffTotals } from './diff-model';
import { WaitingCalls } from './tool-groups';

type DryRunResult = Schemas['DryRunResult'];
type DryRunFigures = Schemas['DryRunFigures'];
type Message = Schemas['Message'];
type PrunedOutput = Schemas['PrunedOutput'];

/**
 * An answer asked with first holds the first messages of the proposed list: its figures (the whole
 * proposal's) stand for what the list would give until the rest is read (withRest).
 */
export function isPartial(result: Pick<DryRunResult, 'messages' | 'messages_total'>): boolean {
  return result.messages_total !== undefined && result.messages.length < result.messages_total;
}

/** The daemon's whole figures, when they stand in for a list answered in part. */
function standIn(result: DryRunResult): DryRunFigures | null {
  return result.figures !== undefined && isPartial(result) ? result.figures : null;
}

/** How many messages the proposal supersedes: the record's ids, or the daemon's whole count while the list is answered in part. */
export function supersededCount(result: Pick<DryRunResult, 'record' | 'messages' | 'messages_total' | 'figures'>): number {
  return (isPartial(result) ? result.figures?.superseded_count : undefined) ?? result.record.superseded_message_ids.length;
}

/** The rest of a proposal answered in part: its messages and their pruned entries, as its pages gave them. */
export interface ProposalRest {
  messages: readonly Message[];
  pruned: readonly PrunedOutput[];
}

/**
 * The answer with the rest of its proposed list (read from the same proposal) appended, and with it
 * the rest of the lists about messages: the pruned entries the pages carried, and the record's
 * superseded ids (the rest's messages marked superseded), so the whole is the answer without first.
 */
export function withRest(result: DryRunResult, rest: ProposalRest): DryRunResult {
  const superseded = rest.messages.filter((m) => m.superseded).map((m) => m.id);
  return {
    ...result,
    record: { ...result.record, superseded_message_ids: [...result.record.superseded_message_ids, ...superseded] },
    messages: [...result.messages, ...rest.messages],
    ...(result.pruned || rest.pruned.length > 0 ? { pruned: [...(result.pruned ?? []), ...rest.pruned] } : {}),
    messages_next_cursor: null,
  };
}

export interface PrunedSize {
  tokens_before: number;
  tokens_after: number;
}

/**
 * A proposal's token figures, so that before − superseded + summary = after holds exactly: before
 * is the context as the session header shows it (the daemon's before_estimate, the pruning pre-pass
 * already applied, so a proposal and its session agree), superseded messages count at the size the
 * model would have seen (pruned where pruned), the summary at its message's estimate. What the
 * pre-pass saved is its own figure (pruned), already out of before.
 */
export interface ProposalFigures {
  before: number;
  pruned: number;
  prunedCount: number;
  superseded: number;
  supersededCount: number;
  summary: number;
  after: number;
  /** Whether the figures add up (they do, unless the daemon's estimates disagree with themselves). */
  balanced: boolean;
}

export function prunedById(result: Pick<DryRunResult, 'pruned'>): ReadonlyMap<string, PrunedSize> {
  return new Map((result.pruned ?? []).map((p) => [p.message_id, { tokens_before: p.tokens_before, tokens_after: p.tokens_after }]));
}

export function proposalFigures(result: DryRunResult): ProposalFigures {
  const pruned = prunedById(result);
  const whole = standIn(result);
  // Answered in part, the pruned list holds the first messages' entries: the whole sum is the daemon's.
  let prunedTokens = whole?.pruned_tokens ?? 0;
  if (!whole) for (const p of pruned.values()) prunedTokens += p.tokens_before - p.tokens_after;
  let superseded = whole?.superseded_tokens ?? 0;
  let supersededCount = whole?.superseded_count ?? 0;
  let summary = whole?.summary_tokens ?? 0;
  if (!whole) {
    for (const m of result.messages) {
      if (m.id === result.record.summary_message_id) summary = m.metadata.token_estimate;
      else if (m.superseded) {
        supersededCount += 1;
        superseded += pruned.get(m.id)?.tokens_after ?? m.metadata.token_estimate;
      }
    }
  }
  const before = result.before_estimate;
  const after = result.record.after_estimate;
  return {
    before,
    pruned: prunedTokens,
    prunedCount: whole?.pruned_count ?? pruned.size,
    superseded,
    supersededCount,
    summary,
    after,
    balanced: before - superseded + summary === after,
  };
}

/**
 * Messages of a proposed list whose id an earlier one already has: the daemon's list should name
 * each message once, and the diff pairs the lists by id, so such rows may stand in the wrong place.
 */
export function repeatedIds(messages: readonly Pick<Message, 'id'>[]): number {
  const seen = new Set<string>();
  let repeated = 0;
  for (const m of messages) {
    if (seen.has(m.id)) repeated += 1;
    else seen.add(m.id);
  }
  return repeated;
}

/** The diff header's exchange and pin counts. */
export interface HeaderTotals {
  pinned: number;
  groups: number;
  parallelGroups: number;
  split: number;
}

/** The header's counts: the diff model's, or the daemon's whole figures while the list is answered in part. */
export function headerTotals(result: DryRunResult, totals: DiffTotals): HeaderTotals {
  const whole = standIn(result);
  if (whole) return { pinned: whole.pinned, groups: whole.tool_exchanges, parallelGroups: whole.parallel_exchanges, split: whole.split_exchanges };
  return { pinned: totals.pinned, groups: totals.groups, parallelGroups: totals.parallelGroups, split: totals.splitGroups.length };
}

/** A tool exchange as listHeaderTotals counts it: its calls, its messages and how many of them are superseded. */
interface Exchange {
  calls: number;
  members: number;
  gone: number;
}

/**
 * headerTotals(result, diffTotals(the list without its summary, the list)) of a whole proposed list
 * with no id twice, in one pass and no rows: the model's rows are then the list's messages in order
 * (the summary's row after-only, neither pinned nor superseded), its exchanges grouped as groupRows
 * (tool-groups.ts) groups them. Null when an id is twice: the model's own alignment decides then.
 */
function listHeaderTotals(messages: readonly Message[], summaryId: string | null): HeaderTotals | null {
  const ids = new Set<string>();
  const waiting = new WaitingCalls<Exchange>();
  const exchanges: Exchange[] = [];
  let pinned = 0;
  for (const m of messages) {
    if (ids.has(m.id)) return null;
    ids.add(m.id);
    const kept = m.id !== summaryId;
    const gone = kept && m.superseded;
    if (kept && !m.superseded && m.pin !== null) pinned++;
    if (m.id.endsWith('#after')) continue; // groupRows skips such a row key (a moved message's second row)
    if (m.role === 'assistant' && m.tool_calls.length > 0) {
      const exchange: Exchange = { calls: m.tool_calls.length, members: 1, gone: gone ? 1 : 0 };
      exchanges.push(exchange);
      waiting.wait(m.tool_calls, exchange);
    } else if (m.role === 'tool' && m.tool_call_id !== null) {
      const owner = waiting.take(m.tool_call_id);
      if (owner === undefined) continue;
      owner.members += 1;
      if (gone) owner.gone += 1;
    }
  }
  let parallelGroups = 0;
  let split = 0;
  for (const x of exchanges) {
    if (x.calls > 1) parallelGroups++;
    if (x.gone > 0 && x.gone < x.members) split++;
  }
  return { pinned, groups: exchanges.length, parallelGroups, split };
}

/** A whole proposal's figures, for an answer that carries only its first messages (what the daemon sends beside them). */
export function wholeFigures(result: DryRunResult): DryRunFigures {
  const f = proposalFigures(result);
  const summaryId = result.record.summary_message_id;
  // The totals read no before message's superseded mark: the proposed list without its summary is
  // the before list (beforeOfProposal) for them, with no copy of each superseded message.
  const t =
    (standIn(result) === null ? listHeaderTotals(result.messages, summaryId) : null) ??
    headerTotals(result, diffTotals(summaryId === null ? result.messages : result.messages.filter((m) => m.id !== summaryId), result.messages));
  return {
    pruned_count: f.prunedCount,
    pruned_tokens: f.pruned,
    superseded_count: f.supersededCount,
    superseded_tokens: f.superseded,
    summary_tokens: f.summary,
    pinned: t.pinned,
    tool_exchanges: t.groups,
    parallel_exchanges: t.parallelGroups,
    split_exchanges: t.split,
  };
}
