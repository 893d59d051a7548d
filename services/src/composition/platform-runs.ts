import type { ConfigurationEntity } from '@nq/platform/entities/configuration-entity';
import { intentEventsOf } from '@nq/platform/entities/entity-definition';
import type { PlatformRuns } from '@nq/platform/platform';
import { configurationEntityProjection } from '@nq/projections';
import { openMeasurementStore } from '@nq/projections/measurements/open-measurement-store';
import { createProjector } from '@nq/projections/projector/projector';
import { demoFileJob } from '../demo/demo-files.ts';
import { features } from './features.ts';

/** Every configuration entity the features bring, in the features' order. */
export const configurationEntities: readonly ConfigurationEntity[] = features.flatMap(
  (feature) => feature.entities ?? [],
);

/** A configuration entity's read model: its documents as its events leave them. */
export const projectionOf = ({ definition, collection }: ConfigurationEntity) =>
  configurationEntityProjection({
    kind: definition.kind,
    eventPrefix: definition.eventPrefix,
    intentEvents: intentEventsOf(definition),
    collection,
  });

/** Every read model the projector keeps: the entities' and those features bring beside them. */
export const readModels = [
  ...configurationEntities.map(projectionOf),
  ...features.flatMap((feature) => feature.projections ?? []),
];

/** The tables features own in the event store's database (the platform's adapters migrate their own as they open). */
export const featureSchemas = features.flatMap((feature) => feature.schema ?? []);

/** What the platform runs for the features, derived from their manifests (and the demo's files). */
export const platformRuns: PlatformRuns = {
  entities: configurationEntities,
  projectionOf,
  createProjector: (adapters) => createProjector({ ...adapters, projections: readModels }),
  openMeasurements: openMeasurementStore,
  workers: features.flatMap((feature) => feature.workers ?? []),
  jobs: [...features.flatMap((feature) => feature.jobs ?? []), demoFileJob],
  schemas: featureSchemas,
};
