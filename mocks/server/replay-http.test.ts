import { describe, expect, it } from 'vitest';
import { validateResponseBody } from '../../src/domain/contract/validator';
import { loopbackSimulator } from './test-support/loopback-simulator';

/** POST /sessions/{id}/replay over real HTTP, every answer checked against the contract. */
const sim = loopbackSimulator();
const HEADERS = { 'Content-Type': 'application/json', 'X-Kaged-User-Id': 'contract-test' };

async function replay(sessionId: string, body: unknown) {
  const res = await fetch(`${sim.url}/sessions/${sessionId}/replay`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  const json: unknown = await res.json();
  expect(validateResponseBody('/sessions/{session_id}/replay', 'POST', res.status, json)).toBeNull();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, json: json as Record<string, any> };
}

describe('POST /sessions/{session_id}/replay', () => {
  it('replays a real session under three settings, with what really happened', async () => {
    const { status, json } = await replay('ses_ae4a77f8-aed', {
      agent_path: 'primary',
      settings: [{ set: {} }, { label: 'tight', set: { upper_threshold: 0.6, lower_threshold: 0.4 } }, { label: 'pruned', set: { 'prune.protect_tokens': 10_000, 'prune.minimum_savings': 2_000, 'prune.protected_tools': [] } }],
    });
    expect(status).toBe(200);
    expect(json.runs).toHaveLength(3);
    expect(json.runs[1].label).toBe('tight');
    expect(json.recorded.events[0]).toMatchObject({ trigger: 'manual', tokens_before: 142431 });
    expect(json.runs[0].fill_tokens).toHaveLength(json.turns.length);
  });

  it('replays subagents and generated sessions; plugin knobs are settings too', async () => {
    expect((await replay('ses_4d5611e5-241', { agent_path: 'primary/agent-a2898e3', settings: [{ set: { strategy: 'summarize' } }] })).status).toBe(200);
    const flaky = await replay('ses_gen_flaky', { agent_path: 'primary', settings: [{ set: {} }, { set: { 'plugin_knobs.hindsight.simulate_failure': 'none' } }] });
    expect(flaky.status).toBe(200);
    expect(flaky.json.recorded).toBeNull();
    const fellBack = (run: { events: { fallback_reason: string | null }[] }) => run.events.filter((e) => e.fallback_reason !== null).length;
    expect(fellBack(flaky.json.runs[0])).toBeGreaterThan(0);
    expect(fellBack(flaky.json.runs[1])).toBe(0);
  });

  it('answers 400 for a bad request or setting, 404 for an unknown session or agent', async () => {
    expect((await replay('ses_ae4a77f8-aed', { agent_path: 'primary', settings: [] })).status).toBe(400);
    expect((await replay('ses_ae4a77f8-aed', { agent_path: 'primary', settings: [{ set: {} }, { set: {} }, { set: {} }, { set: {} }] })).status).toBe(400);
    const bad = await replay('ses_ae4a77f8-aed', { agent_path: 'primary', settings: [{ set: { 'summarize.window_messages': 'lots' } }] });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/settings\[0\]\.set\.summarize\.window_messages/);
    expect((await replay('ses_nope', { agent_path: 'primary', settings: [{ set: {} }] })).status).toBe(404);
    expect((await replay('ses_ae4a77f8-aed', { agent_path: 'primary/ghost', settings: [{ set: {} }] })).status).toBe(404);
  });
});
