import { useQuery } from '@tanstack/react-query';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { Skeleton } from '../../../components/skeleton';
import { Badge } from '../../../components/status-badge';
import { formatCount, formatTokens } from '../../../domain/format';
import type { CompactionRecord } from '../../../domain/contract/types';
import { supersededMessagesQuery, type Message } from '../api/list-superseded-messages';
import '../../../components/detail-section.css';
import './superseded-messages.css';

const FIRST_SHOWN = 150;

function MessageItem({ message, compactionId }: { message: Message; compactionId: string }) {
  const [open, setOpen] = useState(false);
  const long = message.content.length > 280 || message.content.split('\n').length > 3;
  const elsewhere = message.superseded_by !== compactionId;
  return (
    <li className="superseded__item">
      <div className="superseded__meta">
        <span className="num faint">#{message.index}</span>
        <Badge tone={message.role === 'tool' ? 'neutral' : message.role === 'user' ? 'accent' : 'neutral'}>{message.role}</Badge>
        {message.tool_name && <span className="mono">{message.tool_name}</span>}
        {message.tool_calls.length > 0 && <span className="muted">calls {message.tool_calls.map((c) => c.name).join(', ')}</span>}
        {message.metadata.kind === 'compaction_summary' && <Badge tone="accent">earlier summary</Badge>}
        {elsewhere && (
          <Badge tone="warn" title={message.superseded_by ? `Now superseded by ${message.superseded_by}` : 'Active again (rolled back)'}>
            {message.superseded_by ? 'moved' : 'restored'}
          </Badge>
        )}
        <span className="num faint superseded__tokens">{formatTokens(message.metadata.token_estimate)} tok</span>
      </div>
      <p className={open ? 'superseded__content' : 'superseded__content superseded__content--clamped'}>{message.content || <span className="faint">(no text)</span>}</p>
      {long && (
        <button type="button" className="button button--quiet superseded__more" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Show less' : 'Show all'}
        </button>
      )}
    </li>
  );
}

function MessageList({ record }: { record: CompactionRecord }) {
  const query = useQuery(supersededMessagesQuery(record));
  const [limit, setLimit] = useState(FIRST_SHOWN);
  if (query.isPending) {
    return (
      <div className="superseded__loading" aria-busy="true">
        {Array.from({ length: Math.min(5, record.superseded_message_ids.length) }, (_, i) => (
          <Skeleton key={i} height={44} />
        ))}
      </div>
    );
  }
  if (query.isError) return <ErrorState error={query.error} what="the superseded messages" onRetry={() => void query.refetch()} />;
  const { messages, missing } = query.data;
  return (
    <>
      {missing > 0 && (
        <p className="superseded__note muted">
          {formatCount(missing)} of the {formatCount(record.superseded_message_ids.length)} messages are no longer in this agent&apos;s history.
        </p>
      )}
      <ol className="superseded__list">
        {messages.slice(0, limit).map((message) => (
          <MessageItem key={message.id} message={message} compactionId={record.id} />
        ))}
      </ol>
      {messages.length > limit && (
        <button type="button" className="button" onClick={() => setLimit(limit + 500)}>
          Show {formatCount(Math.min(500, messages.length - limit))} more of {formatCount(messages.length - limit)}
        </button>
      )}
    </>
  );
}

/** The messages this compaction superseded (kept, never deleted), loaded when opened. */
export function SupersededMessages({ record }: { record: CompactionRecord }) {
  const [open, setOpen] = useState(false);
  const count = record.superseded_message_ids.length;
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="superseded">
      <Collapsible.Trigger className="detail-section__toggle" disabled={count === 0}>
        <span aria-hidden="true" className="detail-section__chevron">
          {open ? '▾' : '▸'}
        </span>
        Superseded messages <span className="num muted">({formatCount(count)})</span>
        <span className="faint detail-section__hint">{count === 0 ? 'none' : open ? '' : 'the originals, kept in storage; show them'}</span>
      </Collapsible.Trigger>
      <Collapsible.Content className="superseded__content-wrap">{open && <MessageList record={record} />}</Collapsible.Content>
    </Collapsible.Root>
  );
}
