/// <reference types="vitest/config" />
import { createLogger, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  customLogger: logger,
  plugins: [react()],
  define: {
    __KAGED_SIMULATED__: JSON.stringify(!daemon),
  },
  server: { proxy },
  preview: { proxy },
  build: { sourcemap: true, chunkSizeWarningLimit: 1500 },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts', 'e2e/bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    benchmark: { include: ['src/**/*.bench.ts', 'mocks/**/*.bench.ts'] },
  },
});
