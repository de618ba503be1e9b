/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
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
        // A browser closing a page or the daemon dropping the event socket resets the connection:
        // expected, so not worth a stack trace; anything else is still reported.
        configure: (server: { on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): void }) => {
          server.on('error', (error) => {
            if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error(`proxy error: ${error.message}`);
          });
        },
      },
    }
  : undefined;

export default defineConfig({
  plugins: [react()],
  define: {
    __KAGED_SIMULATED__: JSON.stringify(!daemon),
  },
  server: { proxy },
  preview: { proxy },
  build: { sourcemap: true, chunkSizeWarningLimit: 1500 },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    benchmark: { include: ['src/**/*.bench.ts', 'mocks/**/*.bench.ts'] },
  },
});
