import { samePath, type Store } from '../../store/store';
import { PLUGIN_CATALOG, findPlugin } from '../../store/plugin-catalog';
import type { AuditEvent, Schemas } from '../../store/types';
import { requireAgent, requireSession } from '../read-models/lookups';
import { effectiveConfig, invalidConfig, writeConfig } from '../settings/config';
import { DaemonError, notFound } from '../errors';
import { paginate } from '../read-models/queries';

type AgentCompactionConfig = Schemas['AgentCompactionConfig'];
type ConfigChangeEvent = Schemas['ConfigChangeEvent'];

function requireAgentPath(agentPath: string | null): string {
  if (!agentPath) throw new DaemonError(400, 'invalid_request', 'agent_path is required', { field: 'agent_path' });
  return agentPath;
}

/** GET …/compaction-config: effective values, where each comes from, and the attached plugins. */
export function configView(store: Store, sessionId: string, agentPath: string | null): AgentCompactionConfig {
  const session = requireSession(store, sessionId);
  const agent = requireAgent(store, session, requireAgentPath(agentPath));
  const { values, sources, inherited_from } = effectiveConfig(session, agent);
  return { agent_path: agent.agent_path, version: agent.config_version, values, sources, inherited_from, plugins: [...agent.plugins] };
}

function toChangeEvent(e: AuditEvent): ConfigChangeEvent {
  const data = e.data as { agent_path: string; version: number; changes: Schemas['ConfigChange'][] };
  return { id: e.id, at: e.at, actor: e.actor, session_id: e.session_id, agent_path: data.agent_path, version: data.version, changes: data.changes };
}

/** The agent's saved changes, newest first. */
/**
 * An agent's config changes, newest first. Paths compare as the store, the aggregates, the ledger
 * and the audit log compare them (samePath: a lone surrogate reads as U+FFFD), either way round, so
 * an event that kept the URL's form of a path belongs to the agent stored with the lone surrogate.
 */
function changeEvents(store: Store, sessionId: string, agentPath: string): ConfigChangeEvent[] {
  return store
    .auditOf('config.changed', sessionId)
    .filter((e) => e.agent_path !== null && (samePath(e.agent_path, agentPath) || samePath(agentPath, e.agent_path)))
    .map(toChangeEvent)
    .reverse();
}

/** PUT …/compaction-config: optimistic on version; 422 with every field error; a config.changed audit event per save that changes something. */
export function putConfig(store: Store, sessionId: string, agentPath: string | null, body: Schemas['CompactionConfigWrite'], actor: string): AgentCompactionConfig {
  const session = requireSession(store, sessionId);
  const agent = requireAgent(store, session, requireAgentPath(agentPath));
  if (body.version !== agent.config_version) {
    throw new DaemonError(409, 'version_conflict', `The config of ${agent.agent_path} changed since version ${body.version} (now version ${agent.config_version}).`, {
      your_version: body.version,
      current: configView(store, session.id, agent.agent_path),
      changes_since: changeEvents(store, session.id, agent.agent_path).filter((e) => e.version > body.version),
    });
  }
  const result = writeConfig(session, agent, body);
  if (result.errors.length > 0) throw invalidConfig(result.errors);
  if (result.changes.length > 0) {
    const data = { agent_path: agent.agent_path, version: agent.config_version, changes: result.changes };
    store.addAudit({
      type: 'config.changed',
      at: store.nowIso(),
      session_id: session.id,
      run_id: null,
      agent_path: agent.agent_path,
      compaction_id: null,
      actor,
      data,
    });
    // Other tabs learn of the new version from the live stream (and refresh before they save).
    store.publish('config.changed', session.id, data);
  }
  return configView(store, session.id, agent.agent_path);
}

/** GET …/compaction-config/history */
export function configHistory(store: Store, sessionId: string, agentPath: string | null, cursor: string | null, limit: number): Schemas['ConfigHistoryPage'] {
  const session = requireSession(store, sessionId);
  const agent = requireAgent(store, session, requireAgentPath(agentPath));
  return paginate(changeEvents(store, session.id, agent.agent_path), cursor, limit, `history|${session.id}|${agent.agent_path}`);
}

/** GET /plugins: every installed plugin, each manifest checked on its own. */
export function pluginListings(): Schemas['PluginListing'][] {
  return PLUGIN_CATALOG.map((p) => ({
    name: p.name,
    manifest: typeof p.manifest === 'object' && p.manifest !== null && !Array.isArray(p.manifest) ? (p.manifest as Record<string, unknown>) : null,
    problems: p.check.problems,
  }));
}

/** GET /plugins/{name}/knob-schema: the well-formed knobs and the manifest's problems. */
export function pluginKnobSchema(name: string): Schemas['KnobSchema'] {
  const plugin = findPlugin(name);
  if (!plugin) throw notFound('plugin', name);
  return { plugin: plugin.name, knobs: plugin.check.usableKnobs, problems: plugin.check.problems };
}
