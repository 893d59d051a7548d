import type { EnrichedMeasurement, TechnologyCode } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

// Two people asking the same thing get different figures when one's profile narrows the data: each answer says what
// narrowed it, by name, so that the narrower figure explains itself. The administrator's answers are narrowed by
// nothing, and say nothing.

const october = { tsStart: '2026-10-01', tsEnd: '2026-10-31' };

describe('what a profile narrowed an answer by — embedded', { timeout: 60_000 }, () => {
  let api: TestApi;
  let admin: SignedClient;
  let analyst: SignedClient;
  const ids: Record<string, string> = {};

  const created = async (url: string, payload: object) => {
    const response = await admin.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const answer = async (client: SignedClient, url: string, payload?: object) => {
    const response = await client.inject(payload ? { method: 'POST', url, payload } : { url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    api = await openTestApi();
    admin = api.app;
    ids.campaign = await created('/api/campaigns-management', {
      name: 'Madrid 2026',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    for (const [key, name, numeric] of [
      ['movistar', 'Movistar', '21407'],
      ['orange', 'Orange', '21403'],
    ] as const)
      ids[key] = await created('/api/providers', { name, label: name, country: 'Spain', numeric });
    ids.scorecard = await created('/scorecards', {
      name: 'Quality 2026',
      weight: 100,
      maxScore: 10,
      campaigns: [ids.campaign],
      kpis: [{ kpi: 'download', weight: 100, fringes: [] }],
      mosEntries: [
        {
          kpi: 'download',
          weight: 100,
          min: 0,
          max: 1000,
          operator: 'gte',
          mappingFunction: 'linear',
          limits: { lower: 10, upper: 110, absoluteUpper: 200 },
        },
      ],
    });
    const measured = (provider: 'movistar' | 'orange', technology: TechnologyCode, download: number, day: string) =>
      sampleMeasurement({
        provider: ids[provider],
        ispId: ids[provider],
        isp: provider === 'movistar' ? 'Movistar' : 'Orange',
        technology,
        technologyLabel: `${technology}G`,
        measuredAt: `2026-10-${day}T10:00:00.000Z`,
        receivedAt: `2026-10-${day}T10:00:00.000Z`,
        kpis: { download },
        campaigns: [ids.campaign!],
      });
    const measurements: EnrichedMeasurement[] = [
      measured('movistar', 4, 30, '05'),
      // Out of the analyst's technologies: the administrator's Movistar averages 60, the analyst's 30.
      measured('movistar', 3, 90, '06'),
      measured('orange', 4, 20, '07'),
    ];
    expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
    // Movistar only (the provider that does not exist cannot be named, so it is not told), and 4G and 5G.
    analyst = await api.as('movistar-4g-5g', {
      service: 'mobile',
      isps: [{ id: ids.movistar! }, { id: 'provider-nobody-has' }],
      technologies: [4, 5],
    });
  }, 120_000);
  afterAll(() => api?.raw.close());

  const byProfile = () => ({
    restrictions: [
      { kind: 'isp', values: [{ id: ids.movistar, name: 'Movistar' }] },
      {
        kind: 'technology',
        values: [
          { id: 4, name: '4G' },
          { id: 5, name: '5G' },
        ],
      },
    ],
  });
  const graphic = { graphicType: 'bars', kpi: 'download', breakdowns: ['provider'], ...october };

  it('tells the restricted profile that its graphic over every provider covers Movistar on 4G and 5G only', async () => {
    const narrowed = await answer(analyst, '/api/graphic', graphic);
    expect(narrowed.series.map((series: { buckets: { value: number }[] }) => series.buckets[0]!.value)).toEqual([30]);
    expect(narrowed.narrowedBy).toEqual(byProfile());

    const whole = await answer(admin, '/api/graphic', graphic);
    expect(whole.series).toHaveLength(2);
    expect(whole).not.toHaveProperty('narrowedBy');
  });

  it('tells it on the screens built on graphics, smart performance and maps', async () => {
    const evolution = await answer(analyst, '/api/evolution', { kpi: 'download', ...october });
    expect(evolution.narrowedBy).toEqual(byProfile());
    const benchmark = await answer(analyst, '/api/benchmark', { kpi: 'download', by: 'provider', ...october });
    expect(benchmark.narrowedBy).toEqual(byProfile());
    const smart = await answer(analyst, '/api/smart-performance', { window: '7d', kpis: ['download'] });
    expect(smart.charts.map((chart: { narrowedBy: unknown }) => chart.narrowedBy)).toEqual([byProfile()]);
    const map = await answer(analyst, '/maps?count=true', { kpi: 'download', ...october });
    expect(map.narrowedBy).toEqual(byProfile());
    expect(await answer(admin, '/maps?count=true', { kpi: 'download', ...october })).not.toHaveProperty('narrowedBy');
  });

  it('tells nothing when the request asked for no more than the profile allows', async () => {
    const within = await answer(analyst, '/api/graphic', { ...graphic, isps: [ids.movistar], technologies: [4] });
    expect(within).not.toHaveProperty('narrowedBy');
  });

  it("tells the restricted profile what narrowed the scorecard's scores and its drilldown", async () => {
    const asked = new URLSearchParams({ from: october.tsStart, to: october.tsEnd });
    const narrowed = await answer(analyst, `/scorecards/${ids.scorecard}/calculations?${asked}`);
    expect(narrowed.live.entities.map((entity: { entity: string; score: number }) => entity.entity)).toEqual([
      ids.movistar,
    ]);
    expect(narrowed.narrowedBy).toEqual(byProfile());
    const whole = await answer(admin, `/scorecards/${ids.scorecard}/calculations?${asked}`);
    expect(whole.live.entities).toHaveLength(2);
    expect(whole).not.toHaveProperty('narrowedBy');

    const drilldown = await answer(analyst, `/api/graphic/scorecard/${ids.scorecard}/drilldown`, {
      from: october.tsStart,
      to: october.tsEnd,
      kpi: 'download',
      entity: ids.movistar,
    });
    expect(drilldown.narrowedBy).toEqual(byProfile());
  });

  it('puts what narrowed a CSV extraction on its file, where its owner lists it (a CSV has no room for it)', async () => {
    const extractor = await api.as('csv-movistar-4g-5g', {
      service: 'mobile',
      isps: [{ id: ids.movistar! }],
      technologies: [4, 5],
      programs: [{ id: 'speedtest', type: 2, program: 'Speed test', groups: [] }],
      serverDestinations: [{ name: 'Madrid speed server', ip: '10.0.0.1' }],
    });
    const response = await extractor.inject({
      method: 'POST',
      url: '/api/types/mobile/programs/speedtest/csv',
      payload: october,
    });
    expect(response.statusCode, response.body).toBe(202);
    const told = {
      restrictions: [
        ...byProfile().restrictions,
        { kind: 'destination', values: [{ id: 'Madrid speed server', name: 'Madrid speed server' }] },
      ],
    };
    const { file } = response.json();
    expect(file.narrowedBy).toEqual(told);
    let listed: { narrowedBy?: unknown } | undefined;
    await waitFor(`file ${file.id} listed`, async () => {
      const { list } = await answer(extractor, '/files-management');
      listed = list.find((item: { id: string }) => item.id === file.id);
      return listed !== undefined;
    });
    expect(listed!.narrowedBy).toEqual(told);
  });

  it("tells it on the storyboard's KPIs and errored measurements", async () => {
    const board = await answer(analyst, '/api/storyboard');
    expect(board.kpis.data.narrowedBy).toMatchObject(byProfile());
    expect(board.errors.data.narrowedBy).toMatchObject(byProfile());
    const whole = await answer(admin, '/api/storyboard');
    expect(whole.kpis.data).not.toHaveProperty('narrowedBy');
  });
});
