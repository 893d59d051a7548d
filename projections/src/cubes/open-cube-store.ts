import type { Client } from '@elastic/elasticsearch';
import type { Config } from '@nq/platform/config/config';
import type { MeasurementStore } from '@nq/platform/measurements/measurement-store-port';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import type { CubeStore } from './cube-store.ts';
import { elasticsearchCubeStore } from './elasticsearch-cube-store.ts';
import { sqlCubeStore } from './sql-cube-store.ts';

type ElasticsearchMeasurements = MeasurementStore & { client: Client; alias: string };
const isElasticsearch = (store: MeasurementStore): store is ElasticsearchMeasurements =>
  'client' in store && 'alias' in store;

const opened = new WeakMap<MeasurementStore, Promise<CubeStore>>();

/**
 * The cube rows where the measurements are: an index beside theirs, sized and replicated as the read models are (a
 * cube's rows are few, and without a replica a node's loss would leave its cubes to be rebuilt), or a table of the same
 * database (one per process).
 */
export function openCubeStore(platform: {
  measurements: MeasurementStore;
  sql: SqlClient;
  config: Pick<Config, 'elasticsearch'>;
}): Promise<CubeStore> {
  let store = opened.get(platform.measurements);
  if (!store) {
    const { measurements } = platform;
    store = isElasticsearch(measurements)
      ? Promise.resolve(
          elasticsearchCubeStore(measurements.client, measurements.alias, platform.config.elasticsearch.indexSettings),
        )
      : sqlCubeStore(platform.sql);
    opened.set(platform.measurements, store);
  }
  return store;
}
