import {
  type CubeDimension,
  type CubeSuggestion,
  cubeDimensions,
  cubeUtcZone,
  dimensions,
  granularities,
  type KpiId,
  kpiIds,
  type QueryIrInput,
  queryIrSchema,
  type TechnologyCode,
} from '@nq/contracts';
import type { CubeDefinition } from '@nq/projections';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AnalyticsScope, type ScopedQuery, scopeQuery } from '../analytics/index.ts';
import { covers } from './cube-coverage.ts';
import { fixedCubeDefinitions } from './cube-definitions.ts';
import { cubeRouting } from './cube-routing.ts';
import { suggestCube, suggestedName } from './cube-suggestion.ts';

const scoped = (ir: QueryIrInput, scope: AnalyticsScope = {}): ScopedQuery =>
  scopeQuery(queryIrSchema.parse(ir), scope);
const built = (suggestion: CubeSuggestion): CubeDefinition => ({ ...suggestion, id: `cube-${suggestion.name}` });
const suggestionOf = (query: ScopedQuery) => {
  const advice = suggestCube(query);
  if (!('suggestion' in advice)) throw new Error(`no suggestion: ${JSON.stringify(advice)}`);
  return advice.suggestion;
};

// A national panel's history: years of months, by provider and technology, in the analysts' zone.
const national: QueryIrInput = {
  kpi: 'download',
  granularity: 'month',
  breakdowns: ['provider', 'technology'],
  tsStart: '2019-01-01',
  tsEnd: '2025-12-31',
  timeZone: 'Europe/Madrid',
};

describe('the cube suggested for a query no cube covers', () => {
  it("is daily in the query's zone, keeps its breakdowns and filters, and only its KPI", () => {
    const query = scoped({ ...national, technologies: [4, 5], isps: ['isp-1'] });
    expect(suggestCube(query)).toEqual({
      suggestion: {
        name: 'daily-isp-provider-technology-download',
        grain: 'day',
        timeZone: 'Europe/Madrid',
        dimensions: ['isp', 'provider', 'technology'],
        kpis: ['download'],
      },
    });
    expect(covers(built(suggestionOf(query)), query)).toBe(true);
  });

  it('keeps what the profile restricts (its filters), the local hour of an hour window and the weekday', () => {
    const restricted = scoped(national, { isps: ['isp-1'], kpis: ['download'] });
    expect(suggestionOf(restricted).dimensions).toEqual(['isp', 'provider', 'technology']);
    const windowed = scoped({ ...national, breakdowns: [], hourStart: 19, hourEnd: 22, granularity: 'weekday' });
    expect(suggestionOf(windowed)).toMatchObject({ grain: 'day', dimensions: ['hour', 'weekday'] });
  });

  it('is hourly (UTC) for a chart by hours, or for dates given as instants on whole hours', () => {
    expect(suggestionOf(scoped({ ...national, granularity: 'hours' }))).toEqual({
      name: 'hourly-provider-technology-download',
      grain: 'hour',
      timeZone: cubeUtcZone,
      dimensions: ['provider', 'technology'],
      kpis: ['download'],
    });
    const instants = scoped({ ...national, tsStart: '2025-03-01T10:00:00Z', tsEnd: '2025-03-02T09:59:59.999Z' });
    expect(suggestionOf(instants)).toMatchObject({ grain: 'hour' });
    // A boxplot of a KPI too.
    const boxplot = scoped({ graphicType: 'boxplot', axes: { value: 'latency' }, granularity: 'day' });
    expect(suggestionOf(boxplot)).toMatchObject({ grain: 'day', timeZone: 'Etc/UTC', kpis: ['latency'] });
  });

  it('is refused, with every reason, when no cube can answer the query', () => {
    const reasons = (ir: QueryIrInput, outliers = false) => suggestCube(scoped(ir), { outliers });
    expect(reasons({ ...national, conditions: { kpi: 'latency', operator: 'lt', value: 50 } })).toEqual({
      uncoverable: ['conditions'],
    });
    expect(reasons(national, true)).toEqual({ uncoverable: ['outliers'] });
    expect(reasons({ ...national, connectedDevices: { min: 2 }, receivedUntil: '2026-01-01T00:00:00Z' })).toEqual({
      uncoverable: ['connectedDevices', 'receivedUntil'],
    });
    expect(
      reasons({ graphicType: 'scatterplot', axes: { x: 'download', y: 'latency' }, tsStart: '2025-01-01' }),
    ).toEqual({ uncoverable: ['measure'] });
    expect(suggestCube({ ...scoped(national), located: true })).toEqual({ uncoverable: ['located'] });
    // By minutes, or by hours in a zone half an hour off whole hours: no bucket is that fine.
    expect(reasons({ ...national, granularity: 'minutes' })).toEqual({ uncoverable: ['granularity'] });
    expect(reasons({ ...national, granularity: 'hours', timeZone: 'America/St_Johns' })).toEqual({
      uncoverable: ['granularity'],
    });
    // By day in St John's is a daily cube of its days.
    expect(suggestionOf(scoped({ ...national, timeZone: 'America/St_Johns' }))).toMatchObject({
      grain: 'day',
      timeZone: 'America/St_Johns',
    });
    // Dates in the middle of an hour.
    expect(reasons({ ...national, tsStart: '2025-03-01T10:30:00Z' })).toEqual({ uncoverable: ['range'] });
    expect(reasons({ ...national, granularity: 'minutes', tsStart: '2025-03-01T10:30:00Z' }, true)).toEqual({
      uncoverable: ['outliers', 'granularity', 'range'],
    });
  });

  it('is named as the cubes screen accepts names', () => {
    expect(suggestedName('day', ['testType', 'probeType'], ['download'])).toBe('daily-testtype-probetype-download');
    const long = suggestedName('hour', cubeDimensions, ['download']);
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).toMatch(/^[a-z0-9][a-z0-9_-]*[a-z0-9_]$/);
  });
});

