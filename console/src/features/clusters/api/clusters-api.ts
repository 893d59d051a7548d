import type { ClusterFields } from '@nq/contracts/configuration/cluster';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import type { Entity } from '../../../shared/api/entities.ts';

/** Clusters (docs/product/api.md#clusters). */
export const clustersPath = basePathOf('cluster');

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

/** The cluster list shows 25 per page, sorted by name ascending (docs/product/states.md and limits.md). */
export const clusterPageSize = 25;
