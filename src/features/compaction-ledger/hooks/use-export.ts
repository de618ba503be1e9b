import { useCallback, useMemo, useRef, useState } from 'react';
import { describeError } from '../../../lib/api/api-error';
import type { CompactionRecord } from '../../../domain/contract/types';
import { fetchLedgerPage } from '../api/list-compactions';
import { csvChunks, EXPORT_MIME, exportFileName, jsonlChunks, type ExportFormat } from '../lib/export';
import { activeFilterCount, type LedgerSearch } from '../../../domain/ledger-search';

/** Records per request while exporting (the daemon's maximum). */
const EXPORT_PAGE = 1000;

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'fetching'; format: ExportFormat; fetched: number; total: number | null }
  | { phase: 'done'; format: ExportFormat; count: number; fileName: string }
  | { phase: 'failed'; format: ExportFormat; message: string };

/** A short hint of the filter for the file name: "bad-hindsight", "fallback", "". */
export function filterHint(search: LedgerSearch): string {
  if (activeFilterCount(search) === 0) return 'all';
  return [
    search.agent,
    ...search.flag,
    ...search.strategy,
    ...search.trigger,
    search.plugin,
    search.fallback === true ? 'fallback' : search.fallback === false ? 'no-fallback' : null,
    search.q.trim() ? 'text' : null,
  ]
    .filter(Boolean)
    .join('-')
    .slice(0, 60);
}

function download(chunks: string[], format: ExportFormat, fileName: string): void {
  const url = URL.createObjectURL(new Blob(chunks, { type: EXPORT_MIME[format] }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Exports every record of the current view (not only the loaded pages): pages through the API
 * with the view's filters and sort, then downloads CSV or JSONL. Cancellable; one at a time.
 */
export function useLedgerExport(sessionId: string | null, search: LedgerSearch) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const start = useCallback(
    async (format: ExportFormat) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const records: CompactionRecord[] = [];
      const seen = new Set<string>();
      setState({ phase: 'fetching', format, fetched: 0, total: null });
      try {
        let cursor: string | null = null;
        do {
          const page = await fetchLedgerPage(sessionId, search, cursor, EXPORT_PAGE, controller.signal);
          for (const record of page.items) {
            if (seen.has(record.id)) continue;
            seen.add(record.id);
            records.push(record);
          }
          cursor = page.next_cursor;
          setState({ phase: 'fetching', format, fetched: records.length, total: page.total });
        } while (cursor !== null && !controller.signal.aborted);
        if (controller.signal.aborted) return;
        const fileName = exportFileName(sessionId ?? search.session ?? search.project ?? 'all-sessions', filterHint(search), format);
        download(format === 'csv' ? csvChunks(records) : jsonlChunks(records), format, fileName);
        setState({ phase: 'done', format, count: records.length, fileName });
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({ phase: 'failed', format, message: describeError(error) });
      } finally {
        if (abort.current === controller) abort.current = null;
      }
    },
    [sessionId, search],
  );

  const cancel = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setState({ phase: 'idle' });
  }, []);

  const clear = useCallback(() => setState({ phase: 'idle' }), []);

  return useMemo(() => ({ state, start, cancel, clear }), [state, start, cancel, clear]);
}
