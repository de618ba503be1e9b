/** A breakdown row (one strategy, trigger, agent path, plugin or summarizer model): the ledger filter that opens its events. */
import type { Schemas } from '../../../domain/contract/types';
import type { LedgerSearch } from '../../../domain/ledger-search';
import type { Dimension } from './health-scope';

export function rowFilter(dimension: Dimension, key: string | null): Partial<LedgerSearch> {
  switch (dimension) {
    case 'strategy':
      return { strategy: [key as Schemas['Strategy']] };
    case 'trigger':
      return { trigger: [key as Schemas['Trigger']] };
    case 'agent_path':
      return { agent: key };
    case 'plugin':
      return { plugin: key };
    case 'summarizer_model':
      return { model: key };
  }
}
