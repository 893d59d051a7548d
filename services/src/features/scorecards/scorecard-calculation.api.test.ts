import type { EnrichedMeasurement } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

// Scorecard calculations (docs/product/api.md#scorecards), drilldown and CSV on the embedded profile: the numbers
// hand-computed from the measurements written below, and a calculation asked for again at its configuration version
// giving the same ones.

const october = { from: '2026-10-01', to: '2026-10-31' };
const mosEntry = (kpi: string, mappingFunction: string, lower: number, upper: number) => ({
  kpi,
  weight: 50,
  min: 0,
  max: 1000,
  operator: mappingFunction === 'invertedLinear' ? 'lte' : 'gte',
  mappingFunction,
  limits: { lower, upper, absoluteUpper: upper * 2 },
});
/** download (linear 10 → 50 Mbps) all day; latency (inverted linear 20 → 100 ms) from 08:00 to 14:00. */
const kpisWeighing = (download: number, latency: number) => [
  { kpi: 'download', weight: download, fringes: [] },
  { kpi: 'latency', weight: latency, fringes: [{ start: 8, end: 14 }] },
];

describe('scorecard calculations API — embedded', { timeout: 60_000 }, () => {
  let api: TestApi;
  let app: SignedClient;
  const ids: Record<string, string> = {};

  const create = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; position: string };
  };
  const calculation = (query: Record<string, string>, client = app) =>
    client.inject(`/scorecards/${ids.scorecard}/calculations?${new URLSearchParams(query)}`);

  beforeAll(async () => {
    api = await openTestApi();
    app = api.app;
    ids.campaign = (
      await create('/api/campaigns-management', { name: 'Madrid 2026', startDate: '2026-01-01', endDate: '2026-12-31' })
    ).id;
    for (const [key, name, numeric] of [
      ['movistar', 'Movistar', '21407'],
      ['orange', 'Orange', '21403'],
    ] as const)
      ids[key] = (await create('/api/providers', { name, label: name, country: 'Spain', numeric })).id;
    const scorecard = await create('/scorecards', {
      name: 'Madrid quality',
      weight: 100,
      maxScore: 10,
      campaigns: [ids.campaign],
      providers: [ids.movistar, ids.orange],
      kpis: kpisWeighing(60, 40),
      mosEntries: [mosEntry('download', 'linear', 10, 50), mosEntry('latency', 'invertedLinear', 20, 100)],
    });
    ids.scorecard = scorecard.id;
    ids.firstPosition = scorecard.position;

    const measured = (provider: string, measuredAt: string, kpis: Record<string, number>, changes = {}) =>
      sampleMeasurement({
        provider: provider === 'movistar' ? ids.movistar : ids.orange,
        measuredAt,
        receivedAt: measuredAt,
        hour: new Date(measuredAt).getUTCHours(),
        kpis,
        campaigns: [ids.campaign!],
        ...changes,
      });
    const measurements: EnrichedMeasurement[] = [
      // Movistar: download 30 and 50 (average 40: 7.5 points); latency 60 ms in the fringe (5 points), 100 out of it.
      measured('movistar', '2026-10-05T09:00:00.000Z', { download: 30, latency: 60 }),
      measured('movistar', '2026-10-06T18:00:00.000Z', { download: 50, latency: 100 }),
      // Orange: download 20 (2.5 points), latency 20 ms in the fringe (10 points).
      measured('orange', '2026-10-07T10:00:00.000Z', { download: 20, latency: 20 }),
      // Neither counts: outside the campaign, outside the window.
      measured('orange', '2026-10-08T10:00:00.000Z', { download: 100 }, { campaigns: [] }),
      measured('orange', '2026-11-02T10:00:00.000Z', { download: 100 }),
    ];
    expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  let first: Record<string, unknown>;

  it('scores and ranks the providers, stating the configuration version and the window', async () => {
    const response = await calculation(october);
    expect(response.statusCode, response.body).toBe(200);
    first = response.json();
    expect(first).toMatchObject({
      scorecard: { id: ids.scorecard, name: 'Madrid quality', maxScore: 10 },
      comparedBy: 'provider',
      configuration: { scorecardId: ids.scorecard, version: 1, position: ids.firstPosition },
      live: {
        window: { from: '2026-10-01T00:00:00.000Z', to: '2026-10-31T23:59:59.999Z', timeZone: 'Etc/UTC' },
        // Movistar 0.6 × 7.5 + 0.4 × 5; Orange 0.6 × 2.5 + 0.4 × 10. Each named, for the screens to show.
        entities: [
          { entity: ids.movistar, name: 'Movistar', rank: 1, score: 6.5, coverage: 100 },
          { entity: ids.orange, name: 'Orange', rank: 2, score: 5.5, coverage: 100 },
        ],
      },
      warnings: [],
    });
    expect(first).not.toHaveProperty('comparison');
    expect((first as { live: { entities: { kpis: unknown }[] } }).live.entities[0]!.kpis).toEqual([
      { kpi: 'download', weight: 60, score: 7.5, fringes: [{ fringe: null, value: 40, count: 2, score: 7.5 }] },
      {
        kpi: 'latency',
        weight: 40,
        score: 5,
        fringes: [{ fringe: { start: 8, end: 14 }, value: 60, count: 1, score: 5 }],
      },
    ]);
  });

  it('gives the same numbers at the earlier configuration version after the scorecard changed', async () => {
    const update = await app.inject({
      method: 'PUT',
      url: `/scorecards/${ids.scorecard}`,
      payload: { kpis: kpisWeighing(20, 80) },
    });
    expect(update.statusCode, update.body).toBe(200);

    const current = (await calculation(october)).json();
    // Movistar 0.2 × 7.5 + 0.8 × 5; Orange 0.2 × 2.5 + 0.8 × 10: the ranking turns.
    expect(current).toMatchObject({
      configuration: { version: 2, position: update.json().position },
      live: {
        entities: [
          { entity: ids.orange, rank: 1, score: 8.5 },
          { entity: ids.movistar, rank: 2, score: 5.5 },
        ],
      },
    });
    const again = await calculation({
      ...october,
      asOf: (first as { configuration: { position: string } }).configuration.position,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first);
  });

  it('lists the configuration versions, newest first, each giving its own numbers as asOf', async () => {
    const response = await app.inject(`/scorecards/${ids.scorecard}/versions`);
    expect(response.statusCode, response.body).toBe(200);
    const { versions } = response.json() as {
      versions: { version: number; position: string; changedFields: string[] }[];
    };
    expect(versions.map(({ version, changedFields }) => ({ version, changedFields }))).toEqual([
      { version: 2, changedFields: ['kpis'] },
      { version: 1, changedFields: expect.arrayContaining(['kpis', 'mosEntries', 'maxScore', 'providers']) },
    ]);
    expect(versions[1]!.position).toBe(ids.firstPosition);
    const atFirst = await calculation({ ...october, asOf: versions[1]!.position });
    expect(atFirst.json()).toEqual(first);
    // The definition scored with comes along, so a screen can explain each score.
    expect(atFirst.json().scorecard).toMatchObject({
      kpis: kpisWeighing(60, 40),
      mosEntries: [mosEntry('download', 'linear', 10, 50), mosEntry('latency', 'invertedLinear', 20, 100)],
    });
    expect((await app.inject('/scorecards/no-such-scorecard/versions')).statusCode).toBe(404);
    const elsewhere = await api.as('scorecard-versions-elsewhere', { layers: [{ id: 'evolution', groups: [] }] });
    expect((await elsewhere.inject(`/scorecards/${ids.scorecard}/versions`)).statusCode).toBe(403);
  });

  it('adds the comparison window, with a warning when it has no data', async () => {
    const response = await calculation({ ...october, compare: 'previous' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      comparison: {
        window: { from: '2026-08-31T00:00:00.000Z', to: '2026-09-30T23:59:59.999Z' },
        // Without a score, in id order.
        entities: [ids.movistar, ids.orange].sort().map((entity) => ({ entity, rank: null, score: null, coverage: 0 })),
      },
      warnings: [{ code: 'scorecards.noData', params: { window: 'comparison' } }],
    });
  });

  it('answers the calculation as CSV, one row per window, provider, KPI and fringe', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/scorecards/${ids.scorecard}/csv`,
      payload: { ...october, asOf: ids.firstPosition },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = response.body.split('\n');
    expect(header).toBe(
      '"scorecardId","version","position","window","from","to","timeZone","entity","rank","score","coverage","kpi",' +
        '"kpiWeight","kpiScore","fringeStart","fringeEnd","value","count","fringeScore"',
    );
    expect(rows).toHaveLength(4);
    // The window's bounds are instants, in the profile's time zone (UTC here) with their offset.
    expect(rows[1]).toBe(
      `"${ids.scorecard}",1,"${ids.firstPosition}","live","2026-10-01T00:00:00+00:00","2026-10-31T23:59:59.999+00:00",` +
        `"Etc/UTC","${ids.movistar}",1,6.5,100,"latency",40,5,8,14,60,1,5`,
    );
  });

  it('writes the CSV as a Spanish caller opens it, or as its options ask', async () => {
    const csv = (payload: object, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: `/scorecards/${ids.scorecard}/csv`, payload, headers });
    const spanish = { 'accept-language': 'es' };
    const response = await csv({ ...october, asOf: ids.firstPosition }, spanish);
    expect(response.statusCode, response.body).toBe(200);
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = response.body.slice(1).split('\n');
    expect(header).toBe(
      '"id del cuadro de mando";"versión";"posición";"ventana";"desde";"hasta";"zona horaria";"entidad";"puesto";' +
        '"puntuación";"cobertura";"KPI";"peso del KPI";"puntuación del KPI";"inicio de franja";"fin de franja";' +
        '"valor";"recuento";"puntuación de franja"',
    );
    // Movistar's download row: its score 6.5 and KPI score 7.5 with a decimal comma; ids and counts as they are.
    expect(rows[0]).toBe(
      `"${ids.scorecard}";1;"${ids.firstPosition}";"live";"2026-10-01T00:00:00+00:00";"2026-10-31T23:59:59.999+00:00";` +
        `"Etc/UTC";"${ids.movistar}";1;6,5;100;"download";60;7,5;;;40;2;7,5`,
    );

    // What the request names wins; the rest follows the language: no BOM, instants in Madrid (+01:00 once winter
    // time starts on 25 October), the Spanish header and separators kept.
    const asked = await csv(
      { ...october, asOf: ids.firstPosition, csv: { bom: false, timeZone: 'Europe/Madrid' } },
      spanish,
    );
    expect(asked.body.startsWith('"id del cuadro de mando";')).toBe(true);
    expect(asked.body.split('\n')[1]).toContain(
      ';"live";"2026-10-01T02:00:00+02:00";"2026-11-01T00:59:59.999+01:00";"Etc/UTC";',
    );
    const english = await csv(
      { ...october, asOf: ids.firstPosition, csv: { headerLanguage: 'en', delimiter: ',' } },
      spanish,
    );
    expect(english.body.split('\n')[0]!.slice(1)).toMatch(/^"scorecardId","version",/);
    expect(english.body.split('\n')[1]).toContain(',6.5,100,"download",60,7.5,');

    const refused = await csv({ ...october, csv: { delimiter: ',', decimalSeparator: ',' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'csvExport.decimalCommaNeedsSemicolon',
      message:
        'The decimal separator “,” needs the delimiter “;”: with the delimiter “,” every decimal number would be split into two cells.',
      params: { decimalSeparator: ',', delimiter: ',', required: ';' },
    });
  });

  it('drills down into one KPI of one provider, day by day', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/graphic/scorecard/${ids.scorecard}/drilldown`,
      payload: { ...october, kpi: 'download', entity: ids.movistar },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'metric',
      metric: 'avg',
      series: [
        {
          key: { provider: ids.movistar },
          buckets: [
            { key: '2026-10-05T00:00:00.000Z', count: 1, value: 30 },
            { key: '2026-10-06T00:00:00.000Z', count: 1, value: 50 },
          ],
        },
      ],
      configuration: { scorecardId: ids.scorecard, version: 2 },
      window: { from: '2026-10-01T00:00:00.000Z', to: '2026-10-31T23:59:59.999Z' },
    });
    const fringe = await app.inject({
      method: 'POST',
      url: `/api/graphic/scorecard/${ids.scorecard}/drilldown`,
      payload: { ...october, kpi: 'latency', entity: ids.movistar, fringe: 0, granularity: 'no_granularity' },
    });
    expect(fringe.json().series[0].buckets).toEqual([{ key: 'all', count: 1, value: 60 }]);
  });

  it('refuses a drilldown into what the scorecard does not score', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kpi: 'jitter' }, 'kpi'],
      [{ entity: 'vodafone' }, 'entity'],
      [{ kpi: 'latency', fringe: 1 }, 'fringe'],
    ];
    for (const [changes, field] of cases) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/graphic/scorecard/${ids.scorecard}/drilldown`,
        payload: { kpi: 'download', entity: ids.movistar, ...changes },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation.invalidOption', details: { field } });
    }
  });

  it("refuses a window outside the profile's dates, and keeps the default one within them", async () => {
    const firstHalf = await api.as('scorecards-first-half', {
      layers: [{ id: 'scorecard_live', groups: [] }],
      tsStart: '2026-01-01T00:00:00.000Z',
      tsEnd: '2026-06-30T23:59:59.000Z',
    });
    const refused = await calculation(october, firstHalf);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'scorecards.outOfProfileDateLimits' });
    const byDefault = await calculation({}, firstHalf);
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    expect(byDefault.json().live.window).toEqual({
      from: '2026-05-31T23:59:59.000Z',
      to: '2026-06-30T23:59:59.000Z',
      timeZone: 'Etc/UTC',
    });
  });

  it('answers 404 for a scorecard that did not exist at that version, and 403 without the screens', async () => {
    expect((await calculation({ asOf: '0:1' })).statusCode).toBe(404);
    const elsewhere = await api.as('scorecards-elsewhere', { layers: [{ id: 'evolution', groups: [] }] });
    expect((await calculation(october, elsewhere)).statusCode).toBe(403);
  });
});
