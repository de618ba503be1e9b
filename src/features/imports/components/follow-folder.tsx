import { useState } from 'react';
import type { ImportCapability } from '../../../domain/contract/simulator-imports';
import type { FollowFolderAnswer } from '../../../domain/contract/simulator-imports-path';
import { directoryPicker, followBrowserFolder } from '../api/follow-browser-folder';

type FollowState = { state: 'idle' } | { state: 'picking' } | { state: 'answered'; answer: FollowFolderAnswer };

/**
 * Following a folder live, beside the import. In demo mode on a browser that can hand a folder to
 * the page (Chromium): "Follow a folder…". Elsewhere, plainly, what following needs.
 */
export function FollowFolder({ capability }: { capability: ImportCapability }) {
  const [follow, setFollow] = useState<FollowState>({ state: 'idle' });
  const pick = capability.follow === 'browser-folder' ? directoryPicker() : null;
  if (!pick) {
    return (
      <p className="import-drop__expected muted">
        To follow running Claude Code, Codex or Gemini CLI sessions live, run the simulator on your machine: <code>npm run mock:api -- --follow &lt;folder&gt;</code>
      </p>
    );
  }
  const choose = () => {
    setFollow({ state: 'picking' });
    followBrowserFolder(pick)
      .then((answer) => setFollow(answer ? { state: 'answered', answer } : { state: 'idle' }))
      .catch((error: unknown) => setFollow({ state: 'answered', answer: { ok: false, message: error instanceof Error ? error.message : String(error) } }));
  };
  const answer = follow.state === 'answered' ? follow.answer : null;
  return (
    <div className="import-follow">
      <button type="button" className="button" disabled={follow.state === 'picking'} onClick={choose}>
        Follow a folder…
      </button>
      <p className="muted">
        Your running Claude Code, Codex or Gemini CLI sessions, live: this page reads the folder again every second while it is open (for instance ~/.claude/projects).
      </p>
      {answer?.ok === true && (
        <p role="status" className="import-follow__status">
          {answer.already ? `Already following ${answer.folder}.` : `Following ${answer.folder}: its transcripts appear in the sessions list as they are read.`}
        </p>
      )}
      {answer?.ok === false && (
        <p role="alert" className="mc-notice mc-notice--danger">
          {answer.message}
        </p>
      )}
    </div>
  );
}
