// The global rules before any component's (imported first, so they come first in dev and in the build's
// first stylesheet): tokens, element defaults and generic classes, the page frame. A component's own rule
// then wins over a generic one of the same weight (.verdict__notes over .input), wherever it loads.
import './styles/tokens.css';
import './styles/base.css';
import './styles/pages.css';
import { StrictMode, startTransition } from 'react';
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
import { nextTask } from './lib/idle';

/** How long the first render waits for the page's code before drawing the page's skeleton. */
const FIRST_RENDER_WAIT_MS = 1_000;

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
// The libraries' and the entry's evaluation is one task, on a slow device a long one: what follows
// (the settings, the query client, the first screen's requests) runs in a task of its own.
await nextTask();
if (problem !== null) console.warn(`config.json could not be used: ${problem}`);
useSettingsStore.getState().setDefaults(config, problem);

const queryClient = createQueryClient();
followConnectionChanges(queryClient);
followReachability(queryClient);
// The first screen's data, then its code, in that order on the wire: over HTTP/1.1 a browser opens
// six connections to a server, and the page's dozen code files asked for first would queue the API
// calls behind them. The calls leave once the client's middleware has run (microtasks); the code is
// asked for in the next task. (In a build the early script has asked for both already, in that
// order: app/early-requests.ts. In demo mode, once the simulated daemon runs: its service worker
// may reload the page when it first takes control.)
// Their requests take over the early ones; what they did not take is dropped.
prefetchRoute(queryClient, window.location.pathname, window.location.search);
const pageCode = nextTask().then(() => {
  closeEarlyAnswers();
  const code = preloadRoute(window.location.pathname);
  firstScreen.watch(queryClient, code);
  return code;
});

// The first render waits for the page's code (index.html says "Loading" meanwhile), so the shell and
// the page are drawn once, not the shell with the page's skeleton first and the page again: on a
// slow device that first pass and its layout came between the first data and its rows. A page
// whose code is slow to come is drawn with its skeleton after FIRST_RENDER_WAIT_MS.
sayStartingStep("Loading this page's code.");
await Promise.race([pageCode, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);

const rootElement = document.getElementById('root');
if (rootElement === null) throw new Error('index.html has no #root element');
const root = createRoot(rootElement, {
  // A failed request is shown where it happened; only what no one expected (a bug) is logged.
  onCaughtError: (error, info) => {
    if (!isApiError(error)) console.error(error, info.componentStack);
  },
});
// Drawn as a transition: React renders the first screen in slices, yielding to the browser between
// them, rather than in one long task (on a slow device the shell, the page and its first rows take
// a few hundred ms). No part of the app listens for changes before it is drawn, so nothing restarts
// it (React draws it again at once only if a store it read changed meanwhile).
startTransition(() => {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
