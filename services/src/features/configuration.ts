import { basePathOf, type ConfigurationKind } from '@nq/contracts';
import { campaignPolygonsProjection, configurationEntityProjection } from '@nq/projections';
import { type ConfigurationSettings, intentEventsOf } from '../platform/entities/entity-definition.ts';
import { type EntityService, entityService } from '../platform/entities/entity-service.ts';
import type { EventStore } from '../platform/event-store/event-store-port.ts';
import { alertConfiguration } from './alerts/alert.entity.ts';
import { campaignConfiguration } from './campaigns/campaign.entity.ts';
import { cdnConfiguration } from './cdns/cdn.entity.ts';
import { clusterConfiguration } from './clusters/cluster.entity.ts';
import type { ConfigurationEntity } from './configuration-access.ts';
import { csvTemplateConfiguration } from './csv-templates/csv-template.entity.ts';
import { cubeConfiguration } from './cubes/cube.entity.ts';
import { geofilterConfiguration } from './geofilters/geofilter.entity.ts';
import { mosConfiguration } from './moses/mos.entity.ts';
import { personalDashboardConfiguration } from './personal-dashboards/personal-dashboard.entity.ts';
import { probeConfiguration } from './probes/probe.entity.ts';
import { profileConfiguration } from './profiles/profile.entity.ts';
import { providerConfiguration } from './providers/provider.entity.ts';
import { scorecardConfiguration } from './scorecards/scorecard.entity.ts';
import { tagConfiguration } from './tags/tag.entity.ts';
import { taskSuiteConfiguration } from './task-suites/task-suite.entity.ts';
import { universeConfiguration } from './universes/universe.entity.ts';
import { userConfiguration } from './users/user.entity.ts';

export { analysisLayers, type ConfigurationEntity } from './configuration-access.ts';

/** Every configuration entity by kind; each states how it is served beside its definition, at its kind's base path. */
export const configurationEntities: Record<ConfigurationKind, ConfigurationEntity> = {
  tag: tagConfiguration,
  provider: providerConfiguration,
  cdn: cdnConfiguration,
  'task-suite': taskSuiteConfiguration,
  campaign: campaignConfiguration,
  geofilter: geofilterConfiguration,
  cluster: clusterConfiguration,
  universe: universeConfiguration,
  mos: mosConfiguration,
  scorecard: scorecardConfiguration,
  probe: probeConfiguration,
  profile: profileConfiguration,
  user: userConfiguration,
  'csv-template': csvTemplateConfiguration,
  alert: alertConfiguration,
  'personal-dashboard': personalDashboardConfiguration,
  cube: cubeConfiguration,
};

export const configurationKindList = Object.keys(configurationEntities) as ConfigurationKind[];

/** Where a kind's routes live (from contracts, shared with the console). */
export const basePathOfEntity = (entity: ConfigurationEntity) =>
  basePathOf(entity.definition.kind as ConfigurationKind);

export const projectionOf = ({ definition, collection }: ConfigurationEntity) =>
  configurationEntityProjection({
    kind: definition.kind,
    eventPrefix: definition.eventPrefix,
    intentEvents: intentEventsOf(definition),
    collection,
  });

export const configurationProjections = [
  ...Object.values(configurationEntities).map(projectionOf),
  campaignPolygonsProjection,
];

/** One command service per configuration entity, by kind. */
export function configurationServices(
  eventStore: EventStore,
  settings: ConfigurationSettings,
  seal?: (clear: string) => { sealed: string },
): Record<ConfigurationKind, EntityService> {
  return Object.fromEntries(
    configurationKindList.map((kind) => [
      kind,
      entityService(configurationEntities[kind].definition, { eventStore, settings, ...(seal ? { seal } : {}) }),
    ]),
  ) as Record<ConfigurationKind, EntityService>;
}
