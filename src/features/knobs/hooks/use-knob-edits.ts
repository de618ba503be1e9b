import type { Schemas } from '../../../domain/contract/types';
import { pendingEditsKey, storedBaseVersion, storedDraft, usePendingEditsStore } from '../../../stores/pending-knob-edits';
import { pendingByAgent, rebaseEdits, isEmpty, type AgentPending, type PendingEdits } from '../lib/pending-changes';
import type { KnobsData } from './use-knobs-data';

type AgentCompactionConfig = Schemas['AgentCompactionConfig'];

export interface AgentEdits {
  path: string;
  parentPath: string | null;
  config: AgentCompactionConfig | undefined;
  edits: PendingEdits;
}

/**
 * The session's unsaved knob edits, read from the pending store (the one place an edit lives,
 * kept in this browser), each re-based on its agent's saved config: an edit that equals the saved
 * value is no edit. `baseVersionOf`: the config version an agent's edits were made on.
 */
export function useKnobEdits(sessionId: string, configByAgent: ReadonlyMap<string, AgentCompactionConfig>) {
  const drafts = usePendingEditsStore((s) => s.drafts);
  const editsOf = (path: string): PendingEdits => {
    const stored = storedDraft(drafts, pendingEditsKey(sessionId, path));
    const config = configByAgent.get(path);
    return config ? rebaseEdits(stored, config) : stored;
  };
  const baseVersionOf = (path: string): number | null => storedBaseVersion(drafts, pendingEditsKey(sessionId, path));
  return { editsOf, baseVersionOf };
}

/** Whether any agent of the session has unsaved edits. */
export function useHasPendingEdits(sessionId: string): boolean {
  return usePendingEditsStore((s) => Object.keys(s.drafts).some((k) => k.startsWith(`${sessionId}\n`)));
}

/** Every agent with unsaved edits, in the agent tree's order. */
export function agentsWithEdits(data: Pick<KnobsData, 'agents' | 'configByAgent'>, editsOf: (path: string) => PendingEdits): AgentEdits[] {
  return data.agents
    .map((row) => ({ path: row.agent.agent_path, parentPath: row.agent.parent_path, config: data.configByAgent.get(row.agent.agent_path), edits: editsOf(row.agent.agent_path) }))
    .filter((a) => !isEmpty(a.edits));
}

/** Their old → new lists, for the review before saving. */
export function pendingChangesOf(data: Pick<KnobsData, 'configByAgent' | 'index'>, agents: readonly AgentEdits[]): AgentPending[] {
  const defaults = new Map([...(data.index ?? [])].map(([key, entry]) => [key, (entry.knob as { default?: unknown }).default]));
  return pendingByAgent(
    agents.flatMap((a) => (a.config ? [{ config: a.config, edits: a.edits, parent: a.parentPath === null ? null : (data.configByAgent.get(a.parentPath) ?? null), defaults }] : [])),
  );
}
