/**
 * The agent tree as rows: each agent after its parent, indented by its depth. The contract sends
 * parents before children; an agent whose parent is missing is shown at the top level rather than
 * lost.
 */
import type { Agent } from './api/types';

export interface AgentRow {
  agent: Agent;
  depth: number;
}

export function agentRows(agents: readonly Agent[]): AgentRow[] {
  const known = new Set(agents.map((a) => a.agent_path));
  const children = new Map<string | null, Agent[]>();
  for (const agent of agents) {
    const parent = agent.parent_path !== null && known.has(agent.parent_path) && agent.parent_path !== agent.agent_path ? agent.parent_path : null;
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
