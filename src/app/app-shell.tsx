import { Link, Outlet } from 'react-router';
import { useSettingsStore } from '../config/settings-store';
import { useLiveStream } from '../lib/live/use-live-stream';
import { OutageBanner } from './outage-banner';
import { TopBar } from './top-bar';
import './app-shell.css';

/** The frame around every screen; keeps the live stream open. */
export function AppShell() {
  useLiveStream();
  const configProblem = useSettingsStore((s) => s.configProblem);
  return (
    <div className="shell">
      <a href="#main" className="shell__skip">
        Skip to content
      </a>
      <TopBar />
      {configProblem && (
        <p className="shell__banner" role="alert">
          config.json could not be used: {configProblem} Built-in values are in use; <Link to="/settings">check Settings</Link>.
        </p>
      )}
      <OutageBanner />
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
