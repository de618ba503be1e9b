import type { Schemas } from '../../../domain/contract/types';
import { formatCount } from '../../../domain/format';

/** Good, bad and neutral flags as one bar, with the counts (the unrated count apart). */
export function FlagMix({ flags }: { flags: Schemas['FlagMix'] }) {
  const total = flags.good + flags.bad + flags.neutral + flags.unrated;
  const part = (n: number) => `${total > 0 ? (n / total) * 100 : 0}%`;
  return (
    <span className="flag-mix" title={`good ${flags.good} · bad ${flags.bad} · neutral ${flags.neutral} · unrated ${flags.unrated}`}>
      <span className="flag-mix__bar" aria-hidden="true">
        <span className="flag-mix__good" style={{ width: part(flags.good) }} />
        <span className="flag-mix__bad" style={{ width: part(flags.bad) }} />
        <span className="flag-mix__neutral" style={{ width: part(flags.neutral) }} />
      </span>
      <span className="flag-mix__text num">
        <span className="flag-mix__part">
          {formatCount(flags.good)}/{formatCount(flags.bad)}/{formatCount(flags.neutral)}
        </span>{' '}
        <span className="flag-mix__part muted">· {formatCount(flags.unrated)} unrated</span>
      </span>
    </span>
  );
}
