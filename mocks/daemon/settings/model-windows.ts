import { resolveWindow } from '../../../src/domain/accounting/window';
import { findModel, pricesOf, type ModelInfo } from '../../store/catalog';
import type { Store } from '../../store/store';
import type { AgentState, Schemas, WindowOverride } from '../../store/types';
import { DaemonError } from '../errors';

/**
 * Context windows as the simulated daemon resolves them (ADR-0026): the operator's override of a
 * model (set on screen, versioned like other config), else the window the agent's transcript
 * recorded, else the catalog's (LiteLLM's model map), else 128k assumed.
 */

const NO_OVERRIDE: WindowOverride = { tokens: null, version: 1, changed_by: null, changed_at: null };

export function overrideOf(store: Store, model: ModelInfo): WindowOverride {
  return store.windowOverrides.get(model.windowKey) ?? NO_OVERRIDE;
}

/** A model's effective window; an imported agent adds what its transcript says its harness used, or that harness's default. */
export function modelWindow(store: Store, model: ModelInfo, transcript: { recorded?: number | null; harness?: number | null } = {}): Schemas['ContextWindow'] {
  return resolveWindow({ override: overrideOf(store, model).tokens, ...transcript, catalog: model.catalog?.max_input_tokens });
}

/** The model an agent runs on. */
export function agentModel(agent: AgentState): ModelInfo {
  return findModel(agent.model_alias);
}

/** The agent's effective context window. */
export function windowOf(store: Store, agent: AgentState): Schemas['ContextWindow'] {
  return modelWindow(store, agentModel(agent), { recorded: agent.reported_window, harness: agent.harness_window });
}

export function toModelWindow(store: Store, id: string): Schemas['ModelWindow'] {
  const model = findModel(id);
  const override = overrideOf(store, model);
  return {
    model: model.windowKey,
    window: modelWindow(store, model),
    catalog_tokens: model.catalog?.max_input_tokens ?? null,
    override_tokens: override.tokens,
    version: override.version,
    changed_by: override.changed_by,
    changed_at: override.changed_at,
  };
}

/** Sets or removes a model's override (the store's part of PUT /model-windows: services/window-service.ts), if `write.version` is the current one (409 with the current window otherwise). */
export function setModelWindow(store: Store, write: Schemas['ModelWindowWrite'], actor: string): Schemas['ModelWindow'] {
  const model = findModel(write.model);
  const current = overrideOf(store, model);
  if (write.version !== current.version) {
    throw new DaemonError(409, 'version_conflict', `The window of ${model.windowKey} changed since version ${write.version} (now version ${current.version}).`, {
      your_version: write.version,
      current: toModelWindow(store, write.model),
    });
  }
  if (write.override_tokens !== current.tokens) {
    store.windowOverrides.set(model.windowKey, { tokens: write.override_tokens, version: current.version + 1, changed_by: actor, changed_at: store.nowIso() });
    store.revision += 1;
  }
  return toModelWindow(store, write.model);
}

/** An alias as GET /models lists it: its model, effective window and prices per million tokens. */
export function toModelAlias(store: Store, alias: string): Schemas['ModelAlias'] {
  const model = findModel(alias);
  const window = modelWindow(store, model);
  const prices = pricesOf(model);
  const [provider, ...rest] = model.id.split(':');
  return {
    alias,
    provider: provider ?? model.provider,
    model: rest.join(':'),
    max_input_tokens: window.tokens,
    catalog_max_input_tokens: model.catalog?.max_input_tokens ?? null,
    overridden: window.source === 'override',
    input_usd_per_mtok: Math.round(prices.input * 1e6 * 1e6) / 1e6,
    output_usd_per_mtok: Math.round(prices.output * 1e6 * 1e6) / 1e6,
  };
}
