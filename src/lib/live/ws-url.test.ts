import { describe, expect, it } from 'vitest';
import { eventsSocketUrl } from './ws-url';

describe('eventsSocketUrl', () => {
  it('resolves a relative base against the page', () => {
    expect(eventsSocketUrl('/api/v1', 'http://127.0.0.1:4173/sessions?x=1', 12)).toBe('ws://127.0.0.1:4173/api/v1/events?since=12');
    expect(eventsSocketUrl('/api/v1/', 'https://ops.example.com/ui/', null)).toBe('wss://ops.example.com/api/v1/events');
  });

  it('follows the scheme of an absolute base', () => {
    expect(eventsSocketUrl('https://kaged.example.com/api/v1', 'http://localhost:5173/', 0)).toBe(
      'wss://kaged.example.com/api/v1/events?since=0',
    );
    expect(eventsSocketUrl('http://10.0.0.2:7070/api/v1', 'https://ops.example.com/', 3)).toBe('ws://10.0.0.2:7070/api/v1/events?since=3');
  });

  it('carries a bearer token as access_token', () => {
    expect(eventsSocketUrl('/api/v1', 'https://ops.example.com/', 5, 'a b&c')).toBe('wss://ops.example.com/api/v1/events?since=5&access_token=a+b%26c');
    expect(eventsSocketUrl('/api/v1', 'https://ops.example.com/', 5, null)).toBe('wss://ops.example.com/api/v1/events?since=5');
  });

  it('carries a stream ticket instead of the token when there is one', () => {
    const url = eventsSocketUrl('/api/v1', 'https://ops.example.com/', 5, 's3cret', 'tkt_1');
    expect(url).toBe('wss://ops.example.com/api/v1/events?since=5&ticket=tkt_1');
    expect(url).not.toContain('s3cret');
  });
});
