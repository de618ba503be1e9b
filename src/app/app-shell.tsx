import { Link, Outlet } from 'react-router';
import { LazyPart } from '../components/lazy-part';
import { useSettingsStore } from '../config/settings-store';
import { lazyComponent } from '../lib/lazy-component';
import { OutageBanner } from './outage-banner';
import { SlowRequestNotice } from './slow-request-notice';
import { TopBar } from './top-bar';
import './app-shell.css';

const LiveStream = lazyComponent(() => import('./live-stream').then((m) => m.default));

/** The frame around every screen; keeps the live stream open. */
export function AppShell() {
  const configProblem = useSettingsStore((s) => s.configProblem);
  const storedProblem = useSettingsStore((s) => s.storedProblem);
  return (
    <div className="shell">
      <a href="#main" className="shell__skip">
        Skip to content
      </a>
      <LazyPart what="the live updates" fallback={null}>
        <LiveStream />
      </LazyPart>
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
