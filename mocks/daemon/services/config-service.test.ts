import { describe, expect, it } from 'vitest';
import { wellFormed } from '../../../src/domain/text';
import { testStore } from '../read-models/aggregates/test-support';
import { configHistory, putConfig } from './config-service';
import { renameAgent } from '../fault-injection/rename-agent';

describe('config history', () => {
  it('compares agent paths as the store and the aggregates do: a lone surrogate matches its U+FFFD form, either way round', () => {
    const store = testStore(5, false);
    const session = [...store.sessions.values()][0];
    if (!session) throw new Error('no session');
    const odd = 'primary/r\uD800x';
    const child = session.agents.find((a) => a.agent_path !== 'primary') ?? session.agents[0];
    if (!child) throw new Error('no agent');
    renameAgent(session, child.agent_path, odd);
    const agent = session.agents.find((a) => a.agent_path === odd);
    if (!agent) throw new Error('not renamed');
    putConfig(store, session.id, odd, { version: agent.config_version, set: { lower_threshold: 0.5 }, unset: [] }, 'tester');
    putConfig(store, session.id, odd, { version: agent.config_version, set: { lower_threshold: 0.55 }, unset: [] }, 'tester');
    // The second change as a log restored from its JSON form would keep it: the path well-formed.
    const events = store.audit.filter((e) => e.type === 'config.changed' && e.session_id === session.id);
    const restored = events.at(-1);
    if (!restored) throw new Error('no change event');
    restored.agent_path = wellFormed(odd);
    (restored.data as { agent_path: string }).agent_path = wellFormed(odd);
    for (const asked of [odd, wellFormed(odd)]) {
      const page = configHistory(store, session.id, asked, null, 50);
      expect(page.items.map((e) => e.version)).toEqual([agent.config_version, agent.config_version - 1]);
    }
    // Another agent's changes stay out.
    expect(configHistory(store, session.id, session.agents.find((a) => a.agent_path !== odd)?.agent_path ?? 'primary', null, 50).items).toEqual([]);
  });
});
