import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { knobLabels } from '../domain/knobs/knob-values';
import { builtinKnobSchemaQuery } from '../lib/api/endpoints/get-knob-schema';
import { pluginsQuery } from '../lib/api/endpoints/list-plugins';

const NONE: ReadonlyMap<string, string> = new Map();

/** Knob labels by dotted config key (the built-in block's and the plugins'), for naming config changes; empty until read (keys are shown then). */
export function useKnobLabels(): ReadonlyMap<string, string> {
  const builtin = useQuery(builtinKnobSchemaQuery());
  const plugins = useQuery(pluginsQuery());
  return useMemo(() => {
    if (!builtin.data && !plugins.data) return NONE;
    const manifests = (plugins.data ?? []).map((p) => ({ name: p.name, knobs: Array.isArray(p.manifest?.knobs) ? (p.manifest.knobs as unknown[]) : [] }));
    return knobLabels(builtin.data?.knobs ?? [], manifests);
  }, [builtin.data, plugins.data]);
}
