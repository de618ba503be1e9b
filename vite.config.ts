/// <reference types="vitest/config" />
import { createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { createLogger, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { BUDGET, checkBuild, formatReport, screenCode, screenFiles, type Manifest } from './e2e/budget/bundle-budget.ts';
import { FIRST_SCREEN_CODE_ID } from './src/app/first-screen-code.ts';
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

/** V8's explicit compile hint: a file that opens with it is compiled whole (Chromium 136+; other engines read a comment). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Every script a first screen loads before its first data (the budget's files: the entry with the
 * libraries and the app's shared code, the shell's parts, each screen's page and its first answers'
 * validators) opens with V8's compile hint: Chromium compiles it whole on a background thread while
 * it downloads, not function by function on the main thread as the first renders and the first
 * answers' checks call them. Measured on the slow link (4x CPU), interleaved: see e2e/bench/README.md,
 * "The first screens' code compiles off the main thread". Scripts loaded later stay lazily compiled
 * (a hint would compile code a visit may never run). The hint must be a file's first line, so it goes
 * in after Vite's preload map (its generateBundle), the source map moved down a line with the code.
 */
function firstScreenCompileHints(): Plugin {
  return {
    name: 'compactor:first-screen-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const manifestAsset = bundle['.vite/manifest.json'];
        if (manifestAsset?.type !== 'asset') throw new Error('compile hints: the build wrote no .vite/manifest.json to read the first screens\' files from');
        const manifest = JSON.parse(String(manifestAsset.source)) as Manifest;
        const files = new Set(BUDGET.screens.flatMap((screen) => screenFiles(manifest, BUDGET.shell, screen)));
        for (const file of files) {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk') throw new Error(`compile hints: the manifest names ${file}, which the bundle does not hold as a chunk`);
          if (chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // One generated line more at the top: every mapping moves down one line.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const mapAsset = bundle[`${file}.map`];
          if (mapAsset?.type === 'asset' && chunk.map) mapAsset.source = chunk.map.toString();
        }
      },
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

/**
 * `npm start`'s first visit after an install: the dev server prepares the app's dependencies
 * before the first script can run (seconds), so index.html says so in the page's root at once
 * (React replaces it on its first render; until then the entry says each step it takes,
 * src/app/starting-notice.ts), in place of index.html's own placeholder. Dev only: a build's page
 * has its scripts at hand, and keeps the placeholder.
 */
function startingNotice(): Plugin {
  return {
    name: 'compactor:starting-notice',
    apply: 'serve',
    transformIndexHtml(html) {
      const notice =
        '<div role="status" style="font: 14px/1.5 system-ui, sans-serif; padding: 24px 32px; color: CanvasText; background: Canvas">' +
        '<strong>Compactor is starting.</strong><br /><span data-starting-step>The development server is preparing the app\'s modules; on the first start after an install this takes a few seconds.</span> The page opens by itself.</div>';
      const root = /<div id="root">.*?<\/div>/;
      if (!root.test(html)) throw new Error('index.html has no <div id="root"> for the starting notice');
      return html.replace(root, `<div id="root">${notice}</div>`);
    },
  };
}

/**
 * The first screen's requests leave before the app's code has arrived and run
 * (src/app/early-requests.ts): the early script is an entry of its own, importing no app module,
 * linked first in the built index.html as an async module (an HTML module script would join the
 * app's entry and wait for its libraries). Not in dev: demo mode's simulated daemon starts with
 * the app.
 *
 * It asks for the first screen's code too, once its requests have left: index.html carries, before
 * the script, each budget screen's files beyond the entry's (`screenCode`, as JSON the script reads),
 * so they travel beside the data instead of after the entry has run (on a slow link that wait put
 * the page's code, not its data, last).
 */
function earlyRequests(): Plugin {
  let base = '/';
  const earlyScript = (file: string) => `<script type="module" async crossorigin src="${base}${file}"></script>`;
  return {
    name: 'compactor:early-requests',
    apply: 'build',
    enforce: 'post',
    config: () => ({ build: { rolldownOptions: { input: { index: resolve(import.meta.dirname, 'index.html'), early: resolve(import.meta.dirname, 'src/app/early-requests.ts') } } } }),
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'early');
        // Its one import is the bundler's runtime (1 KB), which the entry preloads anyway.
        const imports = chunk?.type === 'chunk' ? chunk.imports.filter((file) => !/\/rolldown-runtime-/.test(file)) : [];
        if (chunk === undefined || imports.length > 0) throw new Error(`The early requests script must build to a file of its own, importing no app module (it imports ${imports.join(', ')}).`);
        return html.replace('<title>', `${earlyScript(chunk.fileName)}\n    <title>`);
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const manifestAsset = bundle['.vite/manifest.json'];
        const html = bundle['index.html'];
        const early = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'early');
        if (manifestAsset?.type !== 'asset' || html?.type !== 'asset' || early === undefined) throw new Error("first screens' code: the build has no manifest, index.html or early script to read and write");
        const manifest = JSON.parse(String(manifestAsset.source)) as Manifest;
        const code = Object.fromEntries(
          BUDGET.screens.map((screen) => {
            const { scripts, styles } = screenCode(manifest, BUDGET.shell, screen);
            return [screen.page, [...scripts, ...styles].map((file) => `${base}${file}`)];
          }),
        );
        const tag = earlyScript(early.fileName);
        const page = String(html.source);
        if (!page.includes(tag)) throw new Error("first screens' code: index.html does not link the early script");
        const json = JSON.stringify(code).replaceAll('<', '\\u003c');
        html.source = page.replace(tag, `<script type="application/json" id="${FIRST_SCREEN_CODE_ID}">${json}</script>\n    ${tag}`);
      },
    },
  };
}

