/**
 * The app's response validation: each endpoint's validators (compiled at build time) load the
 * first time the endpoint is called, in parallel with the request, so no page carries the
 * validators of endpoints it never calls.
 */
import { validatorForStatus, type CompiledValidator } from './validation';
import { responseLoaders } from './validators/responses.gen';

const loaded = new Map<string, Promise<Readonly<Record<string, CompiledValidator | null>>>>();

/** `GET /sessions/{session_id}` */
export type Endpoint = string;

/** Starts loading an endpoint's validators (a request is on its way); null for an endpoint the contract does not have. */
export function loadResponseValidators(endpoint: Endpoint): Promise<Readonly<Record<string, CompiledValidator | null>>> | null {
  const load = responseLoaders[endpoint];
  if (!load) return null;
  let pending = loaded.get(endpoint);
  if (!pending) {
    // A failed download (the network) is tried again by the next request.
    pending = load().catch((error: unknown) => {
      loaded.delete(endpoint);
      throw error;
    });
    loaded.set(endpoint, pending);
  }
  return pending;
}

/** The validator of this response's JSON body, or null when the contract defines none (or no such endpoint). */
export async function responseValidator(endpoint: Endpoint, status: number): Promise<CompiledValidator | null> {
  const statuses = await loadResponseValidators(endpoint);
  return statuses ? validatorForStatus(statuses, status) : null;
}
