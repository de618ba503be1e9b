/**
 * What a scrolling list actually painted, frame by frame: Chromium's screencast (CDP
 * Page.startScreencast, one image per frame the compositor draws) recorded while the page
 * scrolls, then each frame's list body read back pixel by pixel in a page of its own (the
 * browser decodes the JPEGs), after the scroll, so the analysis costs the scroll nothing.
 *
 * A frame's blank share is the part of the list body with no row drawn in it: runs of pixel lines
 * that hold nothing but the background, longer than the longest such run of the same list at rest
 * (the gap between two drawn rows' text), counted beyond that length. A row missing from a frame
 * adds its height; a list drawn in full adds nothing.
 */
import type { Browser, CDPSession } from '@playwright/test';

/** A screencast frame: the JPEG (base64) and when the compositor swapped it in (epoch ms). */
export interface PaintedFrame {
  data: string;
  at: number;
  /** The frame's CSS width, to scale CSS pixels to image pixels. */
  cssWidth: number;
}

/** The list body in CSS pixels of the viewport (the rows' area: under the header, left of the scrollbar). */
export interface BodyRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How large the recorded frames are (half the 1440 × 900 viewport: a row of text still shows). */
const MAX_WIDTH = 720;
const MAX_HEIGHT = 450;

/** The page as it is now, in the screencast's format and size: the list at rest. */
export async function restFrame(cdp: CDPSession, viewport: { scrollX: number; scrollY: number; width: number; height: number }): Promise<PaintedFrame> {
  const clip = { x: viewport.scrollX, y: viewport.scrollY, width: viewport.width, height: viewport.height, scale: MAX_WIDTH / viewport.width };
  const { data } = await cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: 70, clip });
  return { data, at: Date.now(), cssWidth: viewport.width };
}

/** Records every frame painted while `body` runs. */
export async function recordPainted<T>(cdp: CDPSession, body: () => Promise<T>): Promise<{ result: T; frames: PaintedFrame[] }> {
  const frames: PaintedFrame[] = [];
  const onFrame = (event: { data: string; sessionId: number; metadata: { timestamp?: number; deviceWidth: number } }) => {
    frames.push({ data: event.data, at: (event.metadata.timestamp ?? Date.now() / 1000) * 1000, cssWidth: event.metadata.deviceWidth });
    cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => undefined);
  };
  cdp.on('Page.screencastFrame', onFrame);
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 70, maxWidth: MAX_WIDTH, maxHeight: MAX_HEIGHT, everyNthFrame: 1 });
  try {
    const result = await body();
    return { result, frames };
  } finally {
    await cdp.send('Page.stopScreencast').catch(() => undefined);
    cdp.off('Page.screencastFrame', onFrame);
  }
}

/** The pixel analysis, run inside a blank page: self-contained (serialised by Playwright). */
async function analyseInPage(input: { frames: string[]; rest: string; rect: BodyRect; cssWidth: number }): Promise<number[]> {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context === null) throw new Error('no 2D canvas');
  let background: [number, number, number] | null = null;
  /** Which pixel lines of the body hold anything but the background (the most common colour at rest). */
  const lines = async (jpeg: string): Promise<boolean[]> => {
    const blob = await (await fetch(`data:image/jpeg;base64,${jpeg}`)).blob();
    const bitmap = await createImageBitmap(blob);
    const scale = bitmap.width / input.cssWidth;
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const w = Math.max(1, Math.round(input.rect.width * scale));
    const h = Math.max(1, Math.round(input.rect.height * scale));
    const pixels = context.getImageData(Math.round(input.rect.x * scale), Math.round(input.rect.y * scale), w, h).data;
    if (background === null) {
      const counts = new Map<number, number>();
      for (let i = 0; i < pixels.length; i += 4) {
        // Quantised to 8 levels a channel: JPEG wobbles a flat colour by a few.
        const key = ((pixels[i]! >> 3) << 10) | ((pixels[i + 1]! >> 3) << 5) | (pixels[i + 2]! >> 3);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const top = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
      background = [((top >> 10) << 3) + 4, (((top >> 5) & 31) << 3) + 4, ((top & 31) << 3) + 4];
    }
    const [br, bg, bb] = background;
    const drawn: boolean[] = [];
    for (let row = 0; row < h; row += 1) {
      let ink = false;
      for (let col = 0; col < w && !ink; col += 1) {
        const i = (row * w + col) * 4;
        // Text, a border or a tint: well beyond JPEG's noise on a flat background.
        ink = Math.abs(pixels[i]! - br) + Math.abs(pixels[i + 1]! - bg) + Math.abs(pixels[i + 2]! - bb) > 36;
      }
      drawn.push(ink);
    }
    return drawn;
  };
  const emptyRuns = (drawn: boolean[]): number[] => {
    const runs: number[] = [];
    let run = 0;
    for (const ink of drawn) {
      if (ink) {
        if (run > 0) runs.push(run);
        run = 0;
      } else run += 1;
    }
    if (run > 0) runs.push(run);
    return runs;
  };
  // The longest gap between drawn rows' ink at rest: a gap counts as blank beyond that.
  const restGap = Math.max(0, ...emptyRuns(await lines(input.rest)));
  const shares: number[] = [];
  for (const frame of input.frames) {
    const drawn = await lines(frame);
    shares.push(emptyRuns(drawn).reduce((sum, run) => sum + Math.max(0, run - restGap), 0) / drawn.length);
  }
  return shares;
}

/**
 * The blank share (0..1) of `rect` in each of `frames`, judged against `rest` (a frame of the same
 * list drawn in full, at rest). Decoded in a page of its own, in batches.
 */
export async function blankShares(browser: Browser, rest: PaintedFrame, frames: readonly PaintedFrame[], rect: BodyRect): Promise<number[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const shares: number[] = [];
    const BATCH = 60;
    for (let i = 0; i < frames.length; i += BATCH) {
      const batch = frames.slice(i, i + BATCH).map((f) => f.data);
      const input = JSON.stringify({ frames: batch, rest: rest.data, rect, cssWidth: rest.cssWidth });
      // As the probe: the runner (tsx) wraps named inner functions in a `__name` that only Node has.
      shares.push(...((await page.evaluate(`(() => { const __name = (f) => f; return (${analyseInPage.toString()})(${input}); })()`)) as number[]));
    }
    return shares;
  } finally {
    await context.close();
  }
}
