import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../../lib/api/query-keys';
import type { ImportJob } from '../../../domain/contract/simulator-imports';
import { runImport } from '../api/run-import';
import type { ChosenFile, ProgressView } from '../lib/upload-plan';

export type ImportRun =
  | { state: 'idle' }
  | { state: 'running'; progress: ProgressView }
  | { state: 'done'; job: ImportJob }
  | { state: 'failed'; error: unknown };

/** One import at a time: start, its progress, its job when it ends; cancelled when the dialog closes. */
export function useImportRun() {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<ImportRun>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    (files: readonly ChosenFile[]) => {
      if (abort.current) return; // a double click starts nothing twice
      const controller = new AbortController();
      abort.current = controller;
      setRun({ state: 'running', progress: { fraction: 0, label: 'Starting' } });
      runImport(files, (progress) => !controller.signal.aborted && setRun({ state: 'running', progress }), controller.signal)
        .then((job) => {
          setRun({ state: 'done', job });
          // The new sessions and projects are listed at once (the live stream also says so).
          void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
          void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
          void queryClient.invalidateQueries({ queryKey: queryKeys.anyProject });
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setRun({ state: 'failed', error });
        })
        .finally(() => {
          if (abort.current === controller) abort.current = null;
        });
    },
    [queryClient],
  );

  const reset = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setRun({ state: 'idle' });
  }, []);

  return { run, start, reset };
}
