/**
 * The simulated daemon's controls (/__mock/…, not part of the kaged API) and direct reads of its
 * API, for arranging and checking e2e tests. Every test starts with resetDaemon().
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { FaultRule } from '../../mocks/handlers/faults';
import { mockPort } from './ports';

/** This worker's own simulated daemon. */
export const DAEMON = `http://127.0.0.1:${mockPort()}`;
export const API = `${DAEMON}/api/v1`;

export async function resetDaemon(request: APIRequestContext): Promise<void> {
  // The default scale, whatever an earlier test reset to (a bench-scale test leaves its scale behind).
  const response = await request.post(`${DAEMON}/__mock/reset`, { data: { scale: 'normal' } });
  expect(response.ok(), 'the simulated daemon resets').toBeTruthy();
}

/**
 * The bench scale (100,000 records and a 10,000-message agent): seeding takes 10 s and more on a
 * busy machine, longer than the action timeout (15 s, playwright.config.ts) allows a request.
 */
export async function resetDaemonAtBenchScale(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${DAEMON}/__mock/reset`, { data: { scale: 'bench' }, timeout: 180_000 });
  expect(response.ok(), 'the simulated daemon resets at bench scale').toBeTruthy();
}

export async function injectFaults(request: APIRequestContext, rules: FaultRule[]): Promise<void> {
  const response = await request.post(`${DAEMON}/__mock/faults`, { data: { rules } });
  expect(response.ok(), 'the faults are accepted').toBeTruthy();
}

export async function clearFaults(request: APIRequestContext): Promise<void> {
  await request.delete(`${DAEMON}/__mock/faults`);
}

/** Closes every live-stream socket and refuses new ones for `refuseMs`. */
export async function dropSockets(request: APIRequestContext, refuseMs: number): Promise<void> {
  const response = await request.post(`${DAEMON}/__mock/ws/drop`, { data: { refuse_ms: refuseMs } });
  expect(response.ok()).toBeTruthy();
}

/** As if the daemon restarted with nothing kept: seeded afresh, its event sequence starting over, sockets dropped. */
export async function restartDaemon(request: APIRequestContext, refuseMs = 0): Promise<{ last_seq: number; instance_id: string }> {
  const response = await request.post(`${DAEMON}/__mock/restart`, { data: { refuse_ms: refuseMs } });
  expect(response.ok(), 'the simulated daemon restarts').toBeTruthy();
  return (await response.json()) as { last_seq: number; instance_id: string };
}

/** Runs a session forward until it compacts (live frames follow). */
export async function advanceSession(request: APIRequestContext, sessionId: string): Promise<void> {
  const response = await request.post(`${DAEMON}/__mock/sessions/${encodeURIComponent(sessionId)}/advance`, {
    data: { max_turns: 60, until_compaction: true },
  });
  expect(response.ok()).toBeTruthy();
}

export async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  // A GET may be sent again: a kept-alive socket the server closed at that moment (ECONNRESET) is not the test's subject.
  const response = await request.get(`${API}${path}`, { headers: { 'X-Kaged-User-Id': 'e2e' }, maxRetries: 2 });
  expect(response.ok(), `GET ${path}`).toBeTruthy();
  return (await response.json()) as T;
}

export interface SessionLite {
  id: string;
  project_id: string;
  title: string;
  status: string;
  compaction_pending: boolean;
  compaction_count: number;
  agent_count: number;
  cost: { primary_usd: number; compactor_usd: number; total_usd: number };
  primary_context: { window: { source: string } };
}

export async function listSessions(request: APIRequestContext): Promise<SessionLite[]> {
  return (await apiGet<{ items: SessionLite[] }>(request, '/sessions')).items;
}

export async function listProjects(request: APIRequestContext): Promise<Array<{ id: string; name: string; session_count: number }>> {
  return (await apiGet<{ items: Array<{ id: string; name: string; session_count: number }> }>(request, '/projects')).items;
}
