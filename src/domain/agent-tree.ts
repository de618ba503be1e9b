/**
 * The agent tree as rows: each agent after its parent, indented by its depth. The contract sends
 * parents before children; an agent whose parent is missing, or whose parents form a cycle, is shown
 * at the top level rather than lost (src/domain/plausibility.ts says which).
 */
import type { Agent } from './contract/types';
import { checkAgentTree } from './plausibility';

export interface AgentRow {
  agent: Agent;
  depth: number;
}

export function agentRows(agents: readonly Agent[]): AgentRow[] {
  const orphans = new Set(checkAgentTree(agents).orphans);
  const children = new Map<string | null, Agent[]>();
  for (const agent of agents) {
    const parent = orphans.has(agent.agent_path) ? null : agent.parent_path;
    children.set(parent, [...(children.get(parent) ?? []), agent]);
  }
  const rows: AgentRow[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const agent of children.get(parent) ?? []) {
      rows.push({ agent, depth });
      visit(agent.agent_path, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}
