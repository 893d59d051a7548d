import type { EnrichedMeasurement, LayerId, StoryboardResponse } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const dayMs = 86_400_000;
const daysAgo = (days: number, hours = 0) => new Date(Date.now() - days * dayMs - hours * 3_600_000).toISOString();
const layers = (...ids: LayerId[]) => ids.map((id) => ({ id, groups: [] }));
const mosEntry = (kpi: string, mappingFunction: string, lower: number, upper: number) => ({
  kpi,
  weight: 50,
  min: 0,
  max: 1000,
  operator: mappingFunction === 'invertedLinear' ? 'lte' : 'gte',
  mappingFunction,
  limits: { lower, upper, absoluteUpper: upper * 2 },
});

type Data<Tile> = Tile extends { data: infer D } ? D : never;
type Scorecards = Data<StoryboardResponse['scorecards']>;
type ScoredCard = Extract<Scorecards['list'][number], { entities: unknown }>;

/**
 * The storyboard answers each tile from the caller's profile: a restricted analyst (one campaign, one probe, two
 * KPIs) sees only its scorecard, its probe, its KPIs and its errored measurements, with the numbers the screens
 * that explain them answer; the administrator sees everything.
 */
export function describeStoryboardApi(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`storyboard API — ${profile}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    let analyst: SignedClient;
    const ids: Record<string, string> = {};
    const measurements: Record<string, EnrichedMeasurement> = {};

    const create = async (url: string, payload: object) => {
      const response = await api.app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const storyboard = async (client: SignedClient) => {
      const response = await client.inject('/api/storyboard');
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as StoryboardResponse;
    };
    const data = <Tile extends { data: unknown } | { error: unknown }>(tile: Tile) => {
      expect(tile, JSON.stringify(tile)).toHaveProperty('data');
      return (tile as Extract<Tile, { data: unknown }>).data as Data<Tile>;
    };

    beforeAll(async () => {
      api = await openTestApi(await environment());
      for (const [key, name, numeric] of [
        ['movistar', 'Movistar', '21407'],
        ['orange', 'Orange', '21403'],
      ] as const)
        ids[key] = await create('/api/providers', { name, label: name, country: 'Spain', numeric });
      for (const key of ['north', 'south'])
        ids[key] = await create('/api/campaigns-management', {
          name: `Storyboard ${key}`,
          startDate: '2026-01-01',
          endDate: '2027-12-31',
        });
      for (const key of ['north', 'south'])
        await create('/probes', {
          probeId: `sb${key}`,
          name: `Storyboard ${key} probe`,
          family: 'Agent',
          type: 'mobile',
          campaign: ids[key],
        });
      for (const key of ['north', 'south'])
        ids[`${key}Scorecard`] = await create('/scorecards', {
          name: `${key === 'north' ? 'North' : 'South'} quality`,
          weight: 100,
          maxScore: 10,
          campaigns: [ids[key]],
          providers: [ids.movistar, ids.orange],
          kpis: [
            { kpi: 'download', weight: 50, fringes: [] },
            { kpi: 'latency', weight: 50, fringes: [] },
          ],
          mosEntries: [mosEntry('download', 'linear', 10, 50), mosEntry('latency', 'invertedLinear', 20, 100)],
        });
      analyst = await api.as('storyboard-analyst', {
        layers: layers('storyboard', 'scorecard_live', 'evolution', 'tools/probes_status'),
        campaigns: [{ id: ids.south! }],
        probes: ['sbsouth'],
        kpis: [
          { id: 'download', fringes: [0, 1, 2], inverse: false },
          { id: 'latency', fringes: [0, 1, 2], inverse: true },
        ],
        timeZone: 'Europe/Madrid',
      });

      const measured = (key: 'north' | 'south', name: string, changes: Partial<EnrichedMeasurement>) => {
        measurements[name] = sampleMeasurement({
          probeId: `sb${key}`,
          campaigns: [ids[key]!],
          provider: ids.movistar,
          ispId: ids.movistar,
          ...changes,
        });
      };
      measured('south', 'southRecent', { measuredAt: daysAgo(2), kpis: { download: 40, latency: 30 } });
      measured('south', 'southEarlier', { measuredAt: daysAgo(40), kpis: { download: 20, latency: 60 } });
      measured('south', 'southError', { measuredAt: daysAgo(1), status: 'Error', kpis: {} });
      measured('north', 'northRecent', { measuredAt: daysAgo(2), kpis: { download: 90, latency: 10 } });
      measured('north', 'northError', { measuredAt: daysAgo(1, 1), status: 'Error', kpis: {} });
      expect(await api.platform.measurements.write(Object.values(measurements))).toEqual({ failed: [] });

      await api.platform.log.produce(
        api.platform.topics.probeStatus,
        [
          { probeId: 'sbnorth', state: 'Ready' },
          { probeId: 'sbsouth', state: 'Not available' },
        ].map((report) => ({
          key: report.probeId,
          value: JSON.stringify({
            ...report,
            reportedAt: new Date().toISOString(),
            receivedAt: new Date().toISOString(),
          }),
        })),
      );
      // Everything written shows: both probes (their read model may lag) and their reports, the scorecards' read
      // model and the providers' (each read model follows the log on its own), the measurements' index.
      await waitFor(
        'the storyboard to show what was written',
        async () => {
          const { probeStatus, scorecards, errors } = await storyboard(api.app);
          return (
            'data' in probeStatus &&
            probeStatus.data.total === 2 &&
            probeStatus.data.neverReported === 0 &&
            'data' in scorecards &&
            scorecards.data.total === 2 &&
            scorecards.data.list.every((card) => 'entities' in card && card.entities.every((entity) => entity.name)) &&
            'data' in errors &&
            errors.data.count === 2
          );
        },
        60_000,
      );
    }, 180_000);
    afterAll(() => api?.raw.close());

    it("shows a restricted analyst only its scorecard, with the calculation's score and its trend", async () => {
      const { scorecards } = await storyboard(analyst);
      const tile = data(scorecards);
      expect(tile.total).toBe(1);
      expect(tile.list.map((item) => item.name)).toEqual(['South quality']);
      const card = tile.list[0] as ScoredCard;
      const calculation = await analyst.inject(
        `/scorecards/${card.id}/calculations?${new URLSearchParams({
          from: card.window.from,
          to: card.window.to,
          asOf: card.configuration.position,
        })}`,
      );
      expect(calculation.statusCode, calculation.body).toBe(200);
      const live = calculation.json().live.entities as { entity: string; score: number | null }[];
      const movistar = card.entities.find((entity) => entity.entity === ids.movistar);
      expect(movistar).toMatchObject({
        name: 'Movistar',
        score: live.find((entity) => entity.entity === ids.movistar)!.score,
      });
      // download 40 (7.5 points) and latency 30 (8.75) now; download 20 (2.5) and latency 60 (5) the window before.
      expect(movistar).toMatchObject({ score: 8.125, previousScore: 3.75, rank: 1 });
    });

    it('counts only the probes the analyst sees, by the state each last reported', async () => {
      expect(data((await storyboard(analyst)).probeStatus)).toEqual({
        total: 1,
        byState: { Available: 0, 'Not available': 1, Ready: 0, 'Not ready': 0 },
        neverReported: 0,
      });
      const status = await analyst.inject('/probes/status');
      expect(status.json().list.map((row: { probeId: string; state: string }) => [row.probeId, row.state])).toEqual([
        ['sbsouth', 'Not available'],
      ]);
    });

    it("charts the analyst's KPIs over the last 30 days by day from its campaign only", async () => {
      const kpis = data((await storyboard(analyst)).kpis);
      expect(kpis.timeZone).toBe('Europe/Madrid');
      expect(kpis.list.map((item) => item.kpi)).toEqual(['download', 'latency']);
      const download = kpis.list[0] as Extract<(typeof kpis.list)[number], { days: unknown }>;
      expect(download.days.map(({ value, count }) => ({ value, count }))).toEqual([{ value: 40, count: 1 }]);
      expect(download.average).toBe(40);
      // The evolution screen asked the same answers the same numbers.
      const evolution = await analyst.inject({
        method: 'POST',
        url: '/api/evolution',
        payload: { kpi: 'download', tsStart: kpis.tsStart, tsEnd: kpis.tsEnd },
      });
      expect(evolution.statusCode, evolution.body).toBe(200);
      const [series] = evolution.json().series as { buckets: { value: number; count: number }[] }[];
      expect(series!.buckets.map(({ value, count }) => ({ value, count }))).toEqual([{ value: 40, count: 1 }]);
    });

    it("lists the analyst's latest errored measurements only", async () => {
      const errors = data((await storyboard(analyst)).errors);
      expect(errors.count).toBe(1);
      expect(errors.list).toEqual([
        expect.objectContaining({ measurementId: measurements.southError!.measurementId, probeId: 'sbsouth' }),
      ]);
    });

    it('shows the administrator every scorecard, probe and errored measurement, and the default KPIs', async () => {
      const board = await storyboard(api.app);
      expect(data(board.scorecards).list.map((item) => item.name)).toEqual(['North quality', 'South quality']);
      expect(data(board.probeStatus)).toMatchObject({ total: 2, byState: { Ready: 1, 'Not available': 1 } });
      expect(data(board.kpis).list.map((item) => item.kpi)).toEqual(['download', 'upload', 'latency', 'loss']);
      expect(data(board.errors).list.map((row) => row.measurementId)).toEqual([
        measurements.southError!.measurementId,
        measurements.northError!.measurementId,
      ]);
      expect(board.alerts).toBeNull();
    });
  });
}
