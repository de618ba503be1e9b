import { describe, expect, it } from 'vitest';
import type { EventFrame } from '../../store/types';
import { testStore } from '../read-models/aggregates/test-support';
import { agentModel, toModelWindow, windowOf } from '../settings/model-windows';
import { putModelWindow } from './window-service';

describe('the window service (PUT /model-windows)', () => {
  it('announces every session with an agent on the model, once, and only when the window changed', () => {
    const store = testStore(5, false);
    const model = agentModel(store.sessions.get('ses_live_a')!.agents[0]!).windowKey;
    const onModel = [...store.sessions.values()].filter((s) => s.agents.some((a) => agentModel(a).windowKey === model)).map((s) => s.id);
    expect(onModel.length).toBeGreaterThan(0);
    const frames: EventFrame[] = [];
    store.subscribe((frame) => frames.push(frame));
    const { version } = toModelWindow(store, model);

    const after = putModelWindow(store, { model, override_tokens: 64_000, version }, 'op-1');
    expect(after).toMatchObject({ override_tokens: 64_000, version: version + 1, window: { tokens: 64_000, source: 'override' } });
    expect(frames.map((f) => [f.type, f.session_id])).toEqual(onModel.map((id) => ['session.updated', id]));
    expect(windowOf(store, store.sessions.get('ses_live_a')!.agents[0]!)).toEqual({ tokens: 64_000, source: 'override' });

    frames.length = 0;
    putModelWindow(store, { model, override_tokens: 64_000, version: after.version }, 'op-1');
    expect(frames, 'the same window again changes nothing').toEqual([]);
  });
});
