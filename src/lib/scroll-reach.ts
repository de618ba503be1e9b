/**
 * Overscan tuned to the scroll's speed, for the virtualised lists (ledger, audit log, diff).
 *
 * A list renders its rows once per frame, in the scroll event (before the frame is painted); the
 * position it renders for is already a frame old when the frame paints (a fling, a script, or the
 * compositor scrolls on while the page renders). Rows beyond the view in the direction of travel
 * cover that, in two measures, whichever reaches further:
 * - twice the longest recent move between renders (a loaded machine's slow frames move further,
 *   and the next one likely will too);
 * - the rows the view passes in `LEAD_MS` at its recent speed: a frame several times slower than
 *   the last ones (a core taken by other work, a garbage collection) still lands on drawn rows.
 *   This lead fills over a few renders (`LEAD_STEP_ROWS` more each), not in one long frame.
 * At rest, a few rows on each side. The rows ahead cost nothing more per row scrolled: each row is
 * drawn once, only earlier.
 */
/** The virtualiser's range (@tanstack/virtual-core's `Range`): the rows in view and the count. */
export interface ViewRange {
  startIndex: number;
  endIndex: number;
  count: number;
}

/** Rows drawn beyond the view on each side at rest, and behind the view while it moves. */
export const REST_ROWS = 3;
/** The next move may be this much longer than the longest recent one (a slower frame). */
const MARGIN = 2;
/**
 * A move of more views than this is a jump (to the end, to a row), not a scroll, and says nothing of
 * the next: unless the view was already moving that way at about that speed (a slow frame of a
 * fast scroll on a loaded machine moves further, and the next frame will too).
 */
const JUMP_VIEWS = 3;
/** A long move is still the scroll's when its speed (rows per ms) is at most this times the recent moves'. */
const SCROLL_SPEED_SPREAD = 3;
/**
 * Moves older than this say nothing about the next (the scroll stopped, or started again). Long:
 * on a loaded machine a frame can take a quarter of a second, and its move is the one to cover.
 */
const MEMORY_MS = 1_000;
/** Never more than this many rows ahead (a jump is not a scroll: it lands and renders there). */
export const MAX_AHEAD_ROWS = 250;
/**
 * While the view moves, the rows ahead cover at least this long of the scroll at its recent speed.
 * Every row in the window costs the browser a little on each frame (its paint chunks, clips and
 * transform go through the frame's layerisation): 500 ms (240 rows at 16,000 px/s) made a frame
 * cost half again as much as 200 ms (96 rows) does, and the slower frames moved further.
 */
export const LEAD_MS = 200;
/** The lead grows by at most this many rows (or the last move's, if more) a render beyond keeping pace. */
export const LEAD_STEP_ROWS = 8;

/** A move between two renders: when it was noted, by how many rows (signed), in how long, rows per ms. */
interface Move {
  at: number;
  by: number;
  ms: number;
  speed: number;
}

/** How far (rows) and which way the view moved between its recent renders. */
export class ScrollReach {
  private first: number | null = null;
  private firstAt = 0;
  private moves: Move[] = [];
  /** The reach given while the view keeps moving one way: it does not shrink until the view rests or turns. */
  private held = 0;

  /** The view's first row at a render, at time `at` (ms), with `viewRows` rows in view. */
  note(first: number, viewRows: number, at: number): void {
    this.moves = this.moves.filter((m) => at - m.at <= MEMORY_MS);
    if (this.moves.length === 0) this.held = 0;
    if (this.first !== null && first !== this.first) {
      const by = first - this.first;
      const ms = Math.max(1, at - this.firstAt);
      const move = { at, by, ms, speed: Math.abs(by) / ms };
      if (Math.abs(by) <= JUMP_VIEWS * Math.max(1, viewRows) || this.continues(move)) {
        this.moves.push(move);
        this.moves = this.moves.slice(-4);
        this.held = this.reach(move);
      } else {
        this.moves = [];
        this.held = 0;
      }
    }
    this.first = first;
    this.firstAt = at;
  }

  /**
   * The rows ahead after `last`, the way it went: the longest recent move with a margin, or the
   * rows the view passes in `LEAD_MS` at its recent speed (grown `LEAD_STEP_ROWS` a move at most),
   * whichever is more. While the view keeps moving one way the reach only grows: a window that
   * shrank by a few rows after a shorter move would drop rows already drawn and create them again
   * a frame later (a row created or removed costs far more than one whose element takes another
   * record, row-slots.ts).
   */
  private reach(last: Move): number {
    const kept = Math.sign(last.by) === Math.sign(this.held) ? Math.abs(this.held) : 0;
    const pace = Math.ceil(MARGIN * Math.max(...this.moves.map((m) => Math.abs(m.by))));
    const speed = this.moves.reduce((rows, m) => rows + Math.abs(m.by), 0) / this.moves.reduce((ms, m) => ms + m.ms, 0);
    const lead = Math.min(Math.ceil(speed * LEAD_MS), kept + Math.max(LEAD_STEP_ROWS, Math.abs(last.by)));
    return Math.sign(last.by) * Math.min(MAX_AHEAD_ROWS, Math.max(pace, lead, kept));
  }

  /** The move goes the way the recent ones went, at no more than a few times their speed: the same scroll. */
  private continues(move: Move): boolean {
    const last = this.moves[this.moves.length - 1];
    if (last === undefined || Math.sign(last.by) !== Math.sign(move.by)) return false;
    return move.speed <= SCROLL_SPEED_SPREAD * Math.max(...this.moves.map((m) => m.speed));
  }

  /** The view came to rest: nothing ahead until it moves again. Whether it had been moving. */
  rest(): boolean {
    const moving = this.moves.length > 0;
    this.moves = [];
    this.held = 0;
    return moving;
  }

  /** Rows to draw ahead of the view (positive: below it, negative: above), as of `at`; 0 once the view has been still. */
  ahead(at: number): number {
    const last = this.moves[this.moves.length - 1];
    if (last === undefined || at - last.at > MEMORY_MS) this.held = 0;
    return this.held;
  }
}

/**
 * The indices to render: the view, `REST_ROWS` on each side, and `ahead` more on the side the view
 * is moving to; inside the list.
 */
export function reachWindow(range: ViewRange, ahead: number): number[] {
  if (range.count <= 0) return [];
  const start = Math.max(0, range.startIndex - REST_ROWS - Math.max(0, -ahead));
  const end = Math.min(range.count - 1, range.endIndex + REST_ROWS + Math.max(0, ahead));
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);
}
