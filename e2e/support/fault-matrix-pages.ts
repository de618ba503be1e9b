/**
 * The pages of the fault matrix's specs (fault-matrix-reads.spec.ts, fault-matrix-partial.spec.ts): the
 * screens with reads of their own, a browser context per screen shared by its cases, a case tried
 * twice, and a screen's "ready" with room for a busy machine.
 */
import { expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { brief, type ReadFault } from './fault-matrix';
import { SCREENS, type Screen } from './screens';

/**
 * Screens with no reads of their own (only the shell's: checked by the first test). The compact
 * dialog's reads are the session page's (cached): its faults are the writes'.
 */
export const NO_OWN_READS = ['settings', 'not-found'];
export const READ_SCREENS = SCREENS.filter((s) => s.open === undefined && !NO_OWN_READS.includes(s.name));

/**
 * One browser context per screen, shared by its cases (each case its own page): a warm HTTP cache
 * spares every case downloading and compiling the app again. Reduced motion: the skeletons' shimmer
 * would otherwise repaint every page of the pool while it waits.
 */
export const contexts = new Map<string, Promise<BrowserContext>>();
export function contextFor(browser: Browser, info: TestInfo, key: string): Promise<BrowserContext> {
  if (!contexts.has(key)) contexts.set(key, browser.newContext({ baseURL: info.project.use.baseURL, viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' }));
  return contexts.get(key)!;
}

/**
 * The context a case runs in: its screen's, but a timed-out case's of its own. Chromium opens at
 * most six connections to a host per context, and a timed-out case holds its reads open until the
 * client gives up (15 s, twice): beside it in one context, another case's reads (and the app's
 * files) waited in line, and the first cases of the 500 fault, which run beside the timeouts,
 * missed their time limit (their second try, in another context, passed).
 */
export function caseContext(screen: string, fault: ReadFault): string {
  return fault.spec === 'timeout' ? `${screen} × timeout` : screen;
}

export async function newPage(context: BrowserContext): Promise<{ page: Page; pageErrors: Error[] }> {
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { page, pageErrors };
}

/**
 * Runs `visit` on a new page of the screen's context; once more in a fresh context if it fails (a
 * busy machine can stall one page load). Returns null when it passed, else what went wrong each
 * time; a case that passed only on its second try is printed with its first failure.
 */
export async function twice(
  browser: Browser,
  info: TestInfo,
  contextKey: string,
  what: string,
  visit: (opened: Awaited<ReturnType<typeof newPage>>) => Promise<void>,
  attempts = 2,
): Promise<string | null> {
  const tries: string[] = [];
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const context = attempt === 1 ? await contextFor(browser, info, contextKey) : await contextFor(browser, info, `${what} (again)`);
    const opened = await newPage(context);
    try {
      await visit(opened);
      expect(opened.pageErrors.map(String), 'page errors').toEqual([]);
      if (tries.length > 0) console.log(`fault matrix: ${what} passed on its second try; the first: ${tries[0]}`);
      return null;
    } catch (error) {
      tries.push(brief(error));
    } finally {
      await opened.page.close().catch(() => undefined);
    }
  }
  return tries.map((t, i) => `try ${i + 1}: ${t}`).join(' | ');
}

/** Closes every context the specs opened (after each test). */
export async function closeContexts(): Promise<void> {
  await Promise.all([...contexts.values()].map(async (context) => (await context).close()));
  contexts.clear();
}

/** The screen shows its data; several pages load side by side on a busy machine, so this may take a while. */
export async function ready(screen: Screen, page: Page): Promise<void> {
  await expect(async () => screen.ready(page)).toPass({ timeout: 40_000, intervals: [250] });
}
