/**
 * The browser's Notification API, for an alert the operator opted in to: what this browser allows,
 * asking once (only from the operator's click), and showing one. Text given here must already be
 * plain and bounded (domain/spiral-watch.ts: spiralNotification).
 */

/** 'missing': this browser (or an insecure page) has no Notification API; else the site's permission. */
export type NotificationAccess = 'missing' | NotificationPermission;

export function notificationAccess(): NotificationAccess {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'missing';
}

/** Asks the browser for permission: call only from the operator's click. */
export async function requestNotificationAccess(): Promise<NotificationAccess> {
  if (notificationAccess() === 'missing') return 'missing';
  try {
    return await Notification.requestPermission();
  } catch {
    // A browser that allows notifications only from a service worker refuses the constructor's permission request.
    return 'denied';
  }
}

/** Shows a notification when the site may; false when it could not (no permission, or the browser refused). */
export function showNotification(note: { title: string; body: string; tag: string }): boolean {
  if (notificationAccess() !== 'granted') return false;
  try {
    new Notification(note.title, { body: note.body, tag: note.tag });
    return true;
  } catch {
    return false;
  }
}
