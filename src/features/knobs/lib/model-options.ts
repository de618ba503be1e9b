// The model-alias picker's choices: each alias with provider:model, its effective context window
// and where that comes from (catalog, operator override, 128k fallback), and its price per
// million tokens where known; "the agent's own model" first where the knob allows null.

import type { components } from '../../../domain/contract/schema.gen';
import { formatTokens } from '../../../domain/format';
import type { KnobControl } from './knob-controls';

type ModelAlias = components['schemas']['ModelAlias'];

export interface ModelOption {
  /** null: the agent's own model. */
  value: string | null;
  label: string;
  /** provider:model, or the agent's own model's when known. */
  model: string | null;
  window: string | null;
  windowSource: 'catalog' | 'override' | 'fallback' | null;
  /** "$3 in / $15 out per M tokens"; null when the price is not known. */
  price: string | null;
}

const usd = (n: number): string => `$${Number(n.toFixed(4))}`;

export function windowSourceOf(m: ModelAlias): 'catalog' | 'override' | 'fallback' {
  return m.overridden ? 'override' : m.catalog_max_input_tokens === null ? 'fallback' : 'catalog';
}

const SOURCE_TEXT = { catalog: 'catalog', override: 'operator override', fallback: '128k fallback' } as const;

export function modelOption(m: ModelAlias): ModelOption {
  const source = windowSourceOf(m);
  const priced = m.input_usd_per_mtok > 0 || m.output_usd_per_mtok > 0;
  return {
    value: m.alias,
    label: m.alias,
    model: `${m.provider}:${m.model}`,
    window: `${formatTokens(m.max_input_tokens)} tokens (${SOURCE_TEXT[source]})`,
    windowSource: source,
    price: priced ? `${usd(m.input_usd_per_mtok)} in / ${usd(m.output_usd_per_mtok)} out per M tokens` : null,
  };
}

/** Choices for a model-alias knob; `agentModel` is the agent's own alias, shown on the null choice. */
export function modelOptions(models: readonly ModelAlias[], nullable: boolean, nullLabel: string | null, agentModel: string | null = null): ModelOption[] {
  const options = models.map(modelOption);
  if (!nullable) return options;
  const own = agentModel === null ? undefined : models.find((m) => m.alias === agentModel);
  const ownOption = own ? modelOption(own) : null;
  return [
    {
      value: null,
      label: nullLabel ?? "The agent's own model",
      model: ownOption ? `${ownOption.label} · ${ownOption.model}` : null,
      window: ownOption?.window ?? null,
      windowSource: ownOption?.windowSource ?? null,
      price: ownOption?.price ?? null,
    },
    ...options,
  ];
}

/** The model picker a knob draws (with or without its null choice), as one key: one list of choices per kind, not per knob. */
function pickerKind(control: KnobControl): string | null {
  return control.control === 'model-picker' ? `${control.nullable}\n${control.nullLabel ?? ''}` : null;
}

/** One list of choices per kind of model picker among `controls`. */
export function modelChoicesByKind(controls: readonly KnobControl[], models: readonly ModelAlias[], agentModel: string | null): Map<string, ModelOption[]> {
  const byKind = new Map<string, ModelOption[]>();
  for (const c of controls) {
    const kind = pickerKind(c);
    if (c.control === 'model-picker' && kind !== null && !byKind.has(kind)) byKind.set(kind, modelOptions(models, c.nullable, c.nullLabel, agentModel));
  }
  return byKind;
}

/** The choices of one knob's picker (none when it draws no model picker). */
export function choicesFor(byKind: ReadonlyMap<string, readonly ModelOption[]>, control: KnobControl): readonly ModelOption[] | undefined {
  const kind = pickerKind(control);
  return kind === null ? undefined : byKind.get(kind);
}
