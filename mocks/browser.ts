import { setupWorker } from 'msw/browser';
import { ws } from 'msw';
import { attachEventClient } from './handlers/events';
import { createHandlers } from './handlers';
import { loadFixturesInBrowser } from './importers/browser-fixtures';
import { DEFAULT_OPTIONS, SimulatedDaemon } from './runtime';

/** Demo mode (`npm start`): the simulated daemon runs inside the browser, behind a service worker. */
export async function startSimulatedDaemon(): Promise<void> {
  const daemon = new SimulatedDaemon(await loadFixturesInBrowser(), DEFAULT_OPTIONS);
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
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` } });
}
