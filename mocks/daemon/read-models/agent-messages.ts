import type { Store } from '../../store/store';
import type { Schemas } from '../../store/types';
import { computePins } from '../../engine/pins';
import { requireAgent, requireSession } from './lookups';
import { effectiveConfig } from '../settings/config';
import { DaemonError } from '../errors';
import { boolParam, paginate, parseLimit, type Page } from './queries';

/**
 * GET /sessions/{id}/messages?agent_path=&include_superseded=: one agent's messages, a page at a
 * time, each active one with the pin its config's always_keep rules give it now (superseded
 * messages are pinned by nothing).
 */
export function agentMessages(store: Store, sessionId: string, query: URLSearchParams): Page<Schemas['Message']> {
  const session = requireSession(store, sessionId);
  const agentPath = query.get('agent_path');
  if (!agentPath) throw new DaemonError(400, 'invalid_request', 'agent_path is required', { field: 'agent_path' });
  const agent = requireAgent(store, session, agentPath);
  const includeSuperseded = boolParam(query, 'include_superseded') ?? false;
  const active = agent.messages.filter((m) => !m.superseded);
  const pins = new Map(computePins(active, effectiveConfig(session, agent).values.always_keep).messages.map((m) => [m.id, m.pin]));
  const list = (includeSuperseded ? agent.messages : active).map((m) => ({ ...m, pin: pins.get(m.id) ?? null }));
  return paginate(list, query.get('cursor'), parseLimit(query.get('limit'), 200), `${session.id}|${agentPath}|${includeSuperseded}`);
}
