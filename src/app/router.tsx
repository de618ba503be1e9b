import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { componentLoader, LoadedPage, type ComponentLoader } from '../lib/lazy-component';
import { NotFoundPage } from '../pages/not-found-page';
import { prefetchCompactionDetailPage } from '../pages/compaction-detail-page-data';
import { prefetchSessionPage } from '../pages/session-page-data';
import { prefetchSessionsPage } from '../pages/sessions-page-data';
import {
  CheckpointReviewPageSkeleton,
  CompactionDetailPageSkeleton,
  KnobsPageSkeleton,
  CompactionsPageSkeleton,
  HealthPageSkeleton,
  AuditPageSkeleton,
  PluginPageSkeleton,
  ReviewPageSkeleton,
  ProjectPageSkeleton,
  SessionPageSkeleton,
  SessionsPageSkeleton,
  SettingsPageSkeleton,
  ThresholdLabPageSkeleton,
} from '../pages/page-skeletons';
import { projectsQuery } from '../lib/api/endpoints/list-projects';
import { AppShell } from './app-shell';
import { RouteErrorBoundary } from './route-error';

// Every page is its own chunk, loaded on the first visit (or earlier: preloadRoute).
const SessionsPage = componentLoader(() => import('../pages/sessions-page').then((m) => m.SessionsPage));
const SessionPage = componentLoader(() => import('../pages/session-page').then((m) => m.SessionPage));
const CompactionDetailPage = componentLoader(() => import('../pages/compaction-detail-page').then((m) => m.CompactionDetailPage));
const CheckpointReviewPage = componentLoader(() => import('../pages/checkpoint-review-page').then((m) => m.CheckpointReviewPage));
const ProjectPage = componentLoader(() => import('../pages/project-page').then((m) => m.ProjectPage));
const KnobsPage = componentLoader(() => import('../pages/knobs-page').then((m) => m.KnobsPage));
const CompactionsPage = componentLoader(() => import('../pages/compactions-page').then((m) => m.CompactionsPage));
const HealthPage = componentLoader(() => import('../pages/health-page').then((m) => m.HealthPage));
const ReviewPage = componentLoader(() => import('../pages/review-page').then((m) => m.ReviewPage));
const AuditPage = componentLoader(() => import('../pages/audit-page').then((m) => m.AuditPage));
const PluginPage = componentLoader(() => import('../pages/plugin-page').then((m) => m.PluginPage));
const SettingsPage = componentLoader(() => import('../pages/settings-page').then((m) => m.SettingsPage));
const ThresholdLabPage = componentLoader(() => import('../pages/threshold-lab-page').then((m) => m.ThresholdLabPage));

/** Starts a page's first queries (params: the route's, search: the address's). */
type PagePrefetch = (queryClient: QueryClient, params: Record<string, string | undefined>, search: URLSearchParams) => void;

interface PageHandle {
  preload: () => Promise<unknown>;
  /** Starts the page's first queries (in the entry chunk, so they leave as soon as config.json is in). */
  prefetch?: PagePrefetch;
}

/**
 * A route whose page loads on demand, its skeleton shown meanwhile (and while anything in it
 * without a boundary of its own suspends). Keyed per route, so moving to another page shows that
 * page's skeleton rather than holding the old page. A page that fails (its code did not download,
 * or a bug) says so in the page's place: the top bar stays, to go elsewhere.
 */
function page(path: string, Page: ComponentLoader<object>, skeleton: ReactNode, prefetch?: PagePrefetch): RouteObject {
  const handle: PageHandle = { preload: Page.preload, prefetch };
  return {
    path,
    handle,
    element: (
      <RouteErrorBoundary key={path}>
        <Suspense fallback={skeleton}>
          <LoadedPage loader={Page} fallback={skeleton} />
        </Suspense>
      </RouteErrorBoundary>
    ),
  };
}

/** Every screen has an address: deep links, bookmarks, back and forward. */
const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <AppShell />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <Navigate to="/sessions" replace /> },
      page('sessions', SessionsPage, <SessionsPageSkeleton />, (queryClient) => prefetchSessionsPage(queryClient)),
      page('sessions/:sessionId', SessionPage, <SessionPageSkeleton />, (queryClient, params, search) => prefetchSessionPage(queryClient, params.sessionId ?? '', search)),
      page('sessions/:sessionId/compactions/:compactionId', CompactionDetailPage, <CompactionDetailPageSkeleton />, (queryClient, params) =>
        prefetchCompactionDetailPage(queryClient, params.sessionId ?? '', params.compactionId ?? ''),
      ),
      page('sessions/:sessionId/checkpoints/:checkpointId', CheckpointReviewPage, <CheckpointReviewPageSkeleton />),
      page('sessions/:sessionId/lab', ThresholdLabPage, <ThresholdLabPageSkeleton />),
      page('sessions/:sessionId/knobs', KnobsPage, <KnobsPageSkeleton />),
      page('projects/:projectId', ProjectPage, <ProjectPageSkeleton />),
      page('compactions', CompactionsPage, <CompactionsPageSkeleton />),
      page('health', HealthPage, <HealthPageSkeleton />),
      page('review', ReviewPage, <ReviewPageSkeleton />),
      page('audit', AuditPage, <AuditPageSkeleton />),
      page('plugins/:name', PluginPage, <PluginPageSkeleton />),
      page('settings', SettingsPage, <SettingsPageSkeleton />),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The screens, by address (inside the app's BrowserRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Starts downloading the page of this address at once (at startup, right after its data calls
 * have left), so the first screen's code and its data do not wait for each other; settles when it
 * is in (or failed: the page's boundary says so). The bare root redirects to the sessions.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const loads = routeMatches(pathname).map((match) => (match.route.handle as PageHandle | undefined)?.preload().catch(() => undefined));
  return Promise.all(loads).then(() => undefined);
}

function routeMatches(pathname: string) {
  return matchRoutes(routes, pathname === '/' ? '/sessions' : pathname) ?? [];
}

/**
 * Starts the first queries of the page at this address (once the daemon's address is known), then
 * the shell's projects (on every screen; the early script's SHELL_PATHS), so they travel beside the
 * page's code instead of waiting for a render. A failure is left to the page's or the shell's own
 * query, which asks again.
 */
export function prefetchRoute(queryClient: QueryClient, pathname: string, search: string): void {
  for (const match of routeMatches(pathname)) {
    (match.route.handle as PageHandle | undefined)?.prefetch?.(queryClient, match.params, new URLSearchParams(search));
  }
  void queryClient.prefetchQuery(projectsQuery());
}
