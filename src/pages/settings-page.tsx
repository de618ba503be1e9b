import { NotificationSettings } from '../features/settings/components/notification-settings';
import { AppearanceSettings, ConnectionSettings } from '../features/settings/components/settings-sections';

/** /settings: where the daemon is, who the operator is, notifications, and the theme. */
export function SettingsPage() {
  return (
    <div className="page settings">
      <title>Settings · Compactor</title>
      <header className="page__header">
        <h1>Settings</h1>
      </header>
      <ConnectionSettings />
      <NotificationSettings />
      <AppearanceSettings />
    </div>
  );
}
