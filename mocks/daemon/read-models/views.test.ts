import { beforeAll, describe, expect, it } from 'vitest';
import { seededStore } from '../seeding/test-support/normal-seed';
import { advanceSession } from '../live/simulation';
import { putModelWindow } from '../services/window-service';
import { agentModel, overrideOf } from '../settings/model-windows';
import type { Store } from '../../store/store';
import type { SessionState } from '../../store/types';
import { toAgent, toSummary } from './views';

/** The summary made afresh: the primary's view computed now, the rest as toSummary gives it. */
function fresh(store: Store, session: SessionState) {
  const agent = toAgent(store, session, session.agents[0] as SessionState['agents'][number]);
  return { estimate_tokens: agent.estimate_tokens, window: agent.window, message_count: agent.message_count };
}

describe('a session summary', () => {
  let store: Store;
  let session: SessionState;
  beforeAll(async () => {
    store = await seededStore();
    session = [...store.sessions.values()].find((s) => s.status === 'running') as SessionState;
  });
  const shown = (s: SessionState) => {
    const summary = toSummary(store, s);
    return { estimate_tokens: summary.primary_context.estimate_tokens, window: summary.primary_context.window, status: summary.status };
  };

  it('is made once per state of the session: asked again unchanged, its estimate is not computed again', () => {
    const first = toSummary(store, session);
    const again = toSummary(store, session);
    expect(again).toEqual(first);
    expect(again.primary_context).toBe(first.primary_context);
    // A caller may replace a top-level field of its copy without changing the next answer.
    again.compaction_count = -1;
    expect(toSummary(store, session).compaction_count).toBe(first.compaction_count);
  });

  it('follows every change: a live turn, a status, a window override of its model', () => {
    toSummary(store, session);
    advanceSession(store, session, { maxTurns: 1, untilCompaction: false });
    expect(shown(session).estimate_tokens).toBe(fresh(store, session).estimate_tokens);

    session.status = 'idle';
    expect(shown(session).status).toBe('idle');

    const model = agentModel(session.agents[0] as SessionState['agents'][number]);
    const before = shown(session).window;
    putModelWindow(store, { model: model.id, override_tokens: 123_456, version: overrideOf(store, model).version }, 'test');
    expect(shown(session).window).toEqual(fresh(store, session).window);
    expect(shown(session).window).not.toEqual(before);
    // What the live stream said of it (other tabs take their figures from that frame).
    const published = store.events.filter((e) => e.type === 'session.updated' && e.session_id === session.id).at(-1);
    expect((published?.data.session as { primary_context: { window: unknown } }).primary_context.window).toEqual(fresh(store, session).window);
  });
});
