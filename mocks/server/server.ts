import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';
import { WebSocketServer, type WebSocket } from 'ws';
import { redeemStreamTicket } from '../daemon/live/stream-tickets';
import { attachEventClient } from '../handlers/events';
import type { FaultRule } from '../handlers/faults';
import { createHandlers, noteWrite } from '../handlers';
import { loadFixturesFromDisk } from '../importers/node-fixtures';
import { DEFAULT_OPTIONS, SimulatedDaemon, type DaemonOptions } from '../runtime';
import { FolderBackend } from '../store/backends/folder';
import { Persistence } from '../store/persistence';
import { compressBody, isCompressible, MIN_COMPRESS_BYTES, negotiateEncoding, sendsRaw } from './compression';

export interface ServerOptions {
  port: number;
  host: string;
  daemon: Partial<DaemonOptions>;
  faults: FaultRule[];
  /** Keep the data in this folder across restarts (none: in memory only, as tests want). `fresh` discards what is there first. */
  persistence: { dir: string; fresh?: boolean } | null;
}

export interface RunningSimulator {
  url: string;
  daemon: SimulatedDaemon;
  close(): Promise<void>;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, X-Kaged-User-Id, Idempotency-Key, X-Kaged-Mock-Fault',
  'Access-Control-Expose-Headers': 'Retry-After',
  'Access-Control-Max-Age': '600',
};

function cors(req: IncomingMessage): Record<string, string> {
  return { ...CORS_HEADERS, 'Access-Control-Allow-Origin': req.headers.origin ?? '*', Vary: 'Origin' };
}

/**
 * Writes the handler's response, gzip- or Brotli-encoded where the request accepts it and the body
 * is text worth compressing (see compression.ts), except a large body to a loopback peer (sent as it
 * is: `sendsRaw`); `Vary` says the encoding depends on the request.
 */
async function send(req: IncomingMessage, res: ServerResponse, response: Response, handler: { ms: number; cpuMs: number }): Promise<void> {
  const headers: Record<string, string> = { ...Object.fromEntries(response.headers), ...cors(req), Vary: 'Origin, Accept-Encoding' };
  let body: Buffer = Buffer.from(await response.arrayBuffer());
  // The handler's time (its answer serialised), and the process's CPU time meanwhile (every thread:
  // the collector's too; wall time on a loaded machine is mostly waiting), beside any timing the
  // handler gave itself.
  const answered = `handler;dur=${handler.ms.toFixed(1)}, cpu;dur=${handler.cpuMs.toFixed(1)};desc="process CPU while handling"`;
  headers['server-timing'] = headers['server-timing'] ? `${headers['server-timing']}, ${answered}` : answered;
  const encoding = req.method === 'HEAD' || response.headers.has('content-encoding') ? null : negotiateEncoding(req.headers['accept-encoding']);
  const compressible = encoding !== null && body.byteLength >= MIN_COMPRESS_BYTES && isCompressible(response.headers.get('content-type'));
  if (compressible && sendsRaw(body.byteLength, req.socket.remoteAddress)) {
    headers['server-timing'] = `${headers['server-timing']}, compress;dur=0;desc="none: loopback"`;
  } else if (encoding && compressible) {
    const started = performance.now();
    body = await compressBody(body, encoding);
    headers['content-encoding'] = encoding;
    // How long the encoding took, beside any timing the handler gave (the bench reads it).
    const timing = `compress;dur=${(performance.now() - started).toFixed(1)};desc="${encoding}"`;
    headers['server-timing'] = `${headers['server-timing']}, ${timing}`;
  }
  delete headers['content-length'];
  if (res.destroyed) return;
  // No length on a bodiless status (204, 304): HTTP forbids one there.
  if (response.status !== 204 && response.status !== 304) headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}

async function toRequest(req: IncomingMessage, res: ServerResponse, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const aborted = new AbortController();
  res.on('close', () => aborted.abort());
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0;
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined, signal: aborted.signal });
}

