import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/settings-store';
import { unwrap } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/api/query-keys';
import type { Schemas } from '../../../domain/contract/types';

export type ModelWindow = Schemas['ModelWindow'];

/** GET /model-windows?model=: the model's window, where it comes from, and the override's version. */
export async function getModelWindow(model: string, signal?: AbortSignal): Promise<ModelWindow> {
  return unwrap(await api().GET('/model-windows', { params: { query: { model } }, signal }));
}

export function modelWindowQuery(model: string) {
  return queryOptions({
    queryKey: queryKeys.modelWindow(model),
    queryFn: ({ signal }) => getModelWindow(model, signal),
  });
}
