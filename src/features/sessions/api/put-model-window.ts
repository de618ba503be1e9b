import { api } from '../../../config/settings-store';
import { isApiError } from '../../../lib/api/api-error';
import { unwrap } from '../../../lib/api/client';
import { writeOrReread, type WriteOutcome } from '../../../lib/api/untrusted-write';
import type { Schemas } from '../../../domain/contract/types';
import { checkWith } from '../../../domain/contract/validation';
import { validate as modelWindowSchema } from '../../../domain/contract/validators/schemas/model-window.gen';
import { getModelWindow, type ModelWindow } from './get-model-window';

export type ModelWindowWrite = Schemas['ModelWindowWrite'];

/**
 * PUT /model-windows: sets (or, with null, removes) the operator's override at the version it was
 * read at; a stale version answers 409 with the current window (one that already holds this write
 * is its answer). Sent once: an answer that cannot be trusted is judged by reading the window again.
 */
export function putModelWindow(write: ModelWindowWrite): Promise<WriteOutcome<ModelWindow, ModelWindow>> {
  return writeOrReread(
    async () => unwrap(await api().PUT('/model-windows', { body: write })),
    () => getModelWindow(write.model),
    (current) => current.version > write.version && current.override_tokens === write.override_tokens,
    conflictWindow,
  );
}

/** The current window a 409 carries, checked against the contract; null for any other failure. */
export function conflictWindow(error: unknown): ModelWindow | null {
  if (!isApiError(error) || error.kind !== 'http' || error.status !== 409 || error.code !== 'version_conflict') return null;
  const current = error.details?.current;
  return checkWith(modelWindowSchema, current) === null ? (current as ModelWindow) : null;
}
