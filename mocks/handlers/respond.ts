import { HttpResponse } from 'msw';
import { DaemonError } from '../daemon/errors';

export const API = '*/api/v1';

/**
 * Runs a route body and answers JSON: its result with 200 (a Response as it is), a DaemonError with
 * its status and the contract's Error shape. Server-Timing `compute` says how long the body took
 * before its answer was serialised (the bench reads it beside the whole handler's time).
 */
export async function respond(body: () => unknown): Promise<Response> {
  try {
    const started = performance.now();
    const value = await body();
    if (value instanceof Response) return value;
    return HttpResponse.json(value as Record<string, unknown>, { headers: { 'Server-Timing': `compute;dur=${(performance.now() - started).toFixed(1)}` } });
  } catch (error) {
    if (error instanceof DaemonError) return HttpResponse.json(error.body, { status: error.status });
    const message = error instanceof Error ? error.message : String(error);
    return HttpResponse.json({ code: 'internal', message: `The simulated daemon failed: ${message}`, details: null }, { status: 500 });
  }
}

export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch {
    throw new DaemonError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/** The operator identity the request carries (X-Kaged-User-Id). */
export function actorOf(request: Request): string {
  return request.headers.get('x-kaged-user-id')?.trim() || 'anonymous';
}

export function idempotencyKey(request: Request): string | null {
  return request.headers.get('idempotency-key');
}

export function errorResponse(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return HttpResponse.json({ code, message, details: null }, { status, headers });
}
