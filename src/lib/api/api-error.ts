/**
 * The one error type the UI sees from the kaged API. Every failure of a request (the daemon
 * answered an error, the network failed, the request timed out, the body was not JSON, the
 * body broke the contract) becomes an ApiError naming the endpoint, e.g. `GET /sessions/{session_id}`.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'malformed' | 'invalid_response';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** `METHOD /path/{template}` */
  endpoint: string;
  message: string;
  /** HTTP status, when the daemon answered at all. */
  status?: number | null;
  /** The contract's Error.code for 'http'; a fixed code for the other kinds. */
  code?: string;
  details?: Record<string, unknown> | null;
  /** For 'invalid_response': JSON pointer of the first failing field, e.g. `/agents/0/window/tokens`. */
  fieldPath?: string | null;
  /** Seconds, from Retry-After (on 503). */
  retryAfter?: number | null;
  cause?: unknown;
}

const DEFAULT_CODES: Record<ApiErrorKind, string> = {
  http: 'http_error',
  network: 'network_error',
  timeout: 'timeout',
  malformed: 'malformed_response',
  invalid_response: 'invalid_response',
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly status: number | null;
  readonly code: string;
  readonly details: Record<string, unknown> | null;
  readonly fieldPath: string | null;
  readonly retryAfter: number | null;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status ?? null;
    this.code = init.code ?? DEFAULT_CODES[init.kind];
    this.details = init.details ?? null;
    this.fieldPath = init.fieldPath ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }

  /** Worth trying again without the operator changing anything. */
  get transient(): boolean {
    return (
      this.kind === 'network' ||
      this.kind === 'timeout' ||
      (this.kind === 'http' && this.status !== null && (this.status >= 500 || this.status === 429))
    );
  }

  /** One line for an operator: what failed, where, and why. */
  describe(): string {
    switch (this.kind) {
      case 'http': {
        const retry = this.retryAfter !== null ? ` Retry after ${this.retryAfter} s.` : '';
        return `${this.endpoint} answered ${this.status ?? '?'} ${this.code}: ${this.message}${retry}`;
      }
      case 'network':
        return `${this.endpoint}: the daemon could not be reached (${this.message}).`;
      case 'timeout':
        return `${this.endpoint}: no answer within the time limit.`;
      case 'malformed':
        return `${this.message}.`;
      case 'invalid_response':
        return `${this.endpoint} answered a body that breaks the contract at ${this.fieldPath || '(root)'}: ${this.message}`;
    }
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Retry-After is delta-seconds or an HTTP date; answers whole seconds from `now`, or null. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** Any thrown value as an operator-readable sentence. */
export function describeError(error: unknown): string {
  if (isApiError(error)) return error.describe();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Whether the daemon said the thing asked for does not exist. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 404;
}

/**
 * Whether a write that failed this way may nonetheless have been applied: the daemon answered 2xx
 * with a body that breaks the contract or is not JSON, or no answer came in time. The caller must
 * say the outcome is unknown and read the state again, never report it as simply failed.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'timeout') return true;
  if (error.kind === 'invalid_response') return true;
  return error.kind === 'malformed' && error.status !== null && error.status >= 200 && error.status < 300;
}
