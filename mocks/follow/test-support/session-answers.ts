// Everything a request can ask of a session that needs its messages, as the wire would carry it:
// what a followed session dropped from memory and read again must answer byte for byte.

import { agentMessages } from '../../daemon/read-models/agent-messages';
import { requireCompaction } from '../../daemon/read-models/lookups';
import { sessionLedgerPage } from '../../daemon/read-models/queries';
import { sessionStatsOf } from '../../daemon/read-models/stats';
import { toDetail, toSummary } from '../../daemon/read-models/views';
import { replaySession } from '../../daemon/threshold-lab/replay';
import type { Store } from '../../store/store';
import type { SessionState } from '../../store/types';

function everyPage<T>(page: (cursor: string) => { items: T[]; next_cursor: string | null }): T[] {
  const items: T[] = [];
  for (let cursor: string | null = ''; cursor !== null; ) {
    const next: { items: T[]; next_cursor: string | null } = page(cursor);
    items.push(...next.items);
    cursor = next.next_cursor;
  }
  return items;
}

export function sessionAnswers(store: Store, id: string): string {
  const session = store.session(id) as SessionState;
  const all = new URLSearchParams({ limit: '1000' });
  return JSON.stringify({
    summary: toSummary(store, session),
    detail: toDetail(store, session),
    messages: session.agents.map((a) => everyPage((cursor) => agentMessages(store, id, new URLSearchParams({ agent_path: a.agent_path, include_superseded: 'true', limit: '1000', cursor })))),
    ledger: sessionLedgerPage(store, id, all),
    records: session.compactions.map((r) => requireCompaction(store, session, r.id)),
    stats: session.agents.map((a) => sessionStatsOf(store, id, a.agent_path)),
    replay: replaySession(store, id, { agent_path: 'primary', settings: [{ set: {} }, { set: { upper_threshold: 0.5, lower_threshold: 0.3 } }], include_recorded_compactions: true }),
    checkpoints: session.checkpoints,
  });
}
