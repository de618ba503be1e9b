/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { createLogger, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { checkBuild, formatReport } from './e2e/budget/bundle-budget.ts';
import { CSP_HEADER, CSP_META } from './src/config/content-security-policy.ts';

// KAGED_API_URL=http://host:port proxies /api to a real daemon (dev and preview).
// Without it, `npm start` runs the simulated daemon inside the browser (msw).
const daemon = process.env.KAGED_API_URL?.replace(/\/+$/, '');
const proxy = daemon
  ? {
      '/api': {
        target: daemon,
        changeOrigin: true,
        ws: true,
      },
    }
  : undefined;

// A browser closing a page, or the daemon dropping the event socket, resets the proxied
// connection: expected, so not worth a stack trace. Every other error is still logged.
const logger = createLogger();
const logError = logger.error.bind(logger);
logger.error = (message, options) => {
  if (/proxy (socket )?error/.test(message) && /ECONNRESET|EPIPE/.test(message)) return;
  logError(message, options);
};

/** After every production build: the JavaScript budget (e2e/budget/bundle-budget.ts); over it, the build fails with the figures. */
function bundleBudget(): Plugin {
  let outDir = 'dist';
  return {
    name: 'compactor:bundle-budget',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const report = checkBuild(outDir);
      const text = formatReport(report);
      if (report.problems.length > 0) throw new Error(`The build is over its budget:\n${text}`);
      logger.info(text);
    },
  };
}

/**
 * The built index.html carries the Content-Security-Policy as a meta tag, so any static server
 * applies it (src/config/content-security-policy.ts). Not in dev: Vite's dev server injects inline
 * scripts (React Refresh), and demo mode's service worker runs only there.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'compactor:content-security-policy',
    apply: 'build',
    transformIndexHtml(html) {
      // Right after the charset, before any script or stylesheet the policy must cover.
      const charset = /<meta charset="[^"]*"\s*\/?>/i;
      if (!charset.test(html)) throw new Error('index.html needs a <meta charset> for the Content-Security-Policy to follow.');
      return html.replace(charset, (tag) => `${tag}\n    <meta http-equiv="Content-Security-Policy" content="${CSP_META.replace(/'/g, '&#39;')}" />`);
    },
  };
}

export default defineConfig({
  customLogger: logger,
  plugins: [react(), contentSecurityPolicy(), bundleBudget()],
  define: {
    __KAGED_SIMULATED__: JSON.stringify(!daemon),
  },
  server: { proxy },
  // The preview server sends the policy as a header too (with frame-ancestors, which a meta tag cannot carry).
  preview: { proxy, headers: { 'Content-Security-Policy': CSP_HEADER } },
  // The manifest says which files each page loads (the budget reads it; so can the benchmark).
  build: {
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger files on the first screens: the preview server and many daemons speak
        // HTTP/1.1, six connections per host, so ninety small chunks (each a request, the config
        // and the API queued behind them) were a waterfall of round trips before the first data.
        codeSplitting: {
          groups: [
            // What every screen loads first, in two files (libraries, then the app's shared code)
            // instead of some thirty. The entry itself (main.tsx, src/app) stays its own chunk.

            { name: 'vendor', tags: ['$initial'], test: /node_modules/, priority: 2 },
            { name: 'app', tags: ['$initial'], test: /[\\/]src[\\/](lib|components|config|features)[\\/]/, priority: 1 },
            // The dialogs', menus' and virtual lists' libraries, used by most screens after the
            // first: one file rather than six.
            {
              name: 'ui-vendor',
              test: /node_modules[\\/](@radix-ui|@floating-ui|@tanstack[\\/](react-virtual|virtual-core)|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib|get-nonce|detect-node-es)[\\/]/,
              priority: 1.5,
            },
          ],
          // Small common chunks of the lazy pages are copied into the chunks that use them rather
          // than fetched on their own (the session view: 35 files after the entry, now 11).
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts', 'e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Hooks that seed a simulator (beforeAll) get as long as tests: the 2-core CI machine is shared.
    hookTimeout: 30_000,
    // Every core: vitest's default leaves one free, which on the 2-core CI machine runs the files one
    // at a time (246 s there; 138 s on two).
    maxWorkers: availableParallelism(),
    // Worker threads start and import faster than forked processes (the whole run: 147 -> 131 s
    // here). The benchmarks run in a fork of their own (e2e/bench/unit-bench.ts), as heap figures need.
    pool: 'threads',
    benchmark: { include: ['src/**/*.bench.ts', 'mocks/**/*.bench.ts'] },
  },
});