/** The text files the build writes under assets/ (scripts, stylesheets, SVG, JSON), by extension, with their media types. */
const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};
const ENCODINGS = [
  { name: 'br', suffix: '.br', compress: (data: Buffer) => promisify(brotliCompress)(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }) },
  { name: 'gzip', suffix: '.gz', compress: (data: Buffer) => promisify(gzip)(data, { level: 9 }) },
] as const;

/**
 * Compressed once, at build time, not on every request: the build writes a brotli and a gzip copy
 * beside each script and stylesheet, for any static server that serves such copies (nginx's
 * gzip_static and brotli_static, Caddy's precompressed). The preview server serves them too, with
 * a year's caching, as the file names carry their content's hash. (Compressing per request cost
 * the preview server about 0.1 s of processor time per cold load, taken from the browser on a
 * 2-core machine.) Anything else is left to the preview server as before.
 */
function precompressedAssets(): Plugin {
  let outDir = 'dist';
  let building = false;
  return {
    name: 'compactor:precompressed-assets',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      building = config.command === 'build';
    },
    async closeBundle() {
      // The dev server calls this hook too, when it stops.
      if (!building) return;
      const assets = join(outDir, 'assets');
      const files = readdirSync(assets).filter((name) => extname(name) in ASSET_TYPES);
      await Promise.all(
        files.flatMap((name) => {
          const data = readFileSync(join(assets, name));
          return ENCODINGS.map(async ({ suffix, compress }) => writeFileSync(join(assets, name + suffix), await compress(data)));
        }),
      );
    },
    configurePreviewServer(server) {
      const assets = join(outDir, 'assets');
      const headers = server.config.preview.headers ?? {};
      server.middlewares.use((req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/assets/')) return next();
        let file: string;
        try {
          file = join(outDir, decodeURIComponent(req.url.split('?')[0] ?? ''));
        } catch {
          return next(); // a malformed escape: the static server answers it
        }
        const type = ASSET_TYPES[extname(file)];
        if (type === undefined || !file.startsWith(assets + sep)) return next();
        const accepted = String(req.headers['accept-encoding'] ?? '');
        const encoding = ENCODINGS.find(({ name, suffix }) => new RegExp(`\\b${name}\\b`).test(accepted) && existsSync(file + suffix));
        if (encoding === undefined) return next();
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
        res.setHeader('Content-Type', type);
        res.setHeader('Content-Encoding', encoding.name);
        res.setHeader('Content-Length', statSync(file + encoding.suffix).size);
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        if (req.method === 'HEAD') return res.end();
        createReadStream(file + encoding.suffix).pipe(res);
      });
    },
  };
}

export default defineConfig({
  customLogger: logger,
  plugins: [react(), contentSecurityPolicy(), earlyRequests(), firstScreenCompileHints(), bundleBudget(), precompressedAssets(), startingNotice()],
  define: {
    __KAGED_SIMULATED__: JSON.stringify(!daemon),
  },
  // The entry is transformed (and its dependencies found and pre-bundled) as the dev server starts,
  // not when the first visit asks for it.
  server: { proxy, warmup: { clientFiles: ['./src/main.tsx'] } },
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
            // The global styles (src/styles) lead the app's: a chunk's stylesheet is linked after those of
            // the chunks it imports, so left in the entry they would come after every component's.
            { name: 'app', tags: ['$initial'], test: /[\\/]src[\\/](styles|lib|components|config|features)[\\/]/, priority: 1 },
            // The dialogs' and menus' libraries, used by most screens after the first data (their
            // parts load on their own: components/lazy-menu.tsx, LazyDialog): one file rather than six.
            {
              name: 'ui-vendor',
              test: /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib|get-nonce|detect-node-es)[\\/]/,
              priority: 1.5,
            },
            // The virtual lists' library, which the ledger's first rows need (and ui-vendor's 48 KB not).
            { name: 'virtual-vendor', test: /node_modules[\\/]@tanstack[\\/](react-virtual|virtual-core)[\\/]/, priority: 1.5 },
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
    // The engine of outside patterns, installed as the simulator installs it (the app loads it on demand).
    setupFiles: ['src/domain/knobs/outside-pattern-engine.ts'],
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
