/**
 * Figures in named parts, as every screen writes them: a context as messages + system prompt and
 * tools + output reserve (the reserve named, never hidden in a total), a cost as input + cache read
 * + cache write + output. Numbers go through src/domain/format, like every other figure.
 */
import { formatTokens, formatUsd } from '../format';
import { CONTEXT_PARTS, contextTotal, type ContextParts } from './context';
import { COST_PARTS, costTotal, type CostParts } from './cost';
import { FIGURE_SOURCE_LABELS, FIGURE_SOURCE_TITLES, type FigureSource, type Provenance } from './provenance';

/** Where a summary's text comes from: a figure's sources, or a transcript that holds it unreadable (encrypted) or not at all. */
export type SummarySource = NonNullable<Provenance['summary']>;

const SUMMARY_ONLY: Record<Exclude<SummarySource, FigureSource>, { label: string; title: string }> = {
  not_readable: { label: 'not readable', title: 'The transcript records this summary, but not in a readable form (encrypted)' },
  not_recorded: { label: 'not recorded', title: 'The transcript records that a compaction happened, not what its summary said' },
};

const SHORT_CONTEXT_LABELS: Record<keyof ContextParts, string> = { messages_tokens: 'messages', base_tokens: 'base', reserve_tokens: 'reserve' };

/**
 * "39.1k messages + 24.3k system prompt and tools + 8.2k output reserve = 71.6k" (short: "39.1k
 * messages + 24.3k base + 8.2k reserve"). A part that is zero is left out, except the messages.
 */
export function describeContextParts(parts: ContextParts, { short = false, total = true }: { short?: boolean; total?: boolean } = {}): string {
  const named = CONTEXT_PARTS.filter(({ key }) => key === 'messages_tokens' || parts[key] > 0).map(({ key, label }) => `${formatTokens(parts[key])} ${short ? SHORT_CONTEXT_LABELS[key] : label}`);
  const sum = named.join(' + ');
  return total && named.length > 1 ? `${sum} = ${formatTokens(contextTotal(parts))}` : sum;
}

/**
 * Whether a context has no messages behind the compactions it went through: a generated history
 * (the health view's spiral sessions) keeps each event's record, not the messages it compacted, so
 * its context is the output reserve alone. Screens say so rather than show "0 messages".
 */
export function messagesNotKept(parts: ContextParts, compactionCount: number): boolean {
  return parts.messages_tokens === 0 && compactionCount > 0;
}

/**
 * A context's use as the line under its bar writes it, every figure labelled: "117.9k messages +
 * 8.2k output reserve" (short: "117.9k messages + 8.2k reserve"); a context with no messages behind
 * its compactions says so: "no messages kept behind its events · 8.2k = output reserve".
 */
export function describeContextUse(parts: ContextParts, compactionCount: number, { short = false }: { short?: boolean } = {}): string {
  if (!messagesNotKept(parts, compactionCount)) return describeContextParts(parts, { short, total: false });
  const rest = CONTEXT_PARTS.filter(({ key }) => key !== 'messages_tokens' && parts[key] > 0).map(({ key, label }) => `${formatTokens(parts[key])} = ${short ? SHORT_CONTEXT_LABELS[key] : label}`);
  return [short ? 'no messages kept' : 'no messages kept behind its events', ...rest].join(' · ');
}

/** A compaction's context before and after, each in its parts: "before: 165k messages + 8.2k output reserve = 173k; after: …" (a side not known says so). */
export function contextChange(record: { before_parts: ContextParts | null; after_parts: ContextParts | null }): string {
  const side = (parts: ContextParts | null) => (parts ? describeContextParts(parts) : 'parts not known');
  return `before: ${side(record.before_parts)}; after: ${side(record.after_parts)}`;
}

/** "input $0.0123 + cache read $0.0400 + output $0.0061 = $0.0584": the parts that cost something, and the total. */
export function describeCostParts(parts: CostParts): string {
  const named = COST_PARTS.filter(({ key }) => parts[key] > 0).map(({ key, label }) => `${label} ${formatUsd(parts[key])}`);
  if (named.length === 0) return formatUsd(0);
  return named.length === 1 ? (named[0] as string) : `${named.join(' + ')} = ${formatUsd(costTotal(parts))}`;
}

/** The small word beside a figure saying where it comes from ("recorded"), with its longer title. */
export function figureSource(source: FigureSource | SummarySource): { label: string; title: string } {
  if (source === 'not_readable' || source === 'not_recorded') return SUMMARY_ONLY[source];
  return { label: FIGURE_SOURCE_LABELS[source], title: FIGURE_SOURCE_TITLES[source] };
}
