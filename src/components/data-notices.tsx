import type { Notice } from '../domain/plausibility';
import './notice.css';

/** At most this many notices are listed; the rest are counted. */
const SHOWN = 6;

/**
 * Data the UI does not believe, said calmly beside what is still shown: what is odd and where.
 * Never blocks the rest of the page (a note, not an alert).
 */
export function DataNotices({ notices, where }: { notices: readonly Notice[]; where: string }) {
  if (notices.length === 0) return null;
  const hidden = notices.length - SHOWN;
  return (
    <div className="callout callout--warn data-notices" role="note" aria-label={`Odd data in ${where}`}>
      <p className="data-notices__title">Some of the daemon's data for {where} is implausible:</p>
      <ul className="data-notices__list">
        {notices.slice(0, SHOWN).map((n, i) => (
          <li key={`${n.kind}-${i}`} data-notice={n.kind}>
            {n.message}
          </li>
        ))}
        {hidden > 0 && <li className="muted">and {hidden} more.</li>}
      </ul>
    </div>
  );
}
