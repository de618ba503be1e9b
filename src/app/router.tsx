import { createBrowserRouter, Navigate } from 'react-router';
import { CheckpointReviewPage } from '../features/checkpoints/components/checkpoint-review';
import { CompactionDetailPage } from '../features/compaction-ledger/components/compaction-detail';
import { ProjectPage } from '../pages/project-page';
import { SessionPage } from '../pages/session-page';
import { SessionsPage } from '../pages/sessions-page';
import { SettingsPage } from '../features/settings/components/connection-settings';
import { AppShell } from './app-shell';
import { NotFoundPage, RouteError } from './route-error';

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
