import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error';
import { replayUnsupported } from './replay-session';

const http = (status: number, details: Record<string, unknown> | null = null) => new ApiError({ kind: 'http', endpoint: 'POST /sessions/{session_id}/replay', status, message: 'x', details });

describe('replay support', () => {
  it('a daemon without the endpoint is told apart from a missing agent or a failure', () => {
    expect(replayUnsupported(http(404))).toBe(true);
    expect(replayUnsupported(http(501))).toBe(true);
    expect(replayUnsupported(http(405))).toBe(true);
    expect(replayUnsupported(http(404, { agent: 'nope' }))).toBe(false);
    expect(replayUnsupported(http(400))).toBe(false);
    expect(replayUnsupported(http(503))).toBe(false);
    expect(replayUnsupported(new ApiError({ kind: 'network', endpoint: 'x', message: 'down' }))).toBe(false);
  });
});
