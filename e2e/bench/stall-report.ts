/**
 * What a page that stopped drawing is doing (the probe's frame watchdog fired): its own view of
 * itself, what its main thread did over a few seconds (Chromium's counters and a CPU profile), and
 * a trace of those seconds written beside the figures, with what happened in the renderer and the
 * browser counted by event name. Said in the run's output, so a stall can be told apart: a page
 * busy (script, layout) or a page not asked to draw (no BeginFrame reaching it).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { withDeadline } from './deadline';

const WATCH_MS = 3_000;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

const METRICS = ['ThreadTime', 'TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration', 'LayoutCount', 'RecalcStyleCount', 'Nodes', 'LayoutObjects'] as const;

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  await cdp.send('Performance.enable');
  const { metrics: all } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(all.filter((m) => (METRICS as readonly string[]).includes(m.name)).map((m) => [m.name, m.value]));
}

/** Page script (a string: the runner wraps named functions in a `__name` only Node has): animation frames and 100 ms timers in `ms`. */
function countFrames(ms: number): string {
  return `new Promise((resolve) => { let rafs = 0; let timers = 0; const tick = () => { rafs += 1; requestAnimationFrame(tick); }; requestAnimationFrame(tick); const timer = setInterval(() => { timers += 1; }, 100); setTimeout(() => { clearInterval(timer); resolve({ rafs, timers }); }, ${ms}); })`;
}

/** Page script: whether an animation frame comes within `ms`. */
function frameWithin(ms: number): string {
  return `new Promise((resolve) => { const timer = setTimeout(() => resolve(false), ${ms}); requestAnimationFrame(() => { clearTimeout(timer); resolve(true); }); })`;
}

/** Tries, one after the other, what could make the page draw again; says the first that did. */
async function revive(page: Page, cdp: CDPSession): Promise<string> {
  const steps: [string, () => Promise<unknown>][] = [
    ['waiting 2 s more', async () => undefined],
    ['page.bringToFront()', () => page.bringToFront()],
    ['Emulation.setFocusEmulationEnabled', () => cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true })],
    ['a screencast started and stopped', async () => {
      await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 10, maxWidth: 100, maxHeight: 100 });
      await cdp.send('Page.stopScreencast');
    }],
    ['a screenshot', () => cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: 10 })],
    ['the viewport resized by 1 px and back', async () => {
      const size = page.viewportSize();
      if (size === null) return;
      await page.setViewportSize({ width: size.width, height: size.height - 1 });
      await page.setViewportSize(size);
    }],
  ];
  for (const [what, step] of steps) {
    const done = await withDeadline(step(), 10_000, what).then(() => 'done', (error: unknown) => String(error));
    const drew = await withDeadline(page.evaluate(frameWithin(2_000)), 10_000, 'a frame').catch(() => false);
    if (drew === true) return `${what} (${done})`;
  }
  return 'nothing tried';
}

/** Lines describing the stalled page; the trace goes to `dir/name.trace.json`. */
export async function stallReport(browser: Browser, page: Page, cdp: CDPSession, scroller: string, dir: string, name: string): Promise<string[]> {
  const lines: string[] = [];
  const said = await withDeadline(
    page.evaluate((sel) => {
      const el = document.querySelector(sel);
      return {
        visibility: document.visibilityState,
        focus: document.hasFocus(),
        nodes: document.getElementsByTagName('*').length,
        rows: el?.querySelectorAll('tr, [role="row"]').length ?? -1,
        scrollTop: el?.scrollTop ?? -1,
        scrollHeight: el?.scrollHeight ?? -1,
      };
    }, scroller),
    10_000,
    'the stalled page answering',
  ).catch((error: unknown) => String(error));
  lines.push(`the page says: ${JSON.stringify(said)}`);
  const before = await metrics(cdp);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const tracePath = join(dir, `${name}.trace.json`);
  await browser.startTracing(page, { path: tracePath, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'benchmark', 'cc', 'viz', 'toplevel', 'blink'] });
  const rafs = await withDeadline(page.evaluate(countFrames(WATCH_MS)), WATCH_MS + 10_000, 'counting the stalled page\'s frames').catch((error: unknown) => String(error));
  const trace = await browser.stopTracing();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[]; samples: number[] } };
  const after = await metrics(cdp);
  lines.push(`in ${WATCH_MS / 1000} s: ${JSON.stringify(rafs)} (animation frames, 100 ms timers)`);
  lines.push(`main thread: ${METRICS.map((m) => `${m} ${m.endsWith('Count') || m === 'Nodes' || m === 'LayoutObjects' ? after[m] : `+${(((after[m] ?? 0) - (before[m] ?? 0)) * 1000).toFixed(0)} ms`}`).join(', ')}`);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (const id of profile.samples) {
    const frame = byId.get(id)?.callFrame;
    const key = frame ? `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber}` : '?';
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  lines.push(`CPU profile (samples of 0.5 ms): ${[...self].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, n]) => `${k} ${n}`).join('; ')}`);
  try {
    const parsed = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
    const threads = new Map<string, string>();
    for (const e of parsed.traceEvents) if (e.name === 'thread_name' && e.args?.name) threads.set(`${e.pid}:${e.tid}`, e.args.name);
    const counts = new Map<string, number>();
    for (const e of parsed.traceEvents) {
      if (e.ph === 'M') continue;
      const key = `${threads.get(`${e.pid}:${e.tid}`) ?? e.tid} ${e.name}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    lines.push(`trace (${tracePath}), events by thread and name: ${[...counts].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  } catch (error) {
    lines.push(`trace unreadable: ${String(error)}`);
  }
  lines.push(`what brings its frames back: ${await revive(page, cdp)}`);
  writeFileSync(join(dir, `${name}.stall.txt`), `${lines.join('\n')}\n`);
  return lines;
}
