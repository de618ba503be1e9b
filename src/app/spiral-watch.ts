import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { spiralNotification } from '../domain/spiral-watch';
import { spiralWatchQuery } from '../features/fleet-health/api/get-spirals';
import { healthKeys } from '../features/fleet-health/api/health-keys';
import { showNotification } from '../lib/browser-notifications';
import { useSpiralAlerts } from '../stores/spiral-alerts';

/**
 * Watches the fleet for spirals that start while the page is open: the whole fleet's spiral report,
 * read when the top bar's badge loads, after the first screen (the baseline) and again when compaction frames make it stale
 * (fleet-health/live.ts). Each start is kept unseen for the top bar's badge, shown once as a browser
 * notification when the operator opted in, and makes the health view's spiral lists stale. Opening
 * the health view marks them seen. Answers the unseen spirals.
 */
export function useSpiralWatch() {
  const report = useQuery(spiralWatchQuery());
  const queryClient = useQueryClient();
  const location = useLocation();
  const unseen = useSpiralAlerts((s) => s.unseen);
  const markSeen = useSpiralAlerts((s) => s.markSeen);
  const items = report.data?.items;

  useEffect(() => {
    if (!items) return;
    const alerts = useSpiralAlerts.getState();
    const started = alerts.observe(items);
    if (started.length === 0) return;
    void queryClient.invalidateQueries({ predicate: (query) => healthKeys.isSpiralView(query.queryKey) });
    if (alerts.notify) for (const spiral of started) showNotification(spiralNotification(spiral));
  }, [items, queryClient]);

  // Seen once the operator opens the health view (each navigation to it, its own link included); what starts while they stay there is kept for the badge.
  const openedHealth = location.pathname === '/health' ? location.key : null;
  useEffect(() => {
    if (openedHealth !== null) markSeen();
  }, [openedHealth, markSeen]);

  return unseen;
}
