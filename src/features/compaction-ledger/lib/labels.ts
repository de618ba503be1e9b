/** Small text helpers for the ledger's records (the enums' words are in src/domain/compaction/labels.ts). */
import type { CompactionRecord } from '../../../domain/contract/types';

/** "06-01 10:04:05" (UTC): the ledger's time column, sortable by eye. */
export function formatLedgerTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = date.toISOString();
  return `${text.slice(5, 10)} ${text.slice(11, 19)}`;
}

/** The plugins that fired, each once, in firing order. */
export function pluginNames(record: Pick<CompactionRecord, 'plugins_fired'>): string[] {
  return [...new Set(record.plugins_fired.map((p) => p.name))];
}

/** Each plugins list's hover text, made once: a row draws it again whenever the ledger renders (every live batch). */
const pluginTexts = new WeakMap<CompactionRecord['plugins_fired'], string>();

/** "hindsight pre_compact 331 ms inject; …": the plugins column's hover text. */
export function describePlugins(record: Pick<CompactionRecord, 'plugins_fired'>): string {
  let text = pluginTexts.get(record.plugins_fired);
  if (text === undefined) {
    text = record.plugins_fired.map((p) => `${p.name} ${p.hook} ${Math.round(p.duration_ms)} ms → ${p.result_kind}`).join('\n');
    pluginTexts.set(record.plugins_fired, text);
  }
  return text;
}

/** The strategy that finally ran: the last step that succeeded in the fallback chain, else drop. */
export function finalStrategy(record: Pick<CompactionRecord, 'strategy' | 'fallback_occurred' | 'fallback_chain'>): string {
  if (!record.fallback_occurred) return record.strategy;
  const ok = [...record.fallback_chain].reverse().find((step) => step.outcome === 'ok');
  return ok?.strategy.replace('summarize_upgrade', 'summarize') ?? 'drop';
}
