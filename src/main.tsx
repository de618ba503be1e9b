// The global rules before any component's (imported first, so they come first in dev and in the build's
// first stylesheet): tokens, element defaults and generic classes, the page frame. A component's own rule
// then wins over a generic one of the same weight (.verdict__notes over .input), wherever it loads.
import './styles/tokens.css';
import './styles/base.css';
import './styles/pages.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstScreen } from './lib/first-screen';
import { prefetchRoute, preloadRoute } from './app/router';
import { showStartupFailure } from './app/startup-failure';
import { sayStartingStep } from './app/starting-notice';
import { createQueryClient, followConnectionChanges, followReachability } from './app/query-client';
import { loadRuntimeConfig } from './config/runtime-config';
import { useSettingsStore } from './config/settings-store';
import { startThemeSync } from './config/theme';
import { isApiError } from './lib/api/api-error';
import { closeEarlyAnswers, earlyRequestsStarted, takeEarlyConfig } from './lib/api/early-answers';

startThemeSync();

// Demo mode (`npm start` without KAGED_API_URL): the simulated daemon runs inside the browser.
// Production builds drop this branch (import.meta.env.DEV is false there).
if (import.meta.env.DEV && __KAGED_SIMULATED__) {
  sayStartingStep('Starting the simulated daemon in this browser: on the first visit it generates its sessions (a few seconds); later visits reuse what this browser kept.');
  try {
    const { startSimulatedDaemon } = await import('../mocks/browser');
    await startSimulatedDaemon();
  } catch (error) {
    showStartupFailure(
      'The simulated daemon could not start',
      error,
      'Demo mode runs it behind a service worker, which browsers allow only on localhost, 127.0.0.1 or HTTPS. Open http://127.0.0.1:5173, or point the dev server at a daemon: KAGED_API_URL=http://host:port npm start.',
    );
    throw error;
  }
}

// config.json is preloaded by index.html and fetched by src/app/early-requests.ts, which starts the
// first screen's requests with it: by the time this entry runs both are usually on their way.
const earlyConfig = takeEarlyConfig();
const { config, problem } = await loadRuntimeConfig(document.baseURI, earlyConfig === null ? fetch : () => earlyConfig);
await earlyRequestsStarted();
if (problem !== null) console.warn(`config.json could not be used: ${problem}`);
useSettingsStore.getState().setDefaults(config, problem);

const queryClient = createQueryClient();
followConnectionChanges(queryClient);
followReachability(queryClient);
// The first screen's data, then its code, in that order on the wire: over HTTP/1.1 a browser opens
// six connections to a server, and the page's dozen code files asked for first would queue the API
// calls behind them. The calls leave once the client's middleware has run (microtasks); the code is
// asked for in the next task. (In demo mode, once the simulated daemon runs: its service worker
// may reload the page when it first takes control.)
// Their requests take over the early ones; what they did not take is dropped.
prefetchRoute(queryClient, window.location.pathname, window.location.search);
setTimeout(() => {
  closeEarlyAnswers();
  firstScreen.watch(queryClient, preloadRoute(window.location.pathname));
}, 0);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root, {
  // A failed request is shown where it happened; only what no one expected (a bug) is logged.
  onCaughtError: (error, info) => {
    if (!isApiError(error)) console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
