import { basePathOf, type ConfigurationKind } from '@nq/contracts';
import { campaignPolygonsProjection, configurationEntityProjection } from '@nq/projections';
import { type ConfigurationSettings, intentEventsOf } from '../platform/entities/entity-definition.ts';
import { type EntityService, entityService } from '../platform/entities/entity-service.ts';
import type { EventStore } from '../platform/event-store/event-store-port.ts';
import { alertConfiguration } from './alerts/index.ts';
import { campaignConfiguration } from './campaigns/index.ts';
import { cdnConfiguration } from './cdns/index.ts';
import { clusterConfiguration } from './clusters/index.ts';
import type { ConfigurationEntity } from './configuration-access.ts';
// biome-ignore lint/style/noRestrictedImports: the csv-templates entry leads back here: its columns use analytics, whose measurement names read this file
import { csvTemplateConfiguration } from './csv-templates/csv-template.entity.ts';
// biome-ignore lint/style/noRestrictedImports: the cubes entry leads back here: the cube engine uses analytics, whose measurement names read this file
import { cubeConfiguration } from './cubes/cube.entity.ts';
import { geofilterConfiguration } from './geofilters/index.ts';
import { mosConfiguration } from './moses/index.ts';
import { personalDashboardConfiguration } from './personal-dashboards/index.ts';
// biome-ignore lint/style/noRestrictedImports: the probes entry leads back here: the probes seen use analytics, whose measurement names read this file
import { probeConfiguration } from './probes/probe.entity.ts';
import { profileConfiguration } from './profiles/index.ts';
import { providerConfiguration } from './providers/index.ts';
// biome-ignore lint/style/noRestrictedImports: the scorecards entry leads back here: the calculation uses analytics, whose measurement names read this file
import { scorecardConfiguration } from './scorecards/scorecard.entity.ts';
import { tagConfiguration } from './tags/index.ts';
import { taskSuiteConfiguration } from './task-suites/index.ts';
import { universeConfiguration } from './universes/index.ts';
import { userConfiguration } from './users/index.ts';

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
