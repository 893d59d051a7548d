import type { LayerId } from '@nq/contracts';
import { configurationEntityProjection } from '@nq/projections';
import { type AccessRule, layerAccess } from '../api/access/access-rule.ts';
import {
  type ConfigurationSettings,
  type EntityDefinition,
  intentEventsOf,
} from '../platform/entities/entity-definition.ts';
import { entityService } from '../platform/entities/entity-service.ts';
import type { EventStore } from '../platform/event-store/event-store-port.ts';
import { campaignEntity } from './campaigns/campaign.entity.ts';
import { campaignPolygonsProjection } from './campaigns/campaign-polygons.ts';
import { cdnEntity } from './cdns/cdn.entity.ts';
import { clusterEntity } from './clusters/cluster.entity.ts';
import { clusterRoutes } from './clusters/cluster.routes.ts';
import type { FeatureRoutes } from './feature-routes.ts';
import { geofilterEntity } from './geofilters/geofilter.entity.ts';
import type { Viewer } from './identity/viewer.ts';
import { privateToOwner, shared, type Visibility } from './identity/visibility.ts';
import { mosEntity } from './moses/mos.entity.ts';
import { probeEntity } from './probes/probe.entity.ts';
import { probeRoutes } from './probes/probe.routes.ts';
import { profileEntity } from './profiles/profile.entity.ts';
import { providerEntity } from './providers/provider.entity.ts';
import { providerRoutes } from './providers/provider.routes.ts';
import { scorecardEntity } from './scorecards/scorecard.entity.ts';
import { scorecardRoutes } from './scorecards/scorecard.routes.ts';
import { tagEntity } from './tags/tag.entity.ts';
import { tagRoutes } from './tags/tag.routes.ts';
import { taskSuiteEntity } from './task-suites/task-suite.entity.ts';
import { universeEntity } from './universes/universe.entity.ts';
import { userEntity } from './users/user.entity.ts';

/** A configuration entity as the platform serves it: where its routes live and how its list is searched. */
export interface ConfigurationEntity {
  definition: EntityDefinition;
  collection: string;
  basePath: string;
  tag: string;
  searchFields: string[];
  defaultSort: string;
  defaultPageSize?: number;
  /** The entity's own routes, beyond list/get/create/update/delete/clone. */
  routes?: FeatureRoutes;
  access: { read: AccessRule; write: AccessRule };
  visibility: Visibility;
}

const named = { searchFields: ['name'], defaultSort: 'name' };

/** Screens that analyse measurements and so read the configuration they are filtered by. */
export const analysisLayers: LayerId[] = [
  'storyboard',
  'benchmark',
  'bydestination',
  'evolution',
  'smartPerformance',
  'measurementAnalysis',
  'measurementLauncher',
  'basic_graphic_generator',
  'advanced_graphic_generator',
  'dashboards_personal',
  'csv_extractor',
  'test_analysis',
  'scorecard_live',
  'scorecard_comparison',
  'maps',
  'probes-map',
  'alerts',
];

/**
 * Its management screen changes an entity; that screen and the `readers` read it. Shared configuration (providers,
 * CDNs, universes, MOS, scorecards) changes only by administrators; private entities by any profile with the screen.
 */
const managedOn = (
  screen: LayerId,
  readers: LayerId[],
  options: { adminWrites?: boolean; adminReads?: boolean } = {},
) => ({
  access: {
    read: layerAccess([screen, ...readers], options.adminReads),
    write: layerAccess([screen], options.adminWrites || options.adminReads),
  },
});
const sharedConfiguration = (screen: LayerId, readers: LayerId[]) => ({
  ...managedOn(screen, readers, { adminWrites: true }),
  visibility: shared,
});
const campaignIds = (viewer: Viewer) => viewer.profile.campaigns.map((campaign) => campaign.id);

