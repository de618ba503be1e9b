import { describe, expect, it } from 'vitest';
import { hostileBody } from './hostile-answer';

describe('hostileBody', () => {
  it('replaces the named keys wherever they sit, in turn, and keeps a record provenance whole', () => {
    const body = { summary: 'a', items: [{ summary: 'b', id: 'x' }], provenance: { summary: 'recorded', origin: 'recorded' } };
    expect(hostileBody(body, ['summary'], ['<script>', 'y'])).toEqual({
      summary: '<script>',
      items: [{ summary: 'y', id: 'x' }],
      provenance: { summary: 'recorded', origin: 'recorded' },
    });
  });
});
