import type { Visibility } from '@nq/platform/access/visibility';

/** A personal dashboard is seen by its owner and by the users (e-mails) it is shared with; by no one else. */
export const dashboardVisibility: Visibility = {
  listFilters: (viewer) => [
    {
      anyOf: [
        { field: 'owner', equals: viewer.profileId },
        { field: 'sharedWith', equals: viewer.email.toLowerCase() },
      ],
    },
  ],
  sees: (viewer, dashboard) =>
    dashboard.owner === viewer.profileId ||
    (Array.isArray(dashboard.sharedWith) && dashboard.sharedWith.includes(viewer.email.toLowerCase())),
};
