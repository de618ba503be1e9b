/**
 * Which of the ledger's cells hold what surely fits their column, so the ledger draws them without a
 * clip of their own (`.ledger__cell--fits`, ledger.css). Each clipped cell is a clip that the
 * compositor's layerisation goes through on every frame of a scroll, for every row in the window; a
 * cell whose content fits paints the same pixels without it. Only the app's own words and short plain
 * text qualify, against the column's narrowest track; anything that could be longer (untrusted text, a
 * word the app does not know) stays clipped and cut with an ellipsis. e2e/narrow.spec.ts draws every
 * case these accept in its column at 1440 and 1024 px and checks it fits.
 */
import { STRATEGY_LABELS, TRIGGER_LABELS } from './labels';

/** Trigger words that do not fit the Trigger column (142 px): "provider overflow retry" is cut. */
const LONG_TRIGGERS: ReadonlySet<string> = new Set(['provider_overflow_retry']);

/** The trigger's words are the app's and fit the column. */
export function triggerFits(trigger: string): boolean {
  return Object.hasOwn(TRIGGER_LABELS, trigger) && !LONG_TRIGGERS.has(trigger);
}

/** The longest agent path (printable ASCII, the column's monospace at about 7.2 px a character) sure to fit the Agent column's narrowest track (120 px). */
export const AGENT_FIT_CHARS = 12;

/** The agent path fits the Agent column at its narrowest. */
export function agentFits(path: string): boolean {
  return path.length <= AGENT_FIT_CHARS && /^[\x20-\x7e]*$/.test(path);
}

/** The most characters of badge text (two badges at most) sure to fit the Strategy column (178 px). */
export const BADGE_FIT_CHARS = 18;

/**
 * The Strategy column's badges fit: the strategy, the one it fell back to (null: none) and "undone"
 * (rolled back), all known words, two badges at most and short.
 */
export function strategyBadgesFit(strategy: string, fellBackTo: string | null, undone: boolean): boolean {
  if (!Object.hasOwn(STRATEGY_LABELS, strategy) || (fellBackTo !== null && !Object.hasOwn(STRATEGY_LABELS, fellBackTo))) return false;
  const texts = [STRATEGY_LABELS[strategy as keyof typeof STRATEGY_LABELS]];
  if (fellBackTo !== null) texts.push(`→ ${fellBackTo}`);
  if (undone) texts.push('undone');
  return texts.length <= 2 && texts.join('').length <= BADGE_FIT_CHARS;
}
