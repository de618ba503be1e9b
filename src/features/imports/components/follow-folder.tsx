import { useState } from 'react';
import type { ImportCapability } from '../../../domain/contract/simulator-imports';
import { BROWSER_FOLLOW_PACE, quietLookWithinMs, type FollowFolderAnswer } from '../../../domain/contract/simulator-imports-path';
import { directoryPicker, followBrowserFolder } from '../api/follow-browser-folder';

type FollowState = { state: 'idle' } | { state: 'picking' } | { state: 'answered'; answer: FollowFolderAnswer };

/** How the page looks at a followed folder (BROWSER_FOLLOW_PACE), in one sentence. */
const SIZE = 2_000;
const PACE = `While this page is open it looks every ${BROWSER_FOLLOW_PACE.growingEveryMs / 1000} s at a transcript that grew in the last ${BROWSER_FOLLOW_PACE.growingForMs / 1000} s, and at the rest of the folder in turn: in a folder of ${SIZE.toLocaleString('en-US')} transcripts, each within ${Math.ceil(quietLookWithinMs(SIZE) / 1000)} s.`;

/**
 * Following a folder live, beside the import. In demo mode on a browser that can hand a folder to
 * the page (Chromium): "Follow a folder…". Elsewhere, plainly, what following needs.
 */
export function FollowFolder({ capability, onFollowing }: { capability: ImportCapability; onFollowing: () => void }) {
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
      .then((answer) => {
        setFollow(answer ? { state: 'answered', answer } : { state: 'idle' });
        if (answer?.ok) onFollowing();
      })
      .catch((error: unknown) => setFollow({ state: 'answered', answer: { ok: false, message: error instanceof Error ? error.message : String(error) } }));
  };
  const answer = follow.state === 'answered' ? follow.answer : null;
  return (
    <div className="import-follow">
      <button type="button" className="button" disabled={follow.state === 'picking'} onClick={choose}>
        Follow a folder…
      </button>
      <p className="muted">
        Your running Claude Code, Codex or Gemini CLI sessions, live (for instance ~/.claude/projects). {PACE}
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
