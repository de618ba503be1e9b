import { NotificationSettings } from '../features/settings/components/notification-settings';
import { AppearanceSettings, ConnectionSettings } from '../features/settings/components/settings-sections';
import { SettingsHeader } from './settings-header';

/** /settings: where the daemon is, who the operator is, notifications, and the theme. */
export function SettingsPage() {
  return (
    <div className="page settings">
      <SettingsHeader />
      <ConnectionSettings />
      <NotificationSettings />
      <AppearanceSettings />
    </div>
  );
}
