// Wire types of the compaction engine: the HTTP API's JSON shapes, taken from the types
// generated from the contract (src/domain/contract/kaged-openapi.json), never copied by hand.
// Engine-only contracts (inputs, outcomes, simulated plugins) live in engine-types.ts.

import type { components } from '../../src/domain/contract/schema.gen';

type S = components['schemas'];

export type Message = S['Message'];
export type Role = Message['role'];
export type ToolCall = S['ToolCall'];
export type Pin = S['Pin'];
export type PinReason = Pin['reason'];
export type PluginCost = S['PluginCost'];
export type MessageMetadata = Message['metadata'];
export type Strategy = S['Strategy'];
export type Trigger = S['Trigger'];
export type AlwaysKeepPredicate = S['AlwaysKeepPredicate'];
/** The agent's compaction config as the engine uses it: the contract's values minus the plugin knobs. */
export type CompactionConfig = Omit<S['CompactionConfigValues'], 'plugin_knobs'>;
export type SummarizeConfig = CompactionConfig['summarize'];
export type PruneConfig = CompactionConfig['prune'];
export type PluginFired = S['PluginFired'];
export type FallbackStep = S['FallbackStep'];
export type ContextWindowSource = S['ContextWindow']['source'];
export type CompactionRecord = S['CompactionRecord'];
