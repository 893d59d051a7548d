// Clusters: the cluster entity and its members as of a date.

export { clusterConfiguration, clusterEntity } from './cluster.entity.ts';
export { clustersManifest } from './manifest.ts';
export { membersAsOf } from './memberships.ts';