/** What a request gets while the data is still being loaded or seeded: a daemon starting up, try again shortly. */
function starting(res: ServerResponse, req: IncomingMessage): void {
  const body = JSON.stringify({ code: 'unavailable', message: 'The simulated daemon is starting (loading or seeding its data); try again in a moment.', details: null });
  res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1', ...cors(req) }).end(body);
}

/**
 * The simulated daemon as a real HTTP and WebSocket server on loopback, over the same handlers as
 * the browser. It listens before its data is loaded or seeded: a request meanwhile gets 503
 * (Retry-After: 1) saying it is starting, never an answer from data not yet complete.
 */
export async function startSimulator(options: Partial<ServerOptions> = {}): Promise<RunningSimulator> {
  const daemonOptions: DaemonOptions = { ...DEFAULT_OPTIONS, keepSeed: true, ...options.daemon };
  const persistence = options.persistence ? new Persistence(new FolderBackend(options.persistence.dir), { seed: daemonOptions.seed, scale: daemonOptions.scale }) : null;
  let ready: { daemon: SimulatedDaemon; handlers: RequestHandler[] } | null = null;
  const sockets = new Set<WebSocket>();
  let refuseUntil = 0;
  const host = options.host ?? '127.0.0.1';
  let origin = `http://${host}`;
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors(req)).end();
        return;
      }
      if (!ready) return starting(res, req);
      const { daemon, handlers } = ready;
      const request = await toRequest(req, res, origin);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const response = (await getResponse(handlers, request)) ??
        Response.json({ code: 'not_found', message: `No endpoint ${req.method} ${req.url}`, details: null }, { status: 404 });
      noteWrite(daemon, request.method, new URL(request.url));
      if (res.destroyed) return;
      const used = process.cpuUsage(cpu);
      await send(req, res, response, { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json', ...cors(req) });
      res.end(JSON.stringify({ code: 'internal', message: String(error), details: null }));
    });
  });
  // Idle keep-alive connections stay open longer than clients keep them (Node's 5 s default races
  // a client reusing the socket just as the server closes it: ECONNRESET on a healthy daemon).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://${host}:${port}`;

  const daemon = await SimulatedDaemon.open(() => loadFixturesFromDisk(), daemonOptions, persistence, options.persistence?.fresh ?? false).catch((error: unknown) => {
    server.close();
    throw error;
  });
  const { handlers, faults } = createHandlers(daemon, {
    drop(refuseMs) {
      refuseUntil = Date.now() + refuseMs;
      const count = sockets.size;
      for (const socket of sockets) socket.terminate();
      sockets.clear();
      return count;
    },
    endRefusal() {
      refuseUntil = 0;
    },
  });
  faults.set(options.faults ?? []);

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', origin);
    const token = daemon.options.requireToken;
    // With a token required: a stream ticket (POST /events/ticket, single-use), the token itself (?access_token=, the fallback), or the header.
    const authorized =
      !token || redeemStreamTicket(daemon.store, url.searchParams.get('ticket')) || url.searchParams.get('access_token') === token || req.headers.authorization === `Bearer ${token}`;
    if (!/\/api\/v1\/events$/.test(url.pathname) || Date.now() < refuseUntil || !authorized) {
      socket.write('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      // Frames published together (a live burst's tick) go out in one write, not one each.
      let corked = false;
      const detach = attachEventClient(daemon, url, (text) => {
        if (!corked) {
          corked = true;
          socket.cork();
          process.nextTick(() => {
            corked = false;
            socket.uncork();
          });
        }
        ws.send(text);
      });
      ws.on('close', () => {
        detach();
        sockets.delete(ws);
      });
    });
  });

  ready = { daemon, handlers };
  return {
    url: `${origin}/api/v1`,
    daemon,
    close: async () => {
      await daemon.close();
      for (const socket of sockets) socket.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
