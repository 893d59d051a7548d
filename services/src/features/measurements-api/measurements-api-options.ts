import type { EntityCatalog } from '@nq/platform/entities/entity-catalog';
import type { MeasurementStore } from '@nq/platform/measurements/measurement-store-port';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import type { AnalyticsEngine, ConfigurationHistory, SeriesLabeller } from '../analytics/index.ts';
import type { ProbeSight } from '../probes/index.ts';

/** What every route of the measurements API is given (the plugin passes its options to each). */
export interface MeasurementsApiOptions {
  engine: AnalyticsEngine;
  /** Names the entities the graphic answers' series are broken down by. */
  labels: SeriesLabeller;
  measurements: MeasurementStore;
  readStore: ReadStore;
  /** Each configuration kind's collection and visibility (to name what measurements refer to). */
  entities: EntityCatalog;
  /** The probes each profile sees. */
  probes: ProbeSight;
  /**
   * Map visualization sample limit (`MAP_SAMPLE_LIMIT`; docs/product/limits.md#samples-and-pages); beyond it a map is
   * blocked.
   */
  mapSampleLimit: number;
  /** The configuration's history: what an answer names to be reproduced, and the profile as of that position. */
  history: ConfigurationHistory;
}
