import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ContextBar, OverWindowFlag, WindowSourceTag } from '../../../components/context-bar';
import { Badge } from '../../../components/status-badge';
import { messagesNotKept } from '../../../domain/accounting/describe';
import { formatCount, formatTokens } from '../../../domain/format';
import { sessionQuery } from '../../../lib/api/endpoints/get-session';
import { agentRows } from '../../../domain/agent-tree';
import { checkAgentTree } from '../../../domain/plausibility';
import { DataNotices } from '../../../components/data-notices';
import { knobsHref } from '../../../lib/routes';
import { Link } from 'react-router';
import { Head } from './agents-panel-skeleton';
import { WindowOverrideButton } from './window-override';
import '../../../components/record-table.css';
import './agents-panel.css';

/** The session's agent tree: each agent's model, window, context use and compaction setup. */
export function AgentsPanel({ sessionId }: { sessionId: string }) {
  const { data: session } = useSuspenseQuery(sessionQuery(sessionId));
  const rows = useMemo(() => agentRows(session.agents), [session.agents]);
  const notices = useMemo(() => checkAgentTree(session.agents).notices, [session.agents]);
  return (
    <>
    <DataNotices notices={notices} where="the agent tree" />
    <table className="record-table record-table--shaded agents">
      <Head />
      <tbody>
        {rows.map(({ agent, depth }) => (
          <tr key={agent.agent_path}>
            <td className="agents__agent">
              <span className="agents__path" style={{ paddingLeft: depth * 16 }} title={agent.agent_path}>
                {depth > 0 && (
                  <span className="agents__branch" aria-hidden="true">
                    └
                  </span>
                )}
                <span className="mono">{agent.agent_path}</span>
              </span>
              {agent.name !== agent.agent_path.split('/').pop() && <span className="agents__name muted">{agent.name}</span>}
              <Link className="agents__knobs" to={knobsHref(sessionId, agent.agent_path)} aria-label={`Knobs of ${agent.agent_path}`}>
                knobs
              </Link>
            </td>
            <td className="agents__model">
              <span className="agents__alias">{agent.model_alias}</span>
              <span className="mono faint" title={agent.model}>
                {agent.model}
              </span>
            </td>
            <td className="agents__window">
              <span className="num agents__line">
                {formatTokens(agent.window.tokens)}
                <WindowOverrideButton model={agent.model} />
              </span>
              <span className="agents__sub">
                {/* One badge fits: a window proved wrong says so first (its source in the flag's title, and beside the header's context). */}
                <OverWindowFlag window={agent.window} recordedPeak={agent.recorded_peak_tokens}>
                  {agent.window.source === 'catalog' ? <span className="faint">catalog</span> : <WindowSourceTag window={agent.window} plain />}
                </OverWindowFlag>
              </span>
            </td>
            <td className="agents__context">
              <ContextBar
                hideSource
                shortParts
                parts={agent.estimate_parts}
                compactionCount={agent.compaction_count}
                window={agent.window}
                upperThreshold={agent.upper_threshold}
                lowerThreshold={agent.lower_threshold}
              />
            </td>
            <td className="agents__strategy">
              <Badge>{agent.strategy}</Badge>
            </td>
            <td className="agents__messages num">
              {messagesNotKept(agent.estimate_parts, agent.compaction_count) ? (
                <>
                  <span className="agents__line">none kept</span>
                  <span className="agents__sub faint" title="Its compactions are recorded, not the messages behind them">
                    events only
                  </span>
                </>
              ) : (
                <>
                  <span className="agents__line">{formatCount(agent.message_count)} active</span>
                  <span className="agents__sub faint">{formatCount(agent.superseded_count)} superseded</span>
                </>
              )}
            </td>
            <td className="agents__compactions num">{formatCount(agent.compaction_count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </>
  );
}

/** The agents table while it loads; `rows` is the agent count when the session list knows it. */
