import { setupWorker } from 'msw/browser';
import { ws } from 'msw';
import { attachEventClient } from './handlers/events';
import { BrowserFollows } from './follow/browser-follow';
import { createHandlers, noteWrite } from './handlers';
import { loadFixturesInBrowser } from './importers/browser-fixtures';
import { prepareInWorker } from './importers/worker-preparer';
import { DEFAULT_OPTIONS, SimulatedDaemon } from './runtime';
import { IndexedDbBackend } from './store/backends/indexeddb';
import { Persistence } from './store/persistence';

/** `?mock-reset` in the address: start from the seed, discarding what this browser kept (the parameter is then removed). */
function takeResetParameter(): boolean {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('mock-reset')) return false;
  url.searchParams.delete('mock-reset');
  window.history.replaceState(window.history.state, '', url);
  return true;
}

/**
 * Demo mode (`npm start`): the simulated daemon runs inside the browser, behind a service worker.
 * Its data is kept in IndexedDB, so a reload finds the flags, notes and compactions it left.
 */
export async function startSimulatedDaemon(): Promise<void> {
  const persistence = typeof indexedDB === 'undefined' ? null : new Persistence(new IndexedDbBackend(), { seed: DEFAULT_OPTIONS.seed, scale: DEFAULT_OPTIONS.scale }, { delayMs: 100, maxDelayMs: 1_000 });
  const daemon = await SimulatedDaemon.open(await loadFixturesInBrowser(), { ...DEFAULT_OPTIONS, prepareImport: prepareInWorker, followInBrowser: true }, persistence, takeResetParameter());
  const events = ws.link(/\/api\/v1\/events/);
  const clients = new Set<{ close(code?: number, reason?: string): void }>();
  const { handlers } = createHandlers(daemon, {
    drop() {
      const count = clients.size;
      for (const client of clients) client.close(1012, 'dropped by the simulator');
      clients.clear();
      return count;
    },
  });
  const worker = setupWorker(
    ...handlers,
    events.addEventListener('connection', ({ client }) => {
      clients.add(client);
      const detach = attachEventClient(daemon, new URL(client.url), (text) => client.send(text));
      client.addEventListener('close', () => {
        detach();
        clients.delete(client);
      });
    }),
  );
  worker.events.on('response:mocked', ({ request }) => noteWrite(daemon, request.method, new URL(request.url)));
  // Leaving or hiding the page writes what is still pending.
  window.addEventListener('pagehide', () => void daemon.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void daemon.flush();
  });
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` } });
  // Folders the page hands over (Import dialog, "Follow a folder…"), and those followed before a reload.
  void new BrowserFollows(daemon).start().catch((error: unknown) => console.warn('following folders in the browser:', error));
}
