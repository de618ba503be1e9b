/**
 * Where the operator's credentials may go, and whether they can go at all: pure checks behind the
 * Settings screen, config.json and the API client.
 *
 * - An HTTP header carries only Latin-1 without control characters: an operator id or token
 *   outside it would make every request fail in the browser (a TypeError from Headers), so it is
 *   refused up front with the character named.
 * - The bearer token goes to the page's own origin, or to another origin only once the operator
 *   has confirmed that origin (Settings asks; a cross-origin config.json is not trusted silently).
 */
import type { RuntimeConfig } from './runtime-config';

function describeChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  const hex = code.toString(16).toUpperCase().padStart(4, '0');
  const visible = code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) || (code >= 0xd800 && code <= 0xdfff) ? '' : `"${ch}" `;
  return `${visible}(U+${hex})`;
}

/**
 * Why `value` cannot travel in an HTTP header, or null. `label` names the field ("The operator id").
 */
export function checkHeaderValue(label: string, value: string): string | null {
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (code > 0xff) {
      return `${label} contains ${describeChar(ch)}: only Latin-1 characters can travel in an HTTP header. Use ASCII letters, digits and punctuation.`;
    }
    if (code < 0x20 || code === 0x7f) return `${label} contains a control character ${describeChar(ch)}, which an HTTP header cannot carry.`;
  }
  return null;
}

/**
 * The longest token accepted. Servers and the proxies before them cap a request's headers (Node at
 * 16 KB in all, nginx at 8 KB a line) and answer 431 beyond: a longer token would fail every
 * request, so it is refused before it is saved.
 */
export const MAX_TOKEN_LENGTH = 8_192;

/** Why `token` cannot be sent as a bearer token, or null. `label` names it ("The token"). */
export function checkToken(token: string, label = 'The token'): string | null {
  if (token.length > MAX_TOKEN_LENGTH) {
    const n = (v: number) => v.toLocaleString('en-US');
    return `${label} is ${n(token.length)} characters long; servers refuse request headers that large (431). At most ${n(MAX_TOKEN_LENGTH)} characters.`;
  }
  return checkHeaderValue(label, token);
}

/** The origin (scheme://host:port) a base URL resolves to from the page. */
export function originOf(apiBaseUrl: string, pageUrl: string): string {
  return new URL(apiBaseUrl, pageUrl).origin;
}

/**
 * The origin a token would be sent to when it is neither the page's own nor one the operator has
 * confirmed, or null (no token, same origin, or confirmed).
 */
export function unconfirmedTokenOrigin(config: RuntimeConfig, pageUrl: string, trustedOrigins: readonly string[]): string | null {
  if (!config.token) return null;
  let origin: string;
  try {
    origin = originOf(config.apiBaseUrl, pageUrl);
  } catch {
    return null;
  }
  if (origin === new URL(pageUrl).origin || trustedOrigins.includes(origin)) return null;
  return origin;
}

/** The settings as requests use them: the token withheld from an unconfirmed origin. */
export function withTokenGuard(config: RuntimeConfig, pageUrl: string, trustedOrigins: readonly string[]): RuntimeConfig {
  return unconfirmedTokenOrigin(config, pageUrl, trustedOrigins) === null ? config : { ...config, token: null };
}
