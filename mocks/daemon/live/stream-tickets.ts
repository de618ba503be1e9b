/**
 * Live-stream tickets (POST /events/ticket): short-lived and single-use, so the WebSocket URL
 * carries a ticket instead of the bearer token. Kept in the Store (plain data, not persisted:
 * a restarted daemon has none, and the client asks for a new one).
 */
import type { Store } from '../../store/store';

export const TICKET_TTL_MS = 30_000;

export function issueStreamTicket(store: Store, random: () => number = Math.random): { ticket: string; expires_at: string } {
  const now = store.clock().getTime();
  for (const [ticket, expires] of Object.entries(store.streamTickets)) if (expires <= now) delete store.streamTickets[ticket];
  const ticket = `tkt_${Array.from({ length: 4 }, () => Math.floor(random() * 2 ** 32).toString(36)).join('')}`;
  const expires = now + TICKET_TTL_MS;
  store.streamTickets[ticket] = expires;
  return { ticket, expires_at: new Date(expires).toISOString() };
}

/** Whether `ticket` is valid now; it is used up either way. */
export function redeemStreamTicket(store: Store, ticket: string | null): boolean {
  if (ticket === null || !Object.hasOwn(store.streamTickets, ticket)) return false;
  const expires = store.streamTickets[ticket] ?? 0;
  delete store.streamTickets[ticket];
  return expires > store.clock().getTime();
}