describe('explaining a query (the coverage route)', () => {
  const cube = (name: string, fields: Partial<CubeDefinition> = {}): CubeDefinition => ({
    id: `id-${name}`,
    name,
    grain: 'day',
    timeZone: 'Europe/Madrid',
    dimensions: ['provider', 'technology'],
    kpis: [],
    ...fields,
  });
  const routing = (defined: CubeDefinition[], routable = defined) =>
    cubeRouting({
      definitions: { ...fixedCubeDefinitions(defined), routable: async () => routable },
      aggregate: async () => [],
    });

  it('names the built cube that answers it, or the one still being built, or suggests one', async () => {
    const query = scoped(national);
    const daily = cube('national-daily');
    expect(await routing([daily]).explain(query, { outliers: false })).toEqual({ cube: 'national-daily' });
    expect(await routing([daily], []).explain(query, { outliers: false })).toEqual({ building: 'national-daily' });
    expect(await routing([cube('by-isp', { dimensions: ['isp'] })]).explain(query, { outliers: false })).toEqual({
      suggestion: suggestionOf(query),
    });
    // Removing outliers, no cube answers it.
    expect(await routing([daily]).explain(query, { outliers: true })).toEqual({ uncoverable: ['outliers'] });
  });
});

// Queries as the graphic generator sends them, scoped as the engine scopes them.
const timeZones = [
  'Etc/UTC',
  'Europe/Madrid',
  'America/New_York',
  'America/St_Johns',
  'Australia/Adelaide',
  'Asia/Tokyo',
];
const day = fc
  .date({ min: new Date('2019-01-01T00:00:00Z'), max: new Date('2026-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const instant = fc
  .tuple(day, fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 0, 30, 45))
  .map(([date, hour, minute]) => `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
const ids = fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 2 });
const kpi = fc.constantFrom<KpiId>(...kpiIds);
/** Mostly absent: a query that reads raw measurements whatever the cubes stays the exception. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 5 }, { arbitrary, weight: 1 });
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const queryIr = fc
  .record({
    graphicType: fc.constantFrom('bars', 'line', 'boxplot', 'scatterplot'),
    kpi,
    other: kpi,
    breakdowns: fc.subarray([...dimensions], { maxLength: 3 }),
    granularity: fc.constantFrom(...granularities),
    timeZone: fc.constantFrom(...timeZones),
    tsStart: sometimes(fc.oneof(day, day, instant)),
    tsEnd: sometimes(fc.oneof(day, day, instant)),
    hours: rarely(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 23 }))),
    isps: sometimes(ids),
    tags: sometimes(ids),
    technologies: sometimes(fc.constant<TechnologyCode[]>([4])),
    probes: rarely(ids),
    campaigns: sometimes(ids),
    conditions: rarely(fc.constant({ kpi: 'latency', operator: 'lt', value: 50 } as const)),
    connectedDevices: rarely(fc.constant({ max: 3 })),
    receivedUntil: rarely(instant),
  })
  .map(({ graphicType, kpi, other, hours, breakdowns, ...rest }): QueryIrInput => {
    const ir: QueryIrInput = {
      ...rest,
      graphicType,
      ...(hours ? { hourStart: hours[0], hourEnd: hours[1] } : {}),
    };
    if (graphicType === 'scatterplot')
      return { ...ir, axes: { x: kpi, y: other }, breakdowns: breakdowns.filter((b) => b === 'universe').slice(0, 1) };
    if (graphicType === 'boxplot') return { ...ir, axes: { value: kpi }, breakdowns };
    return { ...ir, kpi, breakdowns };
  });
const scopes: fc.Arbitrary<AnalyticsScope> = fc.record(
  { isps: ids, kpis: fc.constant(kpiIds), technologies: fc.constant([4]) },
  { requiredKeys: [] },
);
const generated = fc
  .tuple(
    queryIr,
    scopes,
    rarely(fc.constant(true)).map((removes) => removes ?? false),
  )
  .filter(([ir]) => queryIrSchema.safeParse(ir).success);

/** The largest cubes of each shape: every dimension, every KPI. */
const largest = (query: ScopedQuery): CubeDefinition[] =>
  [
    { grain: 'day' as const, timeZone: query.timeZone },
    { grain: 'day' as const, timeZone: cubeUtcZone },
    { grain: 'hour' as const, timeZone: cubeUtcZone },
  ].map((shape) => ({ id: 'largest', name: 'largest', ...shape, dimensions: [...cubeDimensions], kpis: [] }));

describe('the suggestion over generated queries', () => {
  it('once built, covers the query; when none is suggested, no cube at all covers it', () => {
    fc.assert(
      fc.property(generated, ([ir, scope, outliers]) => {
        const query = scopeQuery(queryIrSchema.parse(ir), scope);
        const advice = suggestCube(query, { outliers });
        if ('suggestion' in advice) {
          expect(outliers).toBe(false);
          expect(covers(built(advice.suggestion), query)).toBe(true);
        } else {
          expect(advice.uncoverable.length).toBeGreaterThan(0);
          // Outlier removal is the engine's: its fences make conditions that `covers` then refuses.
          const beyondOutliers = advice.uncoverable.filter((reason) => reason !== 'outliers');
          if (beyondOutliers.length > 0) for (const cube of largest(query)) expect(covers(cube, query)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('is the smallest: no dimension less covers it, nor days when it keeps hours', () => {
    fc.assert(
      fc.property(generated, ([ir, scope]) => {
        const query = scopeQuery(queryIrSchema.parse(ir), scope);
        const advice = suggestCube(query);
        if (!('suggestion' in advice)) return;
        const cube = built(advice.suggestion);
        expect(cube.kpis).toHaveLength(1);
        for (const dropped of cube.dimensions) {
          const fewer = cube.dimensions.filter((dimension: CubeDimension) => dimension !== dropped);
          expect(covers({ ...cube, dimensions: fewer }, query)).toBe(false);
        }
        if (cube.grain === 'hour')
          for (const daily of largest(query).filter((largest) => largest.grain === 'day'))
            expect(covers({ ...daily, dimensions: cube.dimensions }, query)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('names exactly what no cube holds among its reasons', () => {
    fc.assert(
      fc.property(generated, ([ir, scope, outliers]) => {
        const query = scopeQuery(queryIrSchema.parse(ir), scope);
        const advice = suggestCube(query, { outliers });
        const reasons: string[] = 'uncoverable' in advice ? advice.uncoverable : [];
        expect(reasons.includes('measure')).toBe(query.measure.kind === 'scatterplot');
        expect(reasons.includes('conditions')).toBe(query.conditions !== undefined);
        expect(reasons.includes('outliers')).toBe(outliers);
        expect(reasons.includes('connectedDevices')).toBe(query.connectedDevices !== undefined);
        expect(reasons.includes('receivedUntil')).toBe(query.receivedUntil !== undefined);
      }),
      { numRuns: 300 },
    );
  });
});
