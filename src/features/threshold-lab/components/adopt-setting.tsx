import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePendingEditsStore } from '../../../stores/pending-knob-edits';
import { knobsHref } from '../../../lib/routes';
import { compactionBlock } from '../lib/dsl-block';
import { adoptSetting, type ReplayRun } from '../lib/replay-view';
import './adopt-setting.css';

interface AdoptSettingProps {
  sessionId: string;
  agentPath: string;
  run: ReplayRun;
  label: string;
  onClose: () => void;
}

/**
 * A winning setting made the agent's own: as pending changes on the knobs screen (reviewed and saved
 * there, old → new), or copied as the DSL's compaction block for project.yaml. Opened, it comes into
 * view with its heading focused (it opens below the comparison, often past the screen's edge).
 */
export function AdoptSetting({ sessionId, agentPath, run, label, onClose }: AdoptSettingProps) {
  const navigate = useNavigate();
  const mergeDraft = usePendingEditsStore((s) => s.mergeDraft);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const block = compactionBlock(run.set, `${label}, from the threshold lab (agent ${agentPath})`);
  const empty = Object.keys(run.set).length === 0;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const element = heading.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.closest('section')?.scrollIntoView({ block: 'nearest' });
  }, []);
  const copy = () => {
    navigator.clipboard.writeText(block).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <section className="lab-adopt" aria-label={`Adopt ${label}`}>
      <header className="lab-adopt__head">
        <h3 ref={heading} tabIndex={-1}>
          Adopt “{label}”
        </h3>
        <button type="button" className="button button--quiet" onClick={onClose} aria-label="Close adopt">
          ✕
        </button>
      </header>
      {empty ? (
        <p className="muted">This setting is the agent’s own configuration: nothing to change.</p>
      ) : (
        <>
          <pre className="lab-adopt__block mono" aria-label="DSL compaction block">
            {block}
          </pre>
          <div className="lab-adopt__actions">
            <button type="button" className="button" onClick={copy}>
              Copy as DSL block
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                // Laid over the agent's other unsaved edits; the knobs screen saves with the config's current version.
                mergeDraft(sessionId, agentPath, adoptSetting(run));
                void navigate(knobsHref(sessionId, agentPath));
              }}
            >
              Review as pending changes on the knobs screen
            </button>
            <span role="status" className="muted">
              {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'The browser refused the clipboard: select the block and copy it.' : ''}
            </span>
          </div>
        </>
      )}
    </section>
  );
}
