/**
 * The builds the benchmark measures, made with Vite's JS API into the benchmark's own folder: the
 * app's production build (vite.config.ts, as `npm run build` makes it), and the peer page in a
 * sub-folder of it, so the same preview server (and its /api proxy) serves both.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The peer's address under the preview server (a folder no app route uses). */
export const PEER_BASE = '/__bench-peer/';

export async function buildApp(outDir: string): Promise<void> {
  await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  if (!existsSync(join(outDir, 'index.html'))) throw new Error(`the app's build wrote no index.html to ${outDir}`);
}

export async function buildPeer(outDir: string): Promise<void> {
  const peerOut = join(outDir, PEER_BASE);
  await build({
    configFile: false,
    root: join(ROOT, 'e2e/bench/peer'),
    base: PEER_BASE,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: peerOut, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  });
  if (!existsSync(join(peerOut, 'index.html'))) throw new Error(`the peer's build wrote no index.html to ${peerOut}`);
}
