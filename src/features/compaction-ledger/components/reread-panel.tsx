import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { Badge } from '../../../components/status-badge';
import { exclusionLabel, notInSummaryLine, NOT_MEASURED_TITLE, rereadFigure, rereadHeadline, rereadRawLine, type RereadAfter, type RereadCall } from '../../../domain/compaction/reread-labels';
import type { CompactionRecord } from '../../../domain/contract/types';
import { formatCount, formatTokens } from '../../../domain/format';
import { agentHistoryQuery } from '../../../lib/api/endpoints/list-messages';
import '../../../components/detail-section.css';
import './superseded-messages.css';
import './reread-panel.css';

/** The call's message and its result in the agent's history, read when the operator opens it. */
function CallMessages({ record, call }: { record: CompactionRecord; call: RereadCall }) {
  const history = useQuery(agentHistoryQuery(record.session_id, record.agent_path));
  if (history.isPending) return <p className="muted reread__message">Reading the agent's history…</p>;
  if (history.isError) return <ErrorState error={history.error} what="the agent's history" onRetry={() => void history.refetch()} />;
  const byId = new Map(history.data.map((m) => [m.id, m]));
  const asked = byId.get(call.message_id ?? '');
  const answer = call.result_message_id === null ? undefined : byId.get(call.result_message_id);
  const args = asked?.tool_calls.find((c) => c.name === call.tool)?.arguments;
  return (
    <div className="reread__message" id={call.message_id ? `message-${call.message_id}` : undefined}>
      {asked ? (
        <p className="muted">
          Message <span className="num">#{asked.index}</span> of {record.agent_path}, {asked.created_at.slice(11, 19)} UTC
        </p>
      ) : (
        <p className="muted">The session no longer holds the call's message.</p>
      )}
      {args !== undefined && <pre className="reread__text mono">{args}</pre>}
      {answer ? (
        <>
          <p className="muted">
            Result <span className="num">#{answer.index}</span>, {formatTokens(answer.metadata.token_estimate)} tokens
          </p>
          <pre className="reread__text reread__text--clamped">{answer.content || '(no text)'}</pre>
        </>
      ) : (
        <p className="muted">{call.result_message_id === null ? 'Nothing answered this call.' : 'The session no longer holds its result.'}</p>
      )}
    </div>
  );
}

function CallRow({ record, call }: { record: CompactionRecord; call: RereadCall }) {
  const [open, setOpen] = useState(false);
  const excluded = exclusionLabel(call.excluded);
  return (
    <li className={excluded ? 'reread__call reread__call--excluded' : 'reread__call'}>
      <div className="reread__meta">
        <span className="mono">{call.tool}</span>
        {/* Cut at the start: a path's end (the file) is what tells calls apart. The marks keep a leading "/" in place. */}
        <span className="mono reread__key" title={call.key}>
          {`\u200e${call.file ?? call.key}\u200e`}
        </span>
        {excluded && <Badge tone="neutral">{excluded}</Badge>}
        {call.in_summary === false && !excluded && <Badge tone="accent">not in the summary</Badge>}
        <span className="num faint reread__tokens">{formatTokens(call.tokens)} tok</span>
        <button type="button" className="button button--quiet reread__open" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide message' : 'Message'}
        </button>
      </div>
      {open && <CallMessages record={record} call={call} />}
    </li>
  );
}

function Measured({ record, reread }: { record: CompactionRecord; reread: RereadAfter }) {
  return (
    <>
      <dl className="reread__figures">
        <div>
          <dt>Re-read</dt>
          <dd className="num">
            {rereadFigure(reread.adjusted)} <span className="muted">({formatCount(reread.adjusted.calls)} calls in the {formatCount(reread.window_turns)} turns after it)</span>
          </dd>
        </div>
        <div>
          <dt>Raw</dt>
          <dd className="num">{rereadRawLine(reread)}</dd>
        </div>
        <div>
          <dt>Detail</dt>
          <dd className="num">{notInSummaryLine(reread)}</dd>
        </div>
      </dl>
      {reread.not_understood > 0 && <p className="muted">{formatCount(reread.not_understood)} read-like calls around it could not be read (redacted or not JSON arguments) and are not counted.</p>}
      {reread.calls.length > 0 && (
        <ul className="reread__calls" aria-label="Re-read calls">
          {reread.calls.map((call, i) => (
            <CallRow key={`${i}-${call.message_id ?? ''}`} record={record} call={call} />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * What the compaction cost afterwards: the calls the agent made in the turns after it that read
 * again what it had read before it (the working set), measured on the session's transcript. Each
 * call opens to its message and result. Without a transcript: not measured, said so.
 */
export function RereadPanel({ record }: { record: CompactionRecord }) {
  const reread = record.reread_after;
  return (
    <section className="panel" aria-labelledby="reread-title">
      <header className="panel__header">
        <h2 id="reread-title">Re-read after compaction</h2>
        <span className="panel__aside num">{rereadHeadline(reread).replace('re-read after compaction: ', '')}</span>
      </header>
      <div className="detail-section">{reread ? <Measured record={record} reread={reread} /> : <p className="muted">Not measured. {NOT_MEASURED_TITLE}</p>}</div>
    </section>
  );
}
