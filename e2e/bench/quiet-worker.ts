/**
 * Playwright follows every worker of a page it drives with the Network domain on, so each frame the
 * live stream's worker receives goes, payload and all, from the worker through the browser to the
 * benchmark's own process: work a user's browser never does. At 1,000 events a second (2,000
 * frames) it cost about 2 s of the renderer's CPU and 0.5-1.5 s of the runner's per 5 s burst, on
 * the 2 cores the page and the simulator share (e2e/bench/README.md, Decisions). Turned off for the
 * live bursts; the page's own session keeps it (the requests are counted there).
 *
 * Playwright has no public handle on a worker's protocol session: this reaches its in-process
 * server. Answers how many worker sessions were quieted; 0 when Playwright's internals changed
 * (the run says so, and its figures then include that cost).
 */
import type { Page } from '@playwright/test';

interface ProtocolSession {
  send(method: string): Promise<unknown>;
}

export async function quietWorkerNetwork(page: Page): Promise<number> {
  try {
    const server = (page as unknown as { _connection: { toImpl(x: unknown): { delegate?: unknown } } })._connection.toImpl(page);
    const sessions = (server.delegate as { _mainFrameSession: { _workerSessions: Map<string, ProtocolSession> } })._mainFrameSession._workerSessions;
    for (const session of sessions.values()) await session.send('Network.disable');
    return sessions.size;
  } catch {
    return 0;
  }
}
