import type { Config } from '@nq/platform/config/config';
import type { MeasurementStore } from '@nq/platform/measurements/measurement-store-port';
import type { SqlClient } from '@nq/platform/sql/sql-client';
import { openElasticsearchMeasurementStore } from './elasticsearch-measurement-store.ts';
import { openSqlMeasurementStore } from './sql-measurement-store.ts';

/** The measurements read model where the read models are kept: Elasticsearch, or the platform's SQL database. */
export const openMeasurementStore = (config: Config, sql: SqlClient): Promise<MeasurementStore> =>
  config.adapters.readStore === 'elasticsearch'
    ? openElasticsearchMeasurementStore(config.elasticsearch)
    : openSqlMeasurementStore(sql);
