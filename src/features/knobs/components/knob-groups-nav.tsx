import { Link } from 'react-router';
import { knobsHref } from '../../../lib/routes';
import type { KnobGroupView } from '../lib/knob-layout';
import type { PendingEdits } from '../lib/pending-changes';
import './knobs-nav.css';

/** The agent's knob groups (built-in, then each attached plugin's), the one in view marked, each with its invalid and unsaved counts. */
export function KnobGroupsNav({ sessionId, agentPath, groups, current, errors, edits }: { sessionId: string; agentPath: string; groups: readonly KnobGroupView[]; current: string | undefined; errors: ReadonlyMap<string, string>; edits: PendingEdits }) {
  const count = (g: KnobGroupView, has: (key: string) => boolean) => g.items.filter((i) => i.key !== null && has(i.key)).length;
  return (
    <nav className="knob-groups" aria-label="Knob groups">
      <h2 className="knobs__side-title">Knob groups</h2>
      <ul>
        {groups.map((g, i) => {
          const n = count(g, (key) => key in edits.set || edits.unset.includes(key));
          const e = count(g, (key) => errors.has(key));
          const isCurrent = g.id === current;
          return (
            <li key={g.id}>
              {g.plugin && !groups[i - 1]?.plugin && <span className="knob-groups__section">Plugins</span>}
              <Link
                to={knobsHref(sessionId, agentPath, g.id)}
                replace
                className={isCurrent ? 'knob-groups__link knob-groups__link--current' : 'knob-groups__link'}
                aria-current={isCurrent ? 'page' : undefined}
              >
                <span className="knob-groups__label" title={g.label}>
                  {g.label}
                </span>
                {g.problems.length > 0 && (
                  <span className="knob-groups__problem" aria-label="manifest problems">
                    !
                  </span>
                )}
                {e > 0 && <span className="knob-groups__errors" aria-label={`${e} invalid`}>{e}</span>}
                {n > 0 && <span className="knobs-tree__unsaved" aria-label={`${n} unsaved`}>{n}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
