/**
 * The WebSocket address of the live stream: `${apiBaseUrl}/events?since=SEQ`, with ws:// or wss://
 * following the scheme of the base URL once resolved against the page (a relative base such as
 * /api/v1 goes to the page's own host, through the same proxy as the HTTP calls). A browser cannot
 * set headers on a WebSocket: a single-use `ticket` (POST /events/ticket) stands for the bearer
 * token; only a daemon without tickets gets the token itself as `access_token`.
 */
export function eventsSocketUrl(apiBaseUrl: string, pageUrl: string, since: number | null, token: string | null = null, ticket: string | null = null): string {
  const url = new URL(`${apiBaseUrl.replace(/\/+$/, '')}/events`, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (since !== null) url.searchParams.set('since', String(since));
  if (ticket) url.searchParams.set('ticket', ticket);
  else if (token) url.searchParams.set('access_token', token);
  return url.toString();
}
