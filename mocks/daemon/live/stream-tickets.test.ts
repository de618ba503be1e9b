import { describe, expect, it } from 'vitest';
import { Store } from '../../store/store';
import { issueStreamTicket, redeemStreamTicket, TICKET_TTL_MS } from './stream-tickets';

function storeAt(ms: number): { store: Store; set: (t: number) => void } {
  const store = new Store();
  let now = ms;
  store.clock = () => new Date(now);
  return { store, set: (t) => (now = t) };
}

describe('live-stream tickets', () => {
  it('are valid once', () => {
    const { store } = storeAt(1_000_000);
    const { ticket, expires_at } = issueStreamTicket(store);
    expect(Date.parse(expires_at)).toBe(1_000_000 + TICKET_TTL_MS);
    expect(redeemStreamTicket(store, ticket)).toBe(true);
    expect(redeemStreamTicket(store, ticket)).toBe(false);
  });

  it('expire', () => {
    const { store, set } = storeAt(1_000_000);
    const { ticket } = issueStreamTicket(store);
    set(1_000_000 + TICKET_TTL_MS);
    expect(redeemStreamTicket(store, ticket)).toBe(false);
  });

  it('refuse what was never issued, including inherited property names', () => {
    const { store } = storeAt(0);
    expect(redeemStreamTicket(store, null)).toBe(false);
    expect(redeemStreamTicket(store, 'tkt_guess')).toBe(false);
    expect(redeemStreamTicket(store, 'constructor')).toBe(false);
  });

  it('forget expired ones when new ones are issued', () => {
    const { store, set } = storeAt(0);
    issueStreamTicket(store);
    set(TICKET_TTL_MS + 1);
    issueStreamTicket(store);
    expect(Object.keys(store.streamTickets)).toHaveLength(1);
  });
});
