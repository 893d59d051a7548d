import type { Client } from '@elastic/elasticsearch';
import type { MeasurementStore } from '@nq/platform/measurements/measurement-store-port';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import type { CubeStore } from './cube-store.ts';
import { elasticsearchCubeStore } from './elasticsearch-cube-store.ts';
import { sqlCubeStore } from './sql-cube-store.ts';

type ElasticsearchMeasurements = MeasurementStore & { client: Client; alias: string };
const isElasticsearch = (store: MeasurementStore): store is ElasticsearchMeasurements =>
  'client' in store && 'alias' in store;

const opened = new WeakMap<MeasurementStore, Promise<CubeStore>>();

/** The cube rows where the measurements are: an index beside theirs, or a table of the same database (one per process). */
export function openCubeStore(platform: { measurements: MeasurementStore; sql: SqlClient }): Promise<CubeStore> {
  let store = opened.get(platform.measurements);
  if (!store) {
    const { measurements } = platform;
    store = isElasticsearch(measurements)
      ? Promise.resolve(elasticsearchCubeStore(measurements.client, measurements.alias))
      : sqlCubeStore(platform.sql);
    opened.set(platform.measurements, store);
  }
  return store;
}
