import { Tabs } from 'radix-ui';
import { DryRunDiff } from '../../../components/diff/dry-run-diff';
import { describeSettings } from '../../../domain/compaction/compact-form';
import type { Preview } from '../../../domain/compaction/compact-preview';
import { CompareProposals, type CompareColumn } from './compare-proposals';

export type PreviewTab = 'diff' | 'compare';

interface PreviewTabsProps {
  tab: PreviewTab;
  onTabChange: (tab: PreviewTab) => void;
  preview: Preview | null;
  /** The preview shown is of the current settings. */
  previewCurrent: boolean;
  previewing: boolean;
  columns: readonly CompareColumn[];
  pinnedCount: number;
  staleBefore: number;
  onShow: (preview: Preview) => void;
  onCommit: (preview: Preview) => void;
  onUnpin: (preview: Preview) => void;
  commitDisabled: boolean;
}

/** The dialog's main column: the preview's side-by-side diff, or the pinned proposals compared. */
export function PreviewTabs({ tab, onTabChange, preview, previewCurrent, previewing, columns, pinnedCount, staleBefore, onShow, onCommit, onUnpin, commitDisabled }: PreviewTabsProps) {
  return (
    <Tabs.Root className="mc-main" value={tab} onValueChange={(v) => onTabChange(v === 'compare' ? 'compare' : 'diff')}>
      <Tabs.List className="mc-tabs" aria-label="Preview">
        <Tabs.Trigger value="diff" className="mc-tabs__tab">
          Diff
        </Tabs.Trigger>
        <Tabs.Trigger value="compare" className="mc-tabs__tab">
          Compare proposals <span className="num faint">({pinnedCount} pinned)</span>
        </Tabs.Trigger>
        {preview && !previewCurrent && (
          <span className="mc-tabs__stale" role="status">
            Settings changed since this preview ({describeSettings(preview.request)}): preview again to commit.
          </span>
        )}
      </Tabs.List>
      <Tabs.Content value="diff" className="mc-panel">
        {preview ? (
          <div className={previewing ? 'mc-diff mc-diff--busy' : 'mc-diff'} aria-busy={previewing}>
            {/* Keyed by the preview: folds, expanded rows and the change position belong to one proposal. */}
            <DryRunDiff key={preview.id} result={preview.result} />
          </div>
        ) : previewing ? (
          <div className="mc-placeholder" aria-busy="true">
            <p className="muted">Running the dry run…</p>
          </div>
        ) : (
          <div className="mc-placeholder">
            <p className="mc-placeholder__title">No preview yet</p>
            <p className="muted">
              Preview runs a dry run of these settings against the agent&apos;s current messages and shows, side by side, what would be superseded,
              where the summary lands and what is always kept. Nothing is committed.
            </p>
          </div>
        )}
      </Tabs.Content>
      <Tabs.Content value="compare" className="mc-panel mc-panel--scroll">
        <CompareProposals columns={columns} staleBefore={staleBefore} onShow={onShow} onCommit={onCommit} onUnpin={onUnpin} commitDisabled={commitDisabled} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