/** Every configuration entity at its spec §7 path (CDNs' and universes' writes have none there: ours are documented). */
export const configurationEntities: ConfigurationEntity[] = [
  {
    definition: tagEntity,
    collection: 'tags',
    basePath: '/tags',
    tag: 'Tags',
    ...named,
    routes: tagRoutes,
    ...managedOn('tags_management', [...analysisLayers, 'probes_configuration']),
    visibility: privateToOwner({ byProfile: (viewer) => viewer.profile.tags, profilesField: 'profiles' }),
  },
  {
    definition: providerEntity,
    collection: 'providers',
    basePath: '/api/providers',
    tag: 'Providers',
    ...named,
    searchFields: ['name', 'label', 'spn'],
    routes: providerRoutes,
    ...sharedConfiguration('tools/providers-management', [
      ...analysisLayers,
      'probes_configuration',
      'cdns_management',
    ]),
  },
  {
    definition: cdnEntity,
    collection: 'cdns',
    basePath: '/api/cdns',
    tag: 'CDNs',
    ...named,
    searchFields: ['name', 'url'],
    ...sharedConfiguration('cdns_management', ['task_suites_configuration']),
  },
  {
    definition: taskSuiteEntity,
    collection: 'task-suites',
    basePath: '/task-suites',
    tag: 'Task suites',
    ...named,
    ...managedOn('task_suites_configuration', ['probes_configuration', 'measurementLauncher']),
    visibility: shared,
  },
  {
    definition: campaignEntity,
    collection: 'campaigns',
    basePath: '/api/campaigns-management',
    tag: 'Campaigns',
    ...named,
    ...managedOn('campaigns_management', [...analysisLayers, 'probes_configuration', 'profiles_management']),
    visibility: privateToOwner({ byProfile: campaignIds }),
  },
  {
    definition: geofilterEntity,
    collection: 'geofilters',
    basePath: '/api/geofilters',
    tag: 'Geographic filters',
    ...named,
    ...managedOn('geofilters_management', ['clusters_management', 'maps']),
    visibility: privateToOwner(),
  },
  {
    definition: clusterEntity,
    collection: 'clusters',
    basePath: '/api/clusters-management',
    tag: 'Clusters',
    ...named,
    defaultPageSize: 25,
    routes: clusterRoutes,
    ...managedOn('clusters_management', [...analysisLayers, 'profiles_management']),
    visibility: privateToOwner({ byProfile: (viewer) => viewer.profile.clusters }),
  },
  {
    definition: universeEntity,
    collection: 'universes',
    basePath: '/universes',
    tag: 'Universes',
    ...named,
    defaultPageSize: 50,
    ...sharedConfiguration('universes_configuration', [...analysisLayers, 'probes_configuration']),
  },
  {
    definition: mosEntity,
    collection: 'moses',
    basePath: '/moses',
    tag: 'MOS',
    ...named,
    ...sharedConfiguration('mos', ['scoreManagement']),
  },
  {
    definition: scorecardEntity,
    collection: 'scorecards',
    basePath: '/scorecards',
    tag: 'Scorecards',
    ...named,
    routes: scorecardRoutes,
    ...sharedConfiguration('scoreManagement', ['scorecard_live', 'scorecard_comparison', 'storyboard']),
  },
  {
    definition: probeEntity,
    collection: 'probes',
    basePath: '/probes',
    tag: 'Probes',
    searchFields: ['probeId', 'name', 'town'],
    defaultSort: 'probeId',
    routes: probeRoutes,
    ...managedOn('probes_configuration', [
      ...analysisLayers,
      'tools/probes_status',
      'clusters_management',
      'universes_configuration',
      'campaigns_management',
    ]),
    visibility: privateToOwner({ byProfile: (viewer) => viewer.profile.probes }),
  },
  {
    definition: profileEntity,
    collection: 'profiles',
    basePath: '/profiles',
    tag: 'Profiles',
    ...named,
    ...managedOn('profiles_management', ['scoreManagement', 'users_management'], { adminReads: true }),
    visibility: privateToOwner({ byProfile: (viewer) => viewer.userProfiles }),
  },
  {
    definition: userEntity,
    collection: 'users',
    basePath: '/users',
    tag: 'Users',
    searchFields: ['email', 'name'],
    defaultSort: 'email',
    ...managedOn('users_management', [], { adminReads: true }),
    visibility: privateToOwner({ profilesField: 'profiles' }),
  },
];

export const projectionOf = ({ definition, collection }: ConfigurationEntity) =>
  configurationEntityProjection({
    kind: definition.kind,
    eventPrefix: definition.eventPrefix,
    intentEvents: intentEventsOf(definition),
    collection,
  });

export const configurationProjections = [...configurationEntities.map(projectionOf), campaignPolygonsProjection];

/** One command service per configuration entity, in the order of configurationEntities. */
export const configurationServices = (
  eventStore: EventStore,
  settings: ConfigurationSettings,
  seal?: (clear: string) => { sealed: string },
) =>
  configurationEntities.map((entity) =>
    entityService(entity.definition, { eventStore, settings, ...(seal ? { seal } : {}) }),
  );
