// Between a manual compaction's per-invocation overrides (CompactRequest) and config edits:
// the manual-compact modal's "Save as the agent's settings" hands its overrides to the knobs
// screen as pending changes, and "Preview on this session" sends pending edits as a dry run.

import type { components } from '../contract/schema.gen';
import type { ConfigDraft } from './config-write';

type CompactRequest = components['schemas']['CompactRequest'];

/** The request fields that are config keys, and the key each sets. */
const FIELD_KEYS = {
  strategy: 'strategy',
  upper_threshold: 'upper_threshold',
  lower_threshold: 'lower_threshold',
  summarize: 'summarize.enabled',
  prompt: 'summarize.prompt',
  delegate_plugin: 'delegate.plugin',
  checkpoint_sub_strategy: 'checkpoint.sub_strategy',
} as const satisfies Partial<Record<keyof CompactRequest, string>>;

/** A manual compaction's overrides as config edits: its pending values, then its explicit fields on top. */
export function compactRequestToDraft(request: Omit<CompactRequest, 'agent_path'>): Required<ConfigDraft> {
  const set: Record<string, unknown> = { ...request.pending?.set };
  for (const [field, key] of Object.entries(FIELD_KEYS)) {
    const value = request[field as keyof typeof FIELD_KEYS];
    if (value !== undefined) set[key] = value;
  }
  const unset = (request.pending?.unset ?? []).filter((k) => !(k in set));
  return { set, unset };
}

/** A dry run of `agentPath` with unsaved edits (nothing is saved by it). */
export function previewRequest(agentPath: string, draft: ConfigDraft): CompactRequest {
  return { agent_path: agentPath, dry_run: true, pending: { set: { ...draft.set }, unset: [...(draft.unset ?? [])] } };
}
