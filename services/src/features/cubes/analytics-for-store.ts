import type { Client } from '@elastic/elasticsearch';
import type { EphemeralStore } from '@nq/platform/ephemeral/ephemeral-store-port';
import type { MeasurementStore } from '@nq/platform/measurements/measurement-store-port';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import { cubeRowsIndexOf } from '@nq/projections';
import { type AnalyticsEngine, createElasticsearchAnalytics, createSqlAnalytics } from '../analytics/index.ts';
import { cubeBuildsOf } from './cube-builds.ts';
import { cubeDefinitions } from './cube-definitions.ts';
import { cubeRouting } from './cube-routing.ts';
import { elasticsearchCubeAnalytics } from './elasticsearch-cube-analytics.ts';
import { sqlCubeAnalytics } from './sql-cube-analytics.ts';

const isElasticsearchStore = (store: MeasurementStore): store is MeasurementStore & { client: Client; alias: string } =>
  'client' in store && 'alias' in store;

/** What the analytics engine reads: the measurements, the cubes defined over them, and where routings are counted. */
export interface AnalyticsSources {
  measurements: MeasurementStore;
  sql: SqlClient;
  readStore: ReadStore;
  ephemeral?: EphemeralStore;
}

/**
 * The engine that reads where the platform's measurements are (the Elasticsearch alias, or the SQL table), answering
 * from a cube whenever one covers the query.
 */
export function analyticsFor(sources: AnalyticsSources): AnalyticsEngine {
  let engine = engines.get(sources);
  if (!engine) {
    engine = engineOf(sources);
    engines.set(sources, engine);
  }
  return engine;
}

/** One engine per platform, whichever features ask for it: they share its caches (cube definitions and builds). */
const engines = new WeakMap<AnalyticsSources, AnalyticsEngine>();

function engineOf({ measurements, sql, readStore, ephemeral }: AnalyticsSources): AnalyticsEngine {
  const definitions = cubeDefinitions(readStore, async () => (await cubeBuildsOf(sql)).built());
  if (isElasticsearchStore(measurements)) {
    const aggregate = elasticsearchCubeAnalytics({
      client: measurements.client,
      index: cubeRowsIndexOf(measurements.alias),
    });
    return createElasticsearchAnalytics(measurements, {
      cubes: cubeRouting({ definitions, aggregate, ...(ephemeral ? { ephemeral } : {}) }),
    });
  }
  const cubes = cubeRouting({ definitions, aggregate: sqlCubeAnalytics(sql), ...(ephemeral ? { ephemeral } : {}) });
  return createSqlAnalytics(sql, { cubes });
}
