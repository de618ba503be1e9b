import { describe, expect, it } from 'vitest';
import { DaemonError } from '../daemon/errors';
import { respond } from './respond';

describe('respond', () => {
  it('answers the value as JSON, saying in Server-Timing how long the route took before serialising', async () => {
    const response = await respond(() => ({ ok: true }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('server-timing')).toMatch(/^compute;dur=\d+(\.\d)?$/);
  });
  it('passes a Response through as it is, and a DaemonError as its status and Error shape', async () => {
    const own = new Response('x', { headers: { 'Server-Timing': 'aggregate;dur=0' } });
    expect(await respond(() => own)).toBe(own);
    const failed = await respond(() => {
      throw new DaemonError(404, 'not_found', 'No such session.');
    });
    expect(failed.status).toBe(404);
    expect(await failed.json()).toMatchObject({ code: 'not_found', message: 'No such session.' });
  });
});
