import { createBrowserRouter, Navigate } from 'react-router';
import { CheckpointReviewPage } from '../features/checkpoints/components/checkpoint-review-page';
import { CompactionDetailPage } from '../features/compactions/components/compaction-detail-page';
import { ProjectPage } from '../features/sessions/components/project-page';
import { SessionPage } from '../features/sessions/components/session-page';
import { SessionsPage } from '../features/sessions/components/sessions-page';
import { SettingsPage } from '../features/settings/components/settings-page';
import { AppShell } from './app-shell';
import { NotFoundPage, RouteError } from './route-pages';

/** Every screen has an address: deep links, bookmarks, back and forward. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppShell />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <Navigate to="/sessions" replace /> },
        { path: 'sessions', element: <SessionsPage /> },
        { path: 'sessions/:sessionId', element: <SessionPage /> },
        { path: 'sessions/:sessionId/compactions/:compactionId', element: <CompactionDetailPage /> },
        { path: 'sessions/:sessionId/checkpoints/:checkpointId', element: <CheckpointReviewPage /> },
        { path: 'projects/:projectId', element: <ProjectPage /> },
        { path: 'settings', element: <SettingsPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
