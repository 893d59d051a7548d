import type { Config } from '@nq/platform/config/config';
import type { MeasurementStore } from '@nq/platform/measurements/measurement-store-port';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import { openElasticsearchMeasurementStore } from './elasticsearch-measurement-store.ts';
import { openSqlMeasurementStore } from './sql-measurement-store.ts';

/**
 * The Elasticsearch measurement store's options: the cluster's connection, and its monthly indices sized by
 * ELASTICSEARCH_MEASUREMENT_SHARDS, not by the read models' ELASTICSEARCH_SHARDS.
 */
export const elasticsearchMeasurementOptions = ({
  measurementIndexSettings,
  ...elasticsearch
}: Config['elasticsearch']) => ({
  ...elasticsearch,
  indexSettings: measurementIndexSettings,
});

/** The measurements read model where the read models are kept: Elasticsearch, or the platform's SQL database. */
export const openMeasurementStore = (config: Config, sql: SqlClient): Promise<MeasurementStore> =>
  config.adapters.readStore === 'elasticsearch'
    ? openElasticsearchMeasurementStore(elasticsearchMeasurementOptions(config.elasticsearch))
    : openSqlMeasurementStore(sql);
