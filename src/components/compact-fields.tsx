import { useQuery } from '@tanstack/react-query';
import { Switch, ToggleGroup } from 'radix-ui';
import { useId } from 'react';
import { Controller, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { Select } from './select';
import { formatThreshold } from '../domain/format';
import type { Agent, ContextWindow, Schemas } from '../domain/contract/types';
import { agentRows } from '../domain/agent-tree';
import { describeError } from '../lib/api/api-error';
import { promptsQuery } from '../lib/api/endpoints/list-prompts';
import {
  CHECKPOINT_SUB_STRATEGIES,
  STRATEGY_HINTS,
  thresholdProblem,
  usesPrompt,
  usesSummarizeToggle,
  type AgentCompactionConfig,
  type CompactFormValues,
  type Strategy,
} from '../domain/compaction/compact-form';
import { CompactHint as Hint, ThresholdSlider } from './compact-threshold-slider';
import './compact-fields.css';

type PromptPath = Schemas['PromptPath'];

interface CompactFieldsProps {
  control: Control<CompactFormValues>;
  errors: FieldErrors<CompactFormValues>;
  /** With agents, the agent is a field (the manual compaction); without, it is fixed (a checkpoint's). */
  agents?: readonly Agent[];
  /** Called instead of setting the field, so the caller can load that agent's config first. */
  onAgentChange?: (agentPath: string) => void;
  strategies: readonly Strategy[];
  prompts: readonly PromptPath[];
  /** The agent's effective config: the values the form started from, shown as hints. */
  config: AgentCompactionConfig | undefined;
  window: ContextWindow | undefined;
  disabled?: boolean;
  /** One column (the modal's sidebar) or a wide grid (a page). */
  layout?: 'stack' | 'grid';
  /** The compactor plugins the delegate strategy can name (the agent's attached plugins by default). */
  delegatePlugins?: readonly string[];
}

function configured(config: AgentCompactionConfig | undefined, key: string, text: string | undefined): string | undefined {
  if (!config || text === undefined) return undefined;
  const source = config.sources[key];
  return `agent: ${text}${source ? ` (${source})` : ''}`;
}

/** The per-invocation overrides (ADR-0024 amendment 9): agent, strategy, summarize, thresholds, prompt. */
export function CompactFields({ control, errors, agents, onAgentChange, strategies, prompts, config, window, disabled = false, layout = 'grid', delegatePlugins }: CompactFieldsProps) {
  const delegateChoices = delegatePlugins ?? config?.plugins ?? [];
  const ids = useId();
  const strategyLabel = `${ids}-strategy`;
  const summarizeLabel = `${ids}-summarize`;
  const strategy = useWatch({ control, name: 'strategy' });
  const summarize = useWatch({ control, name: 'summarize' });
  const v = config?.values;
  // The same cached query the caller passed `prompts` from: a failure must be said, not look like a one-prompt list.
  const promptList = useQuery(promptsQuery());
  const promptOptions = (() => {
    const options = prompts.map((p) => ({ value: p.path, label: p.title, hint: p.scope }));
    if (v && !options.some((o) => o.value === v.summarize.prompt)) options.unshift({ value: v.summarize.prompt, label: v.summarize.prompt, hint: 'config' });
    return options;
  })();
  const thresholdError = errors.lower?.message ?? errors.upper?.message;
  const summarizeApplies = usesSummarizeToggle(strategy);
  const promptApplies = usesPrompt({ strategy, summarize });

  return (
    <div className={`cf cf--${layout}${agents ? '' : ' cf--no-agent'}`}>
      {agents && (
        <div className="cf-field cf-field--agent">
          <span className="cf-field__label">Agent</span>
          <Controller
            control={control}
            name="agentPath"
            render={({ field }) => (
              <Select
                label="Agent"
                value={field.value}
                onValueChange={onAgentChange ?? field.onChange}
                disabled={disabled || agents.length < 2}
                options={agentRows(agents).map(({ agent, depth }) => ({
                  value: agent.agent_path,
                  label: `${depth > 0 ? '└ ' : ''}${agent.agent_path}`,
                  hint: agent.strategy,
                }))}
              />
            )}
          />
          <Hint>{agents.find((a) => a.agent_path === config?.agent_path)?.model_alias}</Hint>
        </div>
      )}
      <div className="cf-field cf-field--strategy">
        <span className="cf-field__label" id={strategyLabel}>
          Strategy
        </span>
        <Controller
          control={control}
          name="strategy"
          render={({ field }) => (
            <ToggleGroup.Root
              type="single"
              className="cf-segmented"
              value={field.value}
              onValueChange={(next) => next && field.onChange(next as Strategy)}
              aria-labelledby={strategyLabel}
              disabled={disabled}
            >
              {strategies.map((s) => (
                <ToggleGroup.Item key={s} value={s} className="cf-segmented__item" title={STRATEGY_HINTS[s]}>
                  {s}
                </ToggleGroup.Item>
              ))}
            </ToggleGroup.Root>
          )}
        />
        <Hint>{configured(config, 'strategy', v?.strategy)}</Hint>
      </div>
      {strategy === 'delegate' ? (
        <div className="cf-field cf-field--switch">
          <span className="cf-field__label">Compactor plugin</span>
          <Controller
            control={control}
            name="delegatePlugin"
            render={({ field }) => (
              <Select
                label="Compactor plugin"
                value={field.value ?? ''}
                onValueChange={(next) => field.onChange(next === '' ? null : next)}
                options={[{ value: '', label: 'None' }, ...delegateChoices.map((p) => ({ value: p, label: p }))]}
                disabled={disabled}
              />
            )}
          />
          <Hint>{configured(config, 'delegate.plugin', v ? (v.delegate.plugin ?? 'none') : undefined)}</Hint>
        </div>
      ) : strategy === 'checkpoint' ? (
        <div className="cf-field cf-field--switch">
          <span className="cf-field__label" id={summarizeLabel}>
            Checkpoint proposes
          </span>
          <Controller
            control={control}
            name="checkpointSubStrategy"
            render={({ field }) => (
              <ToggleGroup.Root
                type="single"
                className="cf-segmented"
                value={field.value}
                onValueChange={(next) => next && field.onChange(next)}
                aria-labelledby={summarizeLabel}
                disabled={disabled}
              >
                {CHECKPOINT_SUB_STRATEGIES.map((s) => (
                  <ToggleGroup.Item key={s} value={s} className="cf-segmented__item">
                    {s}
                  </ToggleGroup.Item>
                ))}
              </ToggleGroup.Root>
            )}
          />
          <Hint>{configured(config, 'checkpoint.sub_strategy', v?.checkpoint.sub_strategy)}</Hint>
        </div>
      ) : (
        <div className="cf-field cf-field--switch">
          <span className="cf-field__label" id={summarizeLabel}>
            Summarize
          </span>
          <Controller
            control={control}
            name="summarize"
            render={({ field }) => (
              <span className="cf-switch-row">
                <Switch.Root
                  className="cf-switch"
                  checked={summarizeApplies && field.value}
                  onCheckedChange={field.onChange}
                  disabled={disabled || !summarizeApplies}
                  aria-labelledby={summarizeLabel}
                >
                  <Switch.Thumb className="cf-switch__thumb" />
                </Switch.Root>
                <span className="muted">{summarizeApplies ? (field.value ? 'on' : 'off') : 'n/a'}</span>
              </span>
            )}
          />
          <Hint>{summarizeApplies ? configured(config, 'summarize.enabled', v ? (v.summarize.enabled ? 'on' : 'off') : undefined) : `not used by ${strategy}`}</Hint>
        </div>
      )}
      <Controller
        control={control}
        name="upper"
        rules={{ deps: ['lower'] }}
        render={({ field }) => (
          <ThresholdSlider
            name="upper"
            label="Upper threshold"
            value={field.value}
            onChange={field.onChange}
            window={window}
            hint={configured(config, 'upper_threshold', v ? formatThreshold(v.upper_threshold) : undefined)}
            invalid={thresholdError !== undefined}
            disabled={disabled}
          />
        )}
      />
      <Controller
        control={control}
        name="lower"
        rules={{ validate: (lower, values) => thresholdProblem(values.upper, lower) ?? true }}
        render={({ field }) => (
          <ThresholdSlider
            name="lower"
            label="Lower threshold"
            value={field.value}
            onChange={field.onChange}
            window={window}
            hint={configured(config, 'lower_threshold', v ? formatThreshold(v.lower_threshold) : undefined)}
            invalid={thresholdError !== undefined}
            disabled={disabled}
          />
        )}
      />
      <div className="cf-field cf-field--prompt">
        <span className="cf-field__label">Summary prompt</span>
        <Controller
          control={control}
          name="prompt"
          render={({ field }) => (
            <Select label="Summary prompt" value={field.value} onValueChange={field.onChange} options={promptOptions} disabled={disabled || !promptApplies} />
          )}
        />
        {promptList.isError ? (
          <span className="cf-field__problem" role="status" title={`Only the agent's own prompt is offered. ${describeError(promptList.error)}`}>
            <span className="cf-field__problem-text">Prompt list not loaded: only the agent&apos;s prompt is offered.</span>
            <button type="button" className="cf-field__retry" onClick={() => void promptList.refetch()}>
              Retry
            </button>
          </span>
        ) : (
          <Hint>{promptApplies ? configured(config, 'summarize.prompt', v?.summarize.prompt) : `not used by ${strategy}${strategy === 'drop' ? ' without summarize' : ''}`}</Hint>
        )}
      </div>
      <p className="cf__error" role={thresholdError ? 'alert' : undefined}>
        {thresholdError ?? '\u00a0'}
      </p>
    </div>
  );
}
