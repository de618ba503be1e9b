import { describe, expect, it } from 'vitest';
import { headerFault } from './faults';

const noBody = async () => '';

describe('headerFault', () => {
  it('gives a plain fault to the request as it is', async () => {
    expect(await headerFault('status:500', 'GET', '/sessions', noBody)).toBe('status:500');
  });

  it('gives a scoped fault only to the requests in its scope', async () => {
    const reads = JSON.stringify({ fault: 'timeout', method: 'GET', except: '^/(health|projects)$' });
    expect(await headerFault(reads, 'GET', '/sessions/s1', noBody)).toBe('timeout');
    expect(await headerFault(reads, 'GET', '/projects', noBody)).toBeNull();
    expect(await headerFault(reads, 'POST', '/sessions/s1/compact', noBody)).toBeNull();
    const compact = JSON.stringify({ fault: 'status:409', method: 'post', path: '^/sessions/[^/]+/compact$' });
    expect(await headerFault(compact, 'POST', '/sessions/s1/compact', noBody)).toBe('status:409');
    expect(await headerFault(compact, 'POST', '/sessions/s1/compactions/dry-run', noBody)).toBeNull();
  });

  it('leaves out a request whose body holds the unlessBody text, reading the body only then', async () => {
    const rollback = JSON.stringify({ fault: 'status:500', method: 'POST', unlessBody: 'dry_run' });
    expect(await headerFault(rollback, 'POST', '/x', async () => '{"dry_run":true}')).toBeNull();
    expect(await headerFault(rollback, 'POST', '/x', async () => '{"reason":"r"}')).toBe('status:500');
    let read = false;
    await headerFault(JSON.stringify({ fault: 'timeout' }), 'POST', '/x', async () => {
      read = true;
      return '';
    });
    expect(read).toBe(false);
  });

  it('refuses a scoped fault it cannot read', async () => {
    await expect(headerFault('{not json', 'GET', '/x', noBody)).rejects.toThrow(/not JSON/);
    await expect(headerFault('{"method":"GET"}', 'GET', '/x', noBody)).rejects.toThrow(/without "fault"/);
  });
});
