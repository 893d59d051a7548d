import type { EntityScore, MosEntry, ScorecardFields } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEngine } from '../analytics/analytics-engine.ts';
import { createElasticsearchAnalytics } from '../analytics/elasticsearch-analytics.ts';
import { averageTolerance, expectClose, seedBothStores } from '../analytics/engine-equivalence.fixture.ts';
import { datasetTimeZone, seededIsps, seededMeasurements } from '../analytics/seeded-measurements.ts';
import { createSqlAnalytics } from '../analytics/sql-analytics.ts';
import { measureScorecard } from './measure-scorecard.ts';
import { scoreEntities } from './scorecard-calculation.ts';

// For scorecards: the same scorecard over the same measurements scores alike on both engines (averages to
// 1e-9 relative, counts and ranks exact), and a calculation run again gives the very same numbers.

const entry = (kpi: string, mappingFunction: MosEntry['mappingFunction'], lower: number, upper: number) => ({
  kpi,
  weight: kpi === 'download' ? 50 : 25,
  min: 0,
  max: 10_000,
  operator: mappingFunction === 'invertedLinear' ? ('lte' as const) : ('gte' as const),
  mappingFunction,
  limits: { lower, upper, absoluteUpper: upper * 2 },
});
const scorecard: ScorecardFields = {
  name: 'Seeded ISPs',
  status: 'Active',
  weight: 100,
  maxScore: 5,
  campaigns: [],
  clusters: [],
  providers: [],
  isps: seededIsps.map((isp) => isp.id),
  universes: [],
  sources: [],
  kpis: [
    { kpi: 'download', weight: 50, fringes: [] },
    {
      kpi: 'latency',
      weight: 30,
      fringes: [
        { start: 8, end: 14 },
        { start: 18, end: 22 },
      ],
    },
    { kpi: 'jitter', weight: 20, fringes: [{ start: 0, end: 24 }] },
  ],
  mosEntries: [
    entry('download', 'linearDoubleSlope', 10, 80),
    entry('latency', 'invertedLinear', 10, 60),
    entry('jitter', 'squareRoot', 1, 12),
  ],
};
const window = { from: '2026-03-01T00:00:00.000Z', to: '2026-04-30T23:59:59.999Z', timeZone: datasetTimeZone };
const scope = { timeZone: datasetTimeZone };

describe('scorecard calculation on both engines', { timeout: 120_000 }, () => {
  let stores: Awaited<ReturnType<typeof seedBothStores>>;
  let engines: { es: AnalyticsEngine; sql: AnalyticsEngine };
  const scoresOn = async (engine: AnalyticsEngine) => {
    const { entities, measured } = await measureScorecard(engine, scorecard, window, scope);
    return scoreEntities(scorecard, entities, measured);
  };

  beforeAll(async () => {
    stores = await seedBothStores(seededMeasurements());
    engines = { es: createElasticsearchAnalytics(stores.elasticsearch), sql: createSqlAnalytics(stores.sql) };
  }, 300_000);
  afterAll(async () => stores?.close());

  it('scores and ranks the ISPs alike', async () => {
    const [es, sql] = await Promise.all([scoresOn(engines.es), scoresOn(engines.sql)]);
    expect(sql.every((entity) => entity.score !== null && entity.coverage === 100)).toBe(true);
    const shape = (scores: EntityScore[]) =>
      scores.map(({ entity, rank, kpis }) => ({
        entity,
        rank,
        counts: kpis.map((k) => k.fringes.map((f) => f.count)),
      }));
    expect(shape(es)).toEqual(shape(sql));
    for (const [index, esEntity] of es.entries()) {
      const sqlEntity = sql[index]!;
      expectClose(esEntity.score ?? undefined, sqlEntity.score ?? undefined, averageTolerance, esEntity.entity);
      for (const [kpiIndex, kpi] of esEntity.kpis.entries())
        for (const [fringeIndex, fringe] of kpi.fringes.entries())
          expectClose(
            fringe.value ?? undefined,
            sqlEntity.kpis[kpiIndex]!.fringes[fringeIndex]!.value ?? undefined,
            averageTolerance,
            `${esEntity.entity} ${kpi.kpi} fringe ${fringeIndex}`,
          );
    }
  });

  it('gives the very same numbers when run again', async () => {
    for (const engine of [engines.es, engines.sql]) expect(await scoresOn(engine)).toEqual(await scoresOn(engine));
  });
});
