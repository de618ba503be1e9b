import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { EventFrame } from '../../domain/contract/types';
import { LiveConnection } from './live-connection';
import type { LiveConnectionOptions, LiveSocket, LiveStatus } from './live-connection-options';

const frame = (seq: number): EventFrame => ({
  seq,
  type: 'session.updated',
  at: '2026-06-01T10:00:00Z',
  session_id: `s${seq}`,
  data: {},
});

let server: WebSocketServer;
let port: number;
/** The query string of each connection, and its socket. */
let connections: Array<{ query: string; socket: ServerSocket }>;
let connection: LiveConnection | null;

beforeEach(async () => {
  connections = [];
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (socket, request) => connections.push({ query: new URL(request.url ?? '', 'http://x').search, socket }));
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});

afterEach(async () => {
  connection?.stop();
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
});

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function connect(overrides: Partial<LiveConnectionOptions> = {}) {
  const seen: number[] = [];
  const statuses: LiveStatus[] = [];
  const problems: string[] = [];
  let resyncs = 0;
  connection = new LiveConnection({
    url: (since) => `ws://127.0.0.1:${port}/api/v1/events${since === null ? '' : `?since=${since}`}`,
    daemonState: async () => ({ lastSeq: 10, instance: 'run-1' }),
    fetchAfter: async () => ({ items: [], last_seq: 0 }),
    onFrame: (f) => seen.push(f.seq),
    onStatus: (status) => {
      if (statuses[statuses.length - 1] !== status) statuses.push(status);
    },
    onProblem: (message) => problems.push(message),
    onResync: () => {
      resyncs += 1;
    },
    openSocket: (address) => new NodeWebSocket(address) as unknown as LiveSocket,
    backoff: { baseMs: 20, capMs: 40, random: () => 0.5 },
    ...overrides,
  });
  connection.start();
  return { seen, statuses, problems, resyncs: () => resyncs };
}

