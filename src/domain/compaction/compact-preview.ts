/**
 * A preview (one dry run of one set of settings) and whether it may be committed. The idempotency
 * key belongs to the preview: a retry or a double click of its commit sends the same key, so the
 * daemon compacts once; a new preview (even of the same settings) gets a new key.
 */
import { tokenLimits } from '../accounting/thresholds';
import type { Schemas } from '../contract/types';
import { proposalFigures, supersededCount } from '../diff/proposal-figures';
import { formatTokens } from '../format';
import { requestHash } from './compact-form';

export type DryRunResult = Schemas['DryRunResult'];
export type CompactRequest = Schemas['CompactRequest'];
export type CompactResult = Schemas['CompactResult'];

export interface Preview {
  /** Unique per preview. */
  id: string;
  sessionId: string;
  hash: string;
  request: CompactRequest;
  result: DryRunResult;
  idempotencyKey: string;
  /** When it ran (ms since epoch), to tell it is older than a commit. */
  at: number;
}

export function makePreview(
  sessionId: string,
  request: CompactRequest,
  result: DryRunResult,
  newId: () => string = () => crypto.randomUUID(),
  now: number = Date.now(),
): Preview {
  return { id: newId(), sessionId, hash: requestHash(sessionId, request), request, result, idempotencyKey: newId(), at: now };
}

export type CommitGate = { ok: true } | { ok: false; reason: string };

export interface GateInput {
  preview: Preview | null;
  /** Hash of what the form says now. */
  currentHash: string | null;
  /** The form's values are valid. */
  valid: boolean;
  /** A commit is in flight. */
  pending: boolean;
  /** Previews older than this (a commit, a rollback) describe a list that changed. */
  staleBefore: number;
  /** The preview's own commit already went through. */
  committed: boolean;
}

/** Commit is possible only for a preview of the current settings, once, and not while one is in flight. */
export function commitGate({ preview, currentHash, valid, pending, staleBefore, committed }: GateInput): CommitGate {
  if (pending) return { ok: false, reason: 'Committing…' };
  if (!valid) return { ok: false, reason: 'Fix the settings first.' };
  if (preview === null) return { ok: false, reason: 'Preview these settings before committing.' };
  if (committed) return { ok: false, reason: 'Committed. Preview again for another compaction.' };
  if (preview.hash !== currentHash) return { ok: false, reason: 'The settings changed since the preview: preview again to commit.' };
  if (preview.at < staleBefore) return { ok: false, reason: 'The session changed since this preview: preview again.' };
  const nothing = nothingToCompact(preview.result);
  if (nothing !== null) return { ok: false, reason: nothing };
  return { ok: true };
}

/**
 * Why a proposal that supersedes no message compacts nothing (committing it would change nothing),
 * or null when it supersedes something. Figures as every screen writes them: the context as it
 * stands against the lower target in tokens (lower threshold × window).
 */
export function nothingToCompact(result: DryRunResult): string | null {
  const { record } = result;
  // The whole proposal's count (an answer in part holds only its first messages' superseded ids).
  if (supersededCount(result) > 0) return null;
  const context = proposalFigures(result).before;
  const { target } = tokenLimits(record.context_window, record.window_upper, record.window_lower);
  if (context <= target) return `Nothing to compact: already below the lower target, ${formatTokens(context)} of ${formatTokens(target)} tokens.`;
  return `Nothing to compact: the strategy supersedes no message, and the context stays at ${formatTokens(context)} tokens, above the lower target of ${formatTokens(target)}.`;
}
