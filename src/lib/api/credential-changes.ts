import { create } from 'zustand';

/**
 * Counts changes of the operator id or token in force: a failure boundary showing a failure (a 401
 * with the old token) tries again on a change, as it does when the daemon answers after an outage.
 */
export const useCredentialChanges = create<{ changes: number }>()(() => ({ changes: 0 }));
