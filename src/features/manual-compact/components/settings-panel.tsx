import type { FormEvent } from 'react';
import { CompactFields } from '../../../components/compact-fields';
import { ErrorState } from '../../../components/error-state';
import type { Agent, ContextWindow, Schemas } from '../../../domain/contract/types';
import { STRATEGIES } from '../../../domain/contract/enums.gen';
import type { useCompactSettings } from '../hooks/use-compact-settings';
import '../../../components/notice.css';

interface SettingsPanelProps {
  settings: ReturnType<typeof useCompactSettings>;
  agents: readonly Agent[];
  prompts: readonly Schemas['PromptPath'][];
  window: ContextWindow | undefined;
  onPreview: (event: FormEvent) => void;
  previewing: boolean;
  /** A preview of exactly these settings is shown. */
  previewCurrent: boolean;
  onPin: () => void;
  canPin: boolean;
  pinned: boolean;
  /** All pins taken (their number): this preview cannot be pinned until one is unpinned. */
  pinsFull: number | null;
  onSaveAsSettings: () => void;
}

/** The compact dialog's side: the overrides (kept while unsaved), Preview, Pin, Reset and "Save as the agent's settings". */
export function SettingsPanel({ settings, agents, prompts, window, onPreview, previewing, previewCurrent, onPin, canPin, pinned, pinsFull, onSaveAsSettings }: SettingsPanelProps) {
  const { form, config, unsaved, switching } = settings;
  const disabled = switching === 'loading';
  return (
    <aside className="mc-side" aria-label="Settings">
      <form className="mc-form" onSubmit={onPreview} aria-label="Compaction settings">
        {unsaved && (
          <p className="callout callout--warn" role="status">
            <strong>Your unsaved settings</strong>, kept in this browser until a commit succeeds; Reset to defaults returns to the agent&apos;s configuration.
          </p>
        )}
        <CompactFields
          control={form.control}
          errors={form.formState.errors}
          agents={agents}
          onAgentChange={(path) => void settings.changeAgent(path)}
          strategies={STRATEGIES}
          prompts={prompts}
          config={config}
          window={window}
          disabled={disabled}
          layout="stack"
          delegatePlugins={config?.plugins}
        />
        <div className="mc-side__actions">
          <button type="submit" className={previewCurrent ? 'button' : 'button button--primary'} disabled={previewing || disabled}>
            {previewing ? 'Previewing…' : previewCurrent ? 'Preview again' : 'Preview'}
          </button>
          <button type="button" className="button" onClick={onPin} disabled={!canPin || pinned}>
            {pinned ? 'Pinned' : 'Pin for comparison'}
          </button>
          <button type="button" className="button button--quiet" onClick={settings.reset} disabled={!unsaved || disabled}>
            Reset to defaults
          </button>
          <button type="button" className="button button--quiet" onClick={onSaveAsSettings} disabled={disabled}>
            Save as the agent&apos;s settings…
          </button>
        </div>
        {pinsFull !== null && (
          <p className="muted mc-side__hint" role="status">
            {pinsFull} proposals are pinned, the most compared at once: unpin one (Compare proposals) to pin this preview.
          </p>
        )}
      </form>
      {typeof switching === 'object' && switching !== null && <ErrorState error={switching.error} what="the agent's compaction settings" />}
    </aside>
  );
}
