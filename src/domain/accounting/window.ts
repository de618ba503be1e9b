/**
 * Context windows (ADR-0026): the operator's override wins, then the window a transcript recorded
 * its harness using, then that harness's default window, then the model catalog, then a 128k window assumed for a model nothing
 * describes, which every screen showing its figures says.
 */
import type { ContextWindow } from '../contract/types';
import { formatCount, formatTokens } from '../format';

/** Used when the model is not in the catalog and the operator set no override (ADR-0024 amendment 2). */
export const FALLBACK_CONTEXT_WINDOW = 128_000;

function usable(n: number | null | undefined): n is number {
  return typeof n === 'number' && Number.isFinite(n) && n >= 1;
}

/** What describes a model's window, strongest first: the operator, the transcript (its harness's own figure), the harness's default, the catalog. */
export interface WindowSources {
  override?: number | null;
  recorded?: number | null;
  harness?: number | null;
  catalog?: number | null;
}

/** The effective window: an override wins, then what the transcript recorded, then its harness's default, then the catalog's max input tokens, then the fallback. Non-positive or non-finite values count as absent. */
export function resolveWindow({ override, recorded, harness, catalog }: WindowSources): ContextWindow {
  if (usable(override)) return { tokens: Math.floor(override), source: 'override' };
  if (usable(recorded)) return { tokens: Math.floor(recorded), source: 'recorded' };
  if (usable(harness)) return { tokens: Math.floor(harness), source: 'harness' };
  if (usable(catalog)) return { tokens: Math.floor(catalog), source: 'catalog' };
  return { tokens: FALLBACK_CONTEXT_WINDOW, source: 'fallback' };
}

/** The words beside a window that is not simply the catalog's: "window unknown: 128k assumed", "operator override". */
export function windowNote(window: ContextWindow): string | null {
  if (window.source === 'fallback') return `window unknown: ${formatTokens(window.tokens)} assumed`;
  if (window.source === 'override') return 'operator override';
  if (window.source === 'recorded') return 'as the transcript recorded it';
  if (window.source === 'harness') return "the harness's default";
  return null;
}

/** Where a window comes from, in words: "model catalog", "operator override", "window unknown: 128k assumed". */
export function windowSourceLabel(window: ContextWindow): string {
  return windowNote(window) ?? 'model catalog';
}

/**
 * The window a transcript's harness runs with unless told otherwise, where the transcript does not
 * record one: Claude Code sends 200k whatever the model could take (its 1M context is opt-in); a
 * session that ran with more shows it in its recorded usage, which windowContradiction flags.
 */
export function harnessDefaultWindow(format: string): number | null {
  return format === 'claude-code' ? 200_000 : null;
}

/**
 * A recorded call larger than the window in use proves the window wrong: the provider accepted
 * more than it says fits. Null when nothing was recorded or it fits.
 */
export function windowContradiction(window: ContextWindow, recordedPeakTokens: number | null | undefined): string | null {
  if (!usable(recordedPeakTokens) || recordedPeakTokens <= window.tokens) return null;
  return `a recorded call was sent ${formatTokens(recordedPeakTokens)} tokens, more than this ${formatTokens(window.tokens)} window: the window is wrong`;
}

/** A context's share of its window (0 for an impossible window). */
export function windowShare(tokens: number, window: Pick<ContextWindow, 'tokens'>): number {
  return window.tokens > 0 ? tokens / window.tokens : 0;
}

/** The bounds of an operator's window override (the contract's ModelWindowWrite.override_tokens). */
export const WINDOW_OVERRIDE_MIN = 1_024;
export const WINDOW_OVERRIDE_MAX = 100_000_000;

const MULTIPLIERS: Record<string, number> = { '': 1, k: 1_000, m: 1_000_000 };
const MAX_INPUT = 40;

/**
 * Reads a window the operator typed: "200000", "200,000", "200 000", "200k", "1.5M". A whole number
 * of tokens within the contract's bounds, or a message naming what is wrong (never rewritten into
 * range: an out-of-range window is refused, not clamped).
 */
export function parseWindowInput(text: string): { tokens: number } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'Type a window in tokens, e.g. 200000 or 200k.' };
  const match = trimmed.length <= MAX_INPUT ? /^(\d{1,3}(?:[ ,]\d{3})+|\d+(?:\.\d+)?)\s*([kKmM]?)$/.exec(trimmed) : null;
  if (!match) return { error: `"${trimmed.slice(0, MAX_INPUT)}${trimmed.length > MAX_INPUT ? '…' : ''}" is not a number of tokens: type e.g. 200000 or 200k.` };
  // Rounded to a millionth first: 1.1 × 1,000 is 1,100.0000000000002 in floating point.
  const tokens = Math.round(Number(match[1]!.replace(/[ ,]/g, '')) * MULTIPLIERS[match[2]!.toLowerCase()]! * 1e6) / 1e6;
  if (!Number.isInteger(tokens)) return { error: `${trimmed} is not a whole number of tokens.` };
  if (tokens < WINDOW_OVERRIDE_MIN) return { error: `${formatCount(tokens)} tokens is below the smallest window the daemon takes (${formatCount(WINDOW_OVERRIDE_MIN)}).` };
  if (tokens > WINDOW_OVERRIDE_MAX) return { error: `${formatCount(tokens)} tokens is above the largest window the daemon takes (${formatCount(WINDOW_OVERRIDE_MAX)}).` };
  return { tokens };
}
