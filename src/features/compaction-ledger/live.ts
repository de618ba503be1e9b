import { ledgerKeys } from '../../lib/api/query-keys';
import type { LiveEffects } from '../../lib/live/live-effects';
import { installLedgerLive } from './lib/ledger-live';

/**
 * The ledger under the live stream: compaction frames change its cached pages in place
 * (lib/ledger-live.ts); only a followed transcript read again whole (other records) reads its views again.
 */
export const ledgerLiveEffects: LiveEffects = {
  feature: 'compaction-ledger',
  staleKeys: (frame) => (frame.type === 'session.updated' && frame.data?.reread === true ? [ledgerKeys.session(frame.session_id)] : []),
  install: installLedgerLive,
};
