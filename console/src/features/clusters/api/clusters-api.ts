import type { ClusterFields } from '@nq/contracts/configuration/cluster';
import type { Entity } from '../../../shared/api/entities.ts';

/** Spec §7 Clusters. */
export const clustersPath = '/api/clusters-management';

export type Cluster = Entity &
  ClusterFields & {
    owner: string;
    updatedAt: string;
  };

export const clusterErrorCodes = {
  fetch: 'clusters.fetchFailed',
  create: 'clusters.createFailed',
  update: 'clusters.updateFailed',
  delete: 'clusters.deleteFailed',
  clone: 'clusters.saveFailed',
} as const;

/** What the list and the form of the screen share. */
export const clusterScreen = { namespace: 'clusters', basePath: clustersPath, errorCodes: clusterErrorCodes };

/** Spec §4/§9: the cluster list shows 25 per page, sorted by name ascending. */
export const clusterPageSize = 25;
