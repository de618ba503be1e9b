// A plugin as the knobs screen shows it: its manifest checked here with the same rules the
// daemon uses (src/domain/knobs/manifest-check), merged with the problems the daemon reported,
// so a malformed manifest is explained in its own group and never breaks the others.

import type { components } from '../../../domain/contract/schema.gen';
import type { ManifestProblem } from '../../../domain/knobs/knob-kinds';
import { checkManifest, type ManifestCheck, type ManifestCheckOptions } from '../../../domain/knobs/manifest-check';

export type PluginListing = components['schemas']['PluginListing'];

export interface PluginView extends ManifestCheck {
  /** No problem at all: the host loads it (its hooks fire, it can be delegated to). */
  loaded: boolean;
}

const problemKey = (p: ManifestProblem) => `${p.knob ?? ''}\n${p.field ?? ''}\n${p.message}`;

/** Checks a listed manifest; the daemon's problems come first, the local ones are added when new. */
export function readPluginListing(listing: PluginListing, options: ManifestCheckOptions = {}): PluginView {
  const check = checkManifest(listing.manifest, listing.name, options);
  const seen = new Set(listing.problems.map(problemKey));
  const problems = [...listing.problems, ...check.problems.filter((p) => !seen.has(problemKey(p)))];
  return { ...check, problems, loaded: problems.length === 0 };
}

/** The attached plugins' roles, in attachment order, for the cross-field rules. Unknown plugins have no roles and are not loaded. */
export function attachedPluginsOf(attached: readonly string[], plugins: readonly PluginView[]): { name: string; roles: PluginView['roles']; loaded: boolean }[] {
  return attached.map((name) => {
    const view = plugins.find((p) => p.name === name);
    return { name, roles: view?.roles ?? [], loaded: view?.loaded ?? false };
  });
}
