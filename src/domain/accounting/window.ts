/**
 * Context windows (ADR-0026): the operator's override wins, then the window a transcript recorded
 * its harness using, then that harness's default window, then the model catalog, then a 128k window assumed for a model nothing
 * describes, which every screen showing its figures says.
 */
import type { ContextWindow } from '../contract/types';
import { formatTokens } from '../format';

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
