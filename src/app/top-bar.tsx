import { Link, NavLink } from 'react-router';
import { LazyPart } from '../components/lazy-part';
import { useIdleGate } from '../hooks/use-idle-gate';
import { lazyComponent } from '../lib/lazy-component';
import { ConnectionIndicator } from './connection-indicator';
import { ProjectSwitcher } from './project-switcher';
import { ThemeToggle } from './theme-toggle';

const SpiralBadge = lazyComponent(() => import('./spiral-badge').then((m) => m.default));

/** Product name, project switcher, navigation (with the badge of spirals started since the page opened), connection, theme. */
export function TopBar() {
  // The spiral watch is not needed to draw the first screen: it starts after it.
  const afterFirstScreen = useIdleGate();
  return (
    <header className="topbar">
      <Link to="/sessions" className="topbar__brand">
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <rect x="1" y="2" width="14" height="3" rx="1" fill="currentColor" opacity="0.35" />
          <rect x="1" y="7" width="9" height="3" rx="1" fill="currentColor" opacity="0.65" />
          <rect x="1" y="12" width="5" height="3" rx="1" fill="currentColor" />
        </svg>
        Compactor
      </Link>
      <ProjectSwitcher />
      <nav className="topbar__nav" aria-label="Main">
        <NavLink to="/sessions" className="topbar__link">
          Sessions
        </NavLink>
        <NavLink to="/health" className="topbar__link">
          Health
          {afterFirstScreen && (
            // A hint on a link: if its code did not download, nothing is drawn until it does (tried again by itself).
            <LazyPart what="the spiral watch" fallback={null} failed={() => null}>
              <SpiralBadge />
            </LazyPart>
          )}
        </NavLink>
        <NavLink to="/compactions" className="topbar__link">
          Compactions
        </NavLink>
        <NavLink to="/audit" className="topbar__link">
          Audit
        </NavLink>
        <NavLink to="/settings" className="topbar__link">
          Settings
        </NavLink>
      </nav>
      <div className="topbar__end">
        <ConnectionIndicator />
        <ThemeToggle />
      </div>
    </header>
  );
}
