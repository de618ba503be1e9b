/**
 * The ledger as files for offline evaluation: CSV (one row per event, the figures operators
 * compare, spreadsheet-safe) and JSONL (one full CompactionRecord per line, nothing left out).
 *
 * CSV follows RFC 4180 (CRLF rows; a field with a comma, quote, CR or LF is quoted and its quotes
 * doubled). Text that a spreadsheet would run as a formula (starting with = + - @, tab or CR) gets
 * a leading apostrophe: summaries, notes and plugin strings are untrusted.
 */
import type { CompactionRecord } from '../../../domain/contract/types';
import { NOT_MEASURED } from '../../../domain/compaction/reread-labels';

export type ExportFormat = 'csv' | 'jsonl';

type Cell = string | number | boolean | null;

interface CsvColumn {
  header: string;
  value: (record: CompactionRecord) => Cell;
}

export const CSV_COLUMNS: readonly CsvColumn[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.created_at },
  { header: 'session_id', value: (r) => r.session_id },
  { header: 'run_id', value: (r) => r.run_id },
  { header: 'agent_path', value: (r) => r.agent_path },
  { header: 'origin', value: (r) => r.provenance.origin },
  { header: 'trigger', value: (r) => r.trigger },
  { header: 'strategy', value: (r) => r.strategy },
  { header: 'fallback_occurred', value: (r) => r.fallback_occurred },
  { header: 'fallback_reason', value: (r) => r.fallback_reason },
  { header: 'fallback_chain', value: (r) => r.fallback_chain.map((s) => `${s.strategy}:${s.outcome}${s.reason ? ` (${s.reason})` : ''}`).join(' > ') },
  { header: 'tokens_before', value: (r) => r.threshold_estimate },
  { header: 'tokens_before_source', value: (r) => r.provenance.tokens_before },
  { header: 'tokens_after', value: (r) => r.after_estimate },
  { header: 'tokens_after_source', value: (r) => r.provenance.tokens_after },
  { header: 'compression_ratio', value: (r) => round(r.compression_ratio, 4) },
  { header: 'context_window', value: (r) => r.context_window },
  { header: 'context_window_source', value: (r) => r.context_window_source },
  { header: 'window_upper', value: (r) => r.window_upper },
  { header: 'window_lower', value: (r) => r.window_lower },
  { header: 'messages_before', value: (r) => r.messages_before },
  { header: 'messages_after', value: (r) => r.messages_after },
  { header: 'superseded_count', value: (r) => r.superseded_message_ids.length },
  { header: 'summary_tokens', value: (r) => r.summary_tokens },
  { header: 'summarizer_model', value: (r) => r.summarizer_model },
  { header: 'cost_usd', value: (r) => r.cost_usd },
  { header: 'cost_source', value: (r) => r.provenance.cost },
  { header: 'duration_ms', value: (r) => r.duration_ms },
  { header: 'plugins_fired', value: (r) => r.plugins_fired.map((p) => `${p.name}/${p.hook}:${p.result_kind}:${p.duration_ms}ms`).join('; ') },
  { header: 'operator_flag', value: (r) => r.operator_flag },
  { header: 'operator_notes', value: (r) => r.operator_notes },
  { header: 'flagged_by', value: (r) => r.flagged_by },
  { header: 'flagged_at', value: (r) => r.flagged_at },
  { header: 'version', value: (r) => r.version },
  { header: 'dry_run', value: (r) => r.dry_run },
  { header: 'rolled_back', value: (r) => r.rolled_back },
  // Re-read after compaction (measured on a transcript): "not measured" and empty figures where there is none to measure it from, never 0.
  { header: 'reread_after', value: (r) => (r.reread_after ? 'measured' : NOT_MEASURED) },
  { header: 'reread_calls', value: (r) => r.reread_after?.adjusted.calls ?? null },
  { header: 'reread_files', value: (r) => r.reread_after?.adjusted.files ?? null },
  { header: 'reread_tokens', value: (r) => r.reread_after?.adjusted.tokens ?? null },
  { header: 'reread_raw_calls', value: (r) => r.reread_after?.raw.calls ?? null },
  { header: 'reread_raw_tokens', value: (r) => r.reread_after?.raw.tokens ?? null },
  { header: 'reread_not_in_summary_tokens', value: (r) => r.reread_after?.not_in_summary?.tokens ?? null },
  { header: 'summary_source', value: (r) => r.provenance.summary },
  { header: 'summary', value: (r) => r.summary },
];

const NEEDS_QUOTES = /[",\r\n]/;

/** = + - @ tab CR: what makes a spreadsheet read a cell as a formula. */
function startsLikeFormula(text: string): boolean {
  const c = text.charCodeAt(0);
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13;
}

/** A leading or trailing space or tab, which some readers strip unless quoted. */
function paddedWithSpace(text: string): boolean {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return first === 32 || first === 9 || last === 32 || last === 9;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** One CSV field: numbers and booleans as they are, text neutralised and quoted when needed. */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value === '') return '';
  const safe = startsLikeFormula(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) || paddedWithSpace(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvHeader(): string {
  return `${CSV_COLUMNS.map((column) => csvCell(column.header)).join(',')}\r\n`;
}

export function csvRow(record: CompactionRecord): string {
  let line = '';
  for (let i = 0; i < CSV_COLUMNS.length; i += 1) {
    if (i > 0) line += ',';
    line += csvCell((CSV_COLUMNS[i] as CsvColumn).value(record));
  }
  return `${line}\r\n`;
}

/** The whole CSV file (header and rows). */
export function toCsv(records: readonly CompactionRecord[]): string {
  return csvChunks(records).join('');
}

/** The CSV as chunks of rows, for a Blob (no single huge string for 100,000 events). */
export function csvChunks(records: readonly CompactionRecord[], rowsPerChunk = 1000): string[] {
  const chunks = [csvHeader()];
  for (let start = 0; start < records.length; start += rowsPerChunk) {
    let chunk = '';
    const end = Math.min(records.length, start + rowsPerChunk);
    for (let i = start; i < end; i += 1) chunk += csvRow(records[i] as CompactionRecord);
    chunks.push(chunk);
  }
  return chunks;
}

/** One full record per line (JSON escapes line breaks inside strings, so lines stay lines). */
export function jsonlLine(record: CompactionRecord): string {
  return `${JSON.stringify(record)}\n`;
}

export function toJsonl(records: readonly CompactionRecord[]): string {
  return jsonlChunks(records).join('');
}

export function jsonlChunks(records: readonly CompactionRecord[], linesPerChunk = 1000): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < records.length; start += linesPerChunk) {
    let chunk = '';
    const end = Math.min(records.length, start + linesPerChunk);
    for (let i = start; i < end; i += 1) chunk += jsonlLine(records[i] as CompactionRecord);
    chunks.push(chunk);
  }
  return chunks;
}

export const EXPORT_MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  jsonl: 'application/x-ndjson;charset=utf-8',
};

/** compactions-ses_x-bad-hindsight-20260601T1004.csv: the session, a hint of the filter, when. */
export function exportFileName(sessionId: string, filterHint: string, format: ExportFormat, now: Date = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '');
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '');
  const parts = ['compactions', safe(sessionId), safe(filterHint), stamp].filter(Boolean);
  return `${parts.join('-')}.${format}`;
}
