import type { Client } from '@elastic/elasticsearch';
import type { MeasurementStore } from '../../platform/measurements/measurement-store-port.ts';
import type { SqlClient } from '../../platform/sql/sql-client.ts';
import type { AnalyticsEngine } from './analytics-engine.ts';
import { createElasticsearchAnalytics } from './elasticsearch-analytics.ts';
import { createSqlAnalytics } from './sql-analytics.ts';

const isElasticsearchStore = (store: MeasurementStore): store is MeasurementStore & { client: Client; alias: string } =>
  'client' in store && 'alias' in store;

/** The engine that reads where the platform's measurements are: the Elasticsearch alias, or the SQL table. */
export const analyticsFor = (measurements: MeasurementStore, sql: SqlClient): AnalyticsEngine =>
  isElasticsearchStore(measurements) ? createElasticsearchAnalytics(measurements) : createSqlAnalytics(sql);
