import { useState } from 'react';
import { notificationAccess, requestNotificationAccess, type NotificationAccess } from '../../../lib/browser-notifications';
import { useSpiralAlerts } from '../../../stores/spiral-alerts';
import './settings.css';

/** Why a notification cannot be shown in this browser, in the operator's words (null: it can, or may once asked). */
function blockedBecause(access: NotificationAccess): string | null {
  if (access === 'missing') return 'This browser offers no notifications here (no Notification API: an old browser, or a page neither on https nor on this machine). New spirals still show as a count on Health in the top bar.';
  if (access === 'denied') return 'Notifications are blocked for this site in the browser’s settings: none can be shown. Allow them for this site there, then tick the box again. New spirals still show as a count on Health in the top bar.';
  return null;
}

/** The opt-in browser notification for a spiral that starts while the page is open: off until the operator ticks it; permission is asked on that tick only. */
export function NotificationSettings() {
  const notify = useSpiralAlerts((s) => s.notify);
  const setNotify = useSpiralAlerts((s) => s.setNotify);
  const [access, setAccess] = useState(notificationAccess);
  const [asking, setAsking] = useState(false);
  const blocked = blockedBecause(access);
  const on = notify && access === 'granted';

  async function toggle(checked: boolean) {
    if (!checked) return setNotify(false);
    setAsking(true);
    const answer = access === 'granted' ? access : await requestNotificationAccess();
    setAsking(false);
    setAccess(answer);
    setNotify(answer === 'granted');
  }

  return (
    <section className="panel settings__section" aria-labelledby="settings-notifications">
      <header className="panel__header">
        <h2 id="settings-notifications">Notifications</h2>
        <span className="muted">Remembered in this browser</span>
      </header>
      <div className="settings__form">
        <label className="settings__check">
          <input type="checkbox" checked={on} disabled={asking || access === 'missing'} aria-describedby="settings-notify-help" onChange={(event) => void toggle(event.currentTarget.checked)} />
          Notify me when a compaction spiral starts
        </label>
        {blocked && !asking ? (
          <p id="settings-notify-help" className="settings__fail" role="status">
            {blocked}
          </p>
        ) : (
          <p id="settings-notify-help" className="settings__help">
            {asking
              ? 'Waiting for the browser’s answer…'
              : on
                ? 'One browser notification per session that starts spiralling while Compactor is open, naming it; the count on Health in the top bar shows them too.'
                : 'Off: a spiral that starts while Compactor is open shows only as a count on Health in the top bar. Ticking asks the browser for permission.'}
          </p>
        )}
      </div>
    </section>
  );
}
