// Analytics: the query engine (SQL, Elasticsearch), scopes and selections, names and labels of results, graphic routes.
export { abortOnDisconnect } from './abort-on-disconnect.ts';
export {
  type AnalyticsEngine,
  type Group,
  maxBuckets,
  type RawBucket,
  type RawSeries,
  type RunOptions,
  type Tile,
} from './analytics-engine.ts';
export { cancellableQuery } from './cancellable-sql.ts';
export {
  type Aggregations,
  compileElasticsearchAggregation,
  compileElasticsearchQuery,
  levelAggregations,
  type SearchBody,
} from './compile-elasticsearch.ts';
export { parameters, type SqlQuery, selection } from './compile-sql.ts';
export { configurationNarrowingNamer, configurationSeriesLabeller } from './configuration-series-labels.ts';
export type { CubeExplanation, CubeRouting } from './cube-routing-port.ts';
export { profileScopeOf, programsScopeOf } from './destination-scope.ts';
export { admitGraphicType } from './drawable-graphic-types.ts';
export { createElasticsearchAnalytics } from './elasticsearch-analytics.ts';
export { graphicRoutes } from './graphic.routes.ts';
export { type MeasurementNames, measurementNamer, namedBatches, namesOfMeasurement } from './measurement-names.ts';
export { type NarrowingNamer, withNamedNarrowing } from './narrowing-names.ts';
export { narrowingNote, narrowingSentence } from './narrowing-text.ts';
export {
  type ConfigurationHistory,
  configurationHistory,
  reproducibleProfile,
  reproducibleScope,
  reproductionOf,
  scopeWithin,
} from './reproduction.ts';
export {
  type AnalyticsScope,
  type DimensionFilter,
  type ScopedQuery,
  type Selection,
  scopeQuery,
  scopeSelection,
} from './scope-query.ts';
export { seededIsps, seededMeasurementStream, seededMeasurements } from './seeded-measurements.ts';
export type { SeriesLabeller } from './series-labels.ts';
export { createSqlAnalytics } from './sql-analytics.ts';
export { endOf, startOf } from './zoned-time.ts';
