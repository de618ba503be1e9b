import { newSpiralsLabel, plainLine } from '../domain/spiral-watch';
import { useSpiralWatch } from './spiral-watch';

const NAMED = 5;

/**
 * On the top bar's "Health" link: how many spirals started since the page opened and were not seen
 * yet (the link then reads "Health (2 new spirals)"; opening the health view clears it). Its own
 * chunk, loaded once the first screen is drawn (the watch's first report is the baseline).
 */
export default function SpiralBadge() {
  const unseen = useSpiralWatch();
  if (unseen.length === 0) return null;
  const names = unseen.slice(0, NAMED).map((s) => plainLine(s.title || s.sessionId, 60));
  const more = unseen.length > NAMED ? ` and ${unseen.length - NAMED} more` : '';
  return (
    <span className="topbar__alert" title={`Spirals started while this page was open: ${names.join('; ')}${more}`}>
      <span aria-hidden="true">{unseen.length}</span>
      <span className="visually-hidden">({newSpiralsLabel(unseen.length)})</span>
    </span>
  );
}
