import { Link } from 'react-router';
import { knobsHref } from '../../../lib/routes';
import { useKnobEdits } from '../hooks/use-knob-edits';
import type { KnobsData } from '../hooks/use-knobs-data';
import { countEdits } from '../lib/pending-changes';
import './knobs-nav.css';

/** The session's agents as a tree, the one in view marked, each with its count of unsaved changes. */
export function AgentTree({ sessionId, data, selected, group }: { sessionId: string; data: Pick<KnobsData, 'agents' | 'configByAgent'>; selected: string; group: string | null }) {
  const { editsOf } = useKnobEdits(sessionId, data.configByAgent);
  return (
    <nav className="knobs__agents" aria-label="Agents">
      <h2 className="knobs__side-title">Agents</h2>
      <ul className="knobs-tree">
        {data.agents.map(({ agent, depth }) => {
          const n = countEdits(editsOf(agent.agent_path));
          const current = agent.agent_path === selected;
          return (
            <li key={agent.agent_path}>
              <Link
                to={knobsHref(sessionId, agent.agent_path, group ?? undefined)}
                className={current ? 'knobs-tree__agent knobs-tree__agent--current' : 'knobs-tree__agent'}
                aria-current={current ? 'page' : undefined}
                style={{ paddingLeft: 8 + depth * 14 }}
              >
                {depth > 0 && (
                  <span className="faint" aria-hidden="true">
                    └{' '}
                  </span>
                )}
                <span className="mono knobs-tree__name" title={agent.agent_path}>
                  {agent.agent_path.split('/').pop()}
                </span>
                <span className="faint knobs-tree__model">{agent.model_alias}</span>
                {n > 0 && (
                  <span className="knobs-tree__unsaved" aria-label={`${n} unsaved`}>
                    {n}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
