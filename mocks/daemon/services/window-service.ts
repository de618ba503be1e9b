import type { Store } from '../../store/store';
import type { Schemas } from '../../store/types';
import { agentModel, setModelWindow, toModelWindow } from '../settings/model-windows';
import { toSummary } from '../read-models/views';

/**
 * PUT /model-windows: sets or removes the operator's override of a model's window (versioned, 409
 * when stale). Every session with an agent on that model gets new figures (its window, its
 * thresholds in tokens), so each is announced on the live stream: other tabs refresh them.
 */
export function putModelWindow(store: Store, write: Schemas['ModelWindowWrite'], actor: string): Schemas['ModelWindow'] {
  const before = toModelWindow(store, write.model);
  const after = setModelWindow(store, write, actor);
  if (after.version === before.version) return after;
  for (const session of store.sessions.values()) {
    if (session.agents.some((agent) => agentModel(agent).windowKey === after.model)) store.publish('session.updated', session.id, { session: toSummary(store, session) });
  }
  return after;
}
