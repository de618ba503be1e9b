// Simulated observer plugins on pre_compact / post_compact, fired in manifest-declaration
// order. pre_compact results are applied: retain[] ids are always-keep for this event,
// inject text is appended to the summary. An observer error never blocks compaction.

import type { HookName, ObserverPlugin } from './engine-types';
import type { PluginFired } from './types';

export interface Injection {
  plugin: string;
  text: string;
}

export interface PreCompactEffects {
  fired: PluginFired[];
  retained: ReadonlySet<string>;
  injections: Injection[];
}

export function defaultInjectText(plugin: string): string {
  return `Memory recalled by ${plugin} before compaction (simulated).`;
}

function subscribed(o: ObserverPlugin, hook: HookName): boolean {
  return (o.hooks ?? ['pre_compact', 'post_compact']).includes(hook);
}

function fired(o: ObserverPlugin, hook: HookName, result_kind: PluginFired['result_kind']): PluginFired {
  return { name: o.name, role: 'observer', hook, duration_ms: Math.max(0, o.durationMs), result_kind };
}

export function firePreCompact(observers: readonly ObserverPlugin[]): PreCompactEffects {
  const out: PluginFired[] = [];
  const retained = new Set<string>();
  const injections: Injection[] = [];
  for (const o of observers) {
    if (!subscribed(o, 'pre_compact')) continue;
    out.push(fired(o, 'pre_compact', o.result));
    if (o.result === 'retain') for (const id of o.retainIds ?? []) retained.add(id);
    if (o.result === 'inject') injections.push({ plugin: o.name, text: o.injectText ?? defaultInjectText(o.name) });
  }
  return { fired: out, retained, injections };
}

/** post_compact is read-only for observers: the result is 'null', or 'error' for a failing plugin. */
export function firePostCompact(observers: readonly ObserverPlugin[]): PluginFired[] {
  return observers
    .filter((o) => subscribed(o, 'post_compact'))
    .map((o) => fired(o, 'post_compact', o.result === 'error' ? 'error' : 'null'));
}
