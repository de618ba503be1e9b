/**
 * Spirals that start while the app is open: the daemon's spiral report (GET /compaction-health/spirals)
 * read again as compactions arrive, compared with the sessions already known to spiral. The first
 * report read is the baseline: what spiralled when the page loaded raises nothing. A session that
 * leaves the report and comes back has started again.
 */
import type { Schemas } from './contract/types';
import { wellFormed } from './text';

type SpiralSession = Schemas['SpiralSession'];

/** A spiral that started while the page was open: enough to name it. */
export interface StartedSpiral {
  sessionId: string;
  title: string;
}

export interface SpiralWatchStep {
  /** The sessions spiralling now (the next step's `known`). */
  known: string[];
  /** Sessions in this report that were not spiralling in the last one (none on the baseline). */
  started: StartedSpiral[];
}

/** Compares a report with the sessions known to spiral (null: nothing read yet, this report is the baseline). */
export function watchSpirals(known: readonly string[] | null, items: readonly SpiralSession[]): SpiralWatchStep {
  const now = [...new Set(items.map((item) => item.session_id))];
  if (known === null) return { known: now, started: [] };
  const before = new Set(known);
  const started: StartedSpiral[] = [];
  for (const item of items) {
    if (before.has(item.session_id)) continue;
    before.add(item.session_id);
    started.push({ sessionId: item.session_id, title: item.title });
  }
  return { known: now, started };
}

/**
 * How often at most the fleet's spiral report is read again while compactions arrive: a spiral is a
 * pattern over minutes, so a minute's delay costs the operator little, while reading it on every
 * compaction would cost each open page one more request per compaction (the goal is 3, issue 28).
 */
export const SPIRAL_CHECK_GAP_MS = 60_000;

/** Whether a frame of this type can start a spiral (a compaction, a no-op, a failure, a record measured again). */
export function canStartSpiral(type: string): boolean {
  return type === 'compaction.completed' || type === 'compaction.noop' || type === 'compaction.failed' || type === 'compaction.updated';
}

/** How long to wait before reading the report again, last read at `lastReadAt` (0: never): at least `gap` after the last read. */
export function spiralCheckDelay(lastReadAt: number, now: number, gap: number = SPIRAL_CHECK_GAP_MS): number {
  return Math.max(0, lastReadAt + gap - now);
}

/** Unseen spirals with the newly started added, each session once (a newer title replaces the older). */
export function addUnseen(unseen: readonly StartedSpiral[], started: readonly StartedSpiral[]): StartedSpiral[] {
  const ids = new Set(started.map((s) => s.sessionId));
  return [...unseen.filter((s) => !ids.has(s.sessionId)), ...started];
}

const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]+/gu;

/** Text from the daemon for a place that is not the page (a notification): one line, no control or direction characters, at most `max` characters. */
export function plainLine(text: string, max: number): string {
  const line = wellFormed(text).replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}

export const NOTIFICATION_TITLE_MAX = 80;
export const NOTIFICATION_BODY_MAX = 160;

/** The browser notification for one started spiral: plain text, bounded; tagged by session so the browser shows one per spiral. */
export function spiralNotification(spiral: StartedSpiral): { title: string; body: string; tag: string } {
  const title = plainLine(spiral.title, NOTIFICATION_TITLE_MAX) || plainLine(spiral.sessionId, NOTIFICATION_TITLE_MAX);
  return {
    title: 'Compaction spiral started',
    body: plainLine(`${title} (${plainLine(spiral.sessionId, 40)}): compacting again and again to little effect.`, NOTIFICATION_BODY_MAX),
    tag: `spiral:${plainLine(spiral.sessionId, 200)}`,
  };
}

/** "1 new spiral", "3 new spirals". */
export function newSpiralsLabel(count: number): string {
  return `${count} new ${count === 1 ? 'spiral' : 'spirals'}`;
}
