import type { Client } from '@elastic/elasticsearch';
import type { EphemeralStore } from '../../platform/ephemeral/ephemeral-store-port.ts';
import type { MeasurementStore } from '../../platform/measurements/measurement-store-port.ts';
import type { ReadStore } from '../../platform/read-store/read-store-port.ts';
import type { SqlClient } from '../../platform/sql/sql-client.ts';
import { cubeBuildsOf } from '../cubes/cube-builds.ts';
import { cubeDefinitions } from '../cubes/cube-definitions.ts';
import { cubeRouting } from '../cubes/cube-routing.ts';
import { elasticsearchCubeAnalytics } from '../cubes/elasticsearch-cube-analytics.ts';
import { cubeRowsIndexOf } from '../cubes/elasticsearch-cube-store.ts';
import { sqlCubeAnalytics } from '../cubes/sql-cube-analytics.ts';
import type { AnalyticsEngine } from './analytics-engine.ts';
import { createElasticsearchAnalytics } from './elasticsearch-analytics.ts';
import { createSqlAnalytics } from './sql-analytics.ts';

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
export function analyticsFor({ measurements, sql, readStore, ephemeral }: AnalyticsSources): AnalyticsEngine {
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
