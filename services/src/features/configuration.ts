import { configurationEntityProjection } from '@nq/projections';
import type { ConfigurationSettings, EntityDefinition } from '../platform/entities/entity-definition.ts';
import { entityService } from '../platform/entities/entity-service.ts';
import type { EventStore } from '../platform/event-store/event-store-port.ts';
import { campaignEntity } from './campaigns/campaign.entity.ts';
import { cdnEntity } from './cdns/cdn.entity.ts';
import { clusterEntity } from './clusters/cluster.entity.ts';
import { clusterRoutes } from './clusters/cluster.routes.ts';
import type { FeatureRoutes } from './feature-routes.ts';
import { geofilterEntity } from './geofilters/geofilter.entity.ts';
import { mosEntity } from './moses/mos.entity.ts';
import { providerEntity } from './providers/provider.entity.ts';
import { providerRoutes } from './providers/provider.routes.ts';
import { scorecardEntity } from './scorecards/scorecard.entity.ts';
import { scorecardRoutes } from './scorecards/scorecard.routes.ts';
import { tagEntity } from './tags/tag.entity.ts';
import { tagRoutes } from './tags/tag.routes.ts';
import { universeEntity } from './universes/universe.entity.ts';

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
}

const named = { searchFields: ['name'], defaultSort: 'name' };

/** Every configuration entity at its spec §7 path (CDNs' and universes' writes have none there: ours are documented). */
export const configurationEntities: ConfigurationEntity[] = [
  { definition: tagEntity, collection: 'tags', basePath: '/tags', tag: 'Tags', ...named, routes: tagRoutes },
  {
    definition: providerEntity,
    collection: 'providers',
    basePath: '/api/providers',
    tag: 'Providers',
    ...named,
    searchFields: ['name', 'label', 'spn'],
    routes: providerRoutes,
  },
  {
    definition: cdnEntity,
    collection: 'cdns',
    basePath: '/api/cdns',
    tag: 'CDNs',
    ...named,
    searchFields: ['name', 'url'],
  },
  {
    definition: campaignEntity,
    collection: 'campaigns',
    basePath: '/api/campaigns-management',
    tag: 'Campaigns',
    ...named,
  },
  {
    definition: geofilterEntity,
    collection: 'geofilters',
    basePath: '/api/geofilters',
    tag: 'Geographic filters',
    ...named,
  },
  {
    definition: clusterEntity,
    collection: 'clusters',
    basePath: '/api/clusters-management',
    tag: 'Clusters',
    ...named,
    defaultPageSize: 25,
    routes: clusterRoutes,
  },
  {
    definition: universeEntity,
    collection: 'universes',
    basePath: '/universes',
    tag: 'Universes',
    ...named,
    defaultPageSize: 50,
  },
  { definition: mosEntity, collection: 'moses', basePath: '/moses', tag: 'MOS', ...named },
  {
    definition: scorecardEntity,
    collection: 'scorecards',
    basePath: '/scorecards',
    tag: 'Scorecards',
    ...named,
    routes: scorecardRoutes,
  },
];

export const projectionOf = ({ definition, collection }: ConfigurationEntity) =>
  configurationEntityProjection({ kind: definition.kind, eventPrefix: definition.eventPrefix, collection });

export const configurationProjections = configurationEntities.map(projectionOf);

/** One command service per configuration entity, in the order of configurationEntities. */
export const configurationServices = (eventStore: EventStore, settings: ConfigurationSettings) =>
  configurationEntities.map((entity) => entityService(entity.definition, { eventStore, settings }));
