/**
 * Requests to the simulated daemon's import endpoints (simulator only, not the kaged API, so not in
 * the typed client). They sit under the API base (`/api/v1/__mock/imports`), where the simulator
 * answers them and a real daemon answers 404; the same headers as every API request.
 */
import { currentConnection } from '../../../config/settings-store';
import { ApiError } from '../../../lib/api/api-error';
import { IMPORTS_PATH } from '../../../domain/contract/simulator-imports-path';

export function importsUrl(path = ''): string {
  return `${currentConnection().apiBaseUrl.replace(/\/+$/, '')}${IMPORTS_PATH}${path}`;
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const { userId, token } = currentConnection();
  return { 'X-Kaged-User-Id': userId, ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra };
}

/** The answer's JSON, or an ApiError naming the request (the daemon's message when it sent one). */
export async function simulatorRequest(method: string, path: string, init: { body?: BodyInit; contentType?: string; signal?: AbortSignal } = {}): Promise<{ status: number; body: unknown }> {
  const endpoint = `${method} ${IMPORTS_PATH}${path.replace(/\?.*$/, '')}`;
  let response: Response;
  try {
    response = await fetch(importsUrl(path), {
      method,
      headers: headers(init.contentType ? { 'Content-Type': init.contentType } : {}),
      body: init.body,
      signal: init.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ kind: 'network', endpoint, message: cause instanceof Error ? cause.message : String(cause), cause });
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch (cause) {
    throw new ApiError({ kind: 'malformed', endpoint, status: response.status, message: `${endpoint} answered ${response.status} with something that is not JSON`, cause });
  }
  if (!response.ok && response.status !== 409) {
    const error = body as { code?: unknown; message?: unknown; details?: unknown } | null;
    throw new ApiError({
      kind: 'http',
      endpoint,
      status: response.status,
      code: typeof error?.code === 'string' ? error.code : undefined,
      message: typeof error?.message === 'string' ? error.message : `${endpoint} answered ${response.status}`,
      details: typeof error?.details === 'object' && error.details !== null ? (error.details as Record<string, unknown>) : null,
    });
  }
  return { status: response.status, body };
}
