import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useSettingsStore } from '../config/settings-store';
import { OutageBanner } from './outage-banner';
import { SlowRequestNotice } from './slow-request-notice';
import { TopBar } from './top-bar';
import './app-shell.css';

const LiveStream = lazy(() => import('./live-stream'));

/** The frame around every screen; keeps the live stream open. */
export function AppShell() {
  const configProblem = useSettingsStore((s) => s.configProblem);
  const storedProblem = useSettingsStore((s) => s.storedProblem);
  return (
    <div className="shell">
      <a href="#main" className="shell__skip">
        Skip to content
      </a>
      <Suspense fallback={null}>
        <LiveStream />
      </Suspense>
      {/* The top bar and the outage notice stay in view wherever the page is scrolled. */}
      <div className="shell__head">
        <TopBar />
        <OutageBanner />
        <SlowRequestNotice />
      </div>
      {configProblem && (
        <p className="shell__banner" role="alert">
          config.json could not be used: {configProblem} Built-in values are in use; <Link to="/settings">check Settings</Link>.
        </p>
      )}
      {storedProblem && (
        <p className="shell__banner" role="alert">
          Stored settings refused: {storedProblem} The config.json value is in use instead; <Link to="/settings">check Settings</Link>.
        </p>
      )}
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