describe('LiveConnection', () => {
  it('resumes from the start seq, delivers in order, skips duplicates and bad frames', async () => {
    const live = connect();
    await until(() => connections.length === 1 && live.statuses.includes('live'), 'the connection');
    expect(connections[0]?.query).toBe('?since=10');
    const socket = connections[0]!.socket;
    socket.send(JSON.stringify(frame(11)));
    socket.send(JSON.stringify(frame(11)));
    socket.send('{not json');
    socket.send(JSON.stringify({ ...frame(12), type: 'session.exploded' }));
    socket.send(JSON.stringify(frame(12)));
    await until(() => live.seen.length === 2, 'two frames');
    expect(live.seen).toEqual([11, 12]);
    expect(live.problems).toHaveLength(2);
    expect(live.problems[1]).toContain('/type');
  });

  it('fills a gap over HTTP before going on', async () => {
    const asked: number[] = [];
    const live = connect({
      fetchAfter: async (since) => {
        asked.push(since);
        return { items: [frame(12), frame(13), frame(14)], last_seq: 14 };
      },
    });
    await until(() => live.statuses.includes('live'), 'the connection');
    const socket = connections[0]!.socket;
    socket.send(JSON.stringify(frame(11)));
    socket.send(JSON.stringify(frame(14)));
    socket.send(JSON.stringify(frame(15)));
    await until(() => live.seen.length === 5, 'five frames');
    expect(live.seen).toEqual([11, 12, 13, 14, 15]);
    expect(asked).toEqual([11]);
    expect(live.resyncs()).toBe(0);
  });

  it('resyncs when a gap cannot be filled', async () => {
    let daemonUp = true;
    const live = connect({
      daemonState: async () => {
        if (!daemonUp) throw new Error('daemon gone');
        return { lastSeq: 10, instance: 'run-1' };
      },
      fetchAfter: async () => {
        throw new Error('daemon gone');
      },
    });
    await until(() => live.statuses.includes('live'), 'the connection');
    daemonUp = false;
    connections[0]!.socket.send(JSON.stringify(frame(20)));
    await until(() => live.seen.length === 1, 'the frame after the gap');
    expect(live.seen).toEqual([20]);
    expect(live.resyncs()).toBe(1);
    expect(live.problems[0]).toContain('daemon gone');
  });

  it('reconnects after a drop and resumes after the last seq', async () => {
    let daemonLast = 10;
    const live = connect({ daemonState: async () => ({ lastSeq: daemonLast, instance: 'run-1' }) });
    await until(() => live.statuses.includes('live'), 'the connection');
    connections[0]!.socket.send(JSON.stringify(frame(11)));
    daemonLast = 11;
    await until(() => live.seen.length === 1, 'a frame');
    connections[0]!.socket.terminate();
    await until(() => connections.length === 2, 'the reconnection');
    expect(connections[1]?.query).toBe('?since=11');
    expect(live.resyncs()).toBe(0);
    await until(() => live.statuses.filter((s) => s === 'live').length === 2, 'live again');
    expect(live.statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
  });

  it('reports offline after repeated failures and keeps trying', async () => {
    await new Promise((resolve) => server.close(resolve));
    const live = connect({ offlineAfter: 2 });
    await until(() => live.statuses.includes('offline'), 'offline');
    expect(live.statuses).toEqual(['connecting', 'reconnecting', 'offline']);
    server = new WebSocketServer({ host: '127.0.0.1', port });
    server.on('connection', (socket, request) => connections.push({ query: new URL(request.url ?? '', 'http://x').search, socket }));
    await until(() => live.statuses[live.statuses.length - 1] === 'live', 'live after the daemon is back');
  });

  it('follows a restarted daemon (a new instance): resyncs and takes the new sequence from its start', async () => {
    let state = { lastSeq: 10, instance: 'run-1' };
    const live = connect({ daemonState: async () => state });
    await until(() => live.statuses.includes('live'), 'the connection');
    connections[0]!.socket.send(JSON.stringify(frame(11)));
    connections[0]!.socket.send(JSON.stringify(frame(12)));
    await until(() => live.seen.length === 2, 'two frames');
    // The daemon restarts: the socket drops, the new run's sequence starts over (and is already at 3).
    state = { lastSeq: 3, instance: 'run-2' };
    connections[0]!.socket.terminate();
    await until(() => connections.length === 2, 'the reconnection');
    expect(connections[1]?.query).toBe('?since=3');
    expect(live.resyncs()).toBe(1);
    connections[1]!.socket.send(JSON.stringify(frame(4)));
    connections[1]!.socket.send(JSON.stringify(frame(5)));
    await until(() => live.seen.length === 4, 'the new run’s frames');
    expect(live.seen).toEqual([11, 12, 4, 5]);
    expect(live.problems.join(' ')).toContain('restarted');
  });

  it('sees a restart without an instance id by its sequence going back', async () => {
    let state: { lastSeq: number; instance: string | null } = { lastSeq: 10, instance: null };
    const live = connect({ daemonState: async () => state });
    await until(() => live.statuses.includes('live'), 'the connection');
    connections[0]!.socket.send(JSON.stringify(frame(11)));
    await until(() => live.seen.length === 1, 'a frame');
    state = { lastSeq: 0, instance: null };
    connections[0]!.socket.terminate();
    await until(() => connections.length === 2, 'the reconnection');
    expect(connections[1]?.query).toBe('?since=0');
    connections[1]!.socket.send(JSON.stringify(frame(1)));
    await until(() => live.seen.length === 2, 'the new sequence’s first frame');
    expect(live.seen).toEqual([11, 1]);
    expect(live.resyncs()).toBe(1);
  });

  it('follows a sequence that goes back on the same socket', async () => {
    const live = connect();
    await until(() => live.statuses.includes('live'), 'the connection');
    const socket = connections[0]!.socket;
    for (const seq of [11, 12, 13, 2, 3]) socket.send(JSON.stringify(frame(seq)));
    await until(() => live.seen.length === 5, 'five frames');
    expect(live.seen).toEqual([11, 12, 13, 2, 3]);
    expect(live.resyncs()).toBe(1);
  });

  it('does not stall behind a frame that jumps far past the daemon’s own sequence', async () => {
    const live = connect({
      daemonState: async () => ({ lastSeq: 11, instance: 'run-1' }),
      fetchAfter: async (since) => ({ items: since < 11 ? [frame(11)] : [], last_seq: 11 }),
    });
    await until(() => live.statuses.includes('live'), 'the connection');
    const socket = connections[0]!.socket;
    socket.send(JSON.stringify(frame(1_000_000)));
    socket.send(JSON.stringify(frame(12)));
    socket.send(JSON.stringify(frame(13)));
    await until(() => live.seen.includes(13), 'the frames after the jump');
    expect(live.seen).toEqual([12, 13]);
    expect(live.resyncs()).toBe(1);
    expect(live.problems.join(' ')).toContain('1000000');
  });

  it('waits for an address that must be fetched first (a stream ticket) and asks again for each socket', async () => {
    let issued = 0;
    const live = connect({ url: async (since) => `ws://127.0.0.1:${port}/api/v1/events?since=${since}&ticket=t${++issued}` });
    await until(() => connections.length === 1 && live.statuses.includes('live'), 'the connection');
    expect(connections[0]?.query).toBe('?since=10&ticket=t1');
    connections[0]!.socket.terminate();
    await until(() => connections.length === 2, 'a new socket');
    expect(connections[1]?.query).toBe('?since=10&ticket=t2');
  });

  it('reports an address that could not be fetched and retries', async () => {
    let calls = 0;
    const live = connect({
      url: async () => {
        calls += 1;
        if (calls === 1) throw new Error('POST /events/ticket: the daemon could not be reached');
        return `ws://127.0.0.1:${port}/api/v1/events`;
      },
    });
    await until(() => live.statuses.includes('live'), 'live after the retry');
    expect(live.problems).toEqual(['The live stream could not be opened: POST /events/ticket: the daemon could not be reached']);
  });
});
