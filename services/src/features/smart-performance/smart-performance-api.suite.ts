import type {
  EnrichedMeasurement,
  ProfileFields,
  SmartPerformanceAnswer,
  SmartPerformanceDashboard,
} from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

type Series = SmartPerformanceAnswer['charts'][number] & { status: 'ready' };

/** The mean over a series' buckets, weighted by how many values each holds, and how many values in all. */
const overall = (series: Series['series'][number]) => {
  const count = series.buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const total = series.buckets.reduce((sum, bucket) => sum + bucket.value * bucket.count, 0);
  return { count, mean: Math.round((total / count) * 1000) / 1000 };
};

/**
 * The smart performance dashboards' definition and data: the profile's KPIs, each read in its fringes, per program,
 * within the profile's scope; run on the embedded profile and on the distributed one (real servers).
 */
export function describeSmartPerformance(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`smart performance — ${profile}`, { timeout: 60_000 }, () => {
    let api: TestApi;
    let analyst: SignedClient;
    const probeId = `smart${Date.now().toString(36)}`;
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

    const charts = async (payload: object) => {
      const response = await analyst.inject({ method: 'POST', url: '/api/smart-performance', payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as SmartPerformanceAnswer;
    };
    const readyChart = (answer: SmartPerformanceAnswer, kpi: string) => {
      const chart = answer.charts.find((item) => item.kpi === kpi);
      // A failed chart says why (its catalogue error), so that a failure on CI can be told from the answer alone.
      expect(chart?.status, JSON.stringify(chart)).toBe('ready');
      return chart as Series;
    };
    const byProgram = (chart: Series) =>
      Object.fromEntries(chart.series.map((series) => [series.labels?.program ?? series.key.program, overall(series)]));

    beforeAll(async () => {
      api = await openTestApi(await environment());
      analyst = await api.as('smart-analyst', {
        layers: [
          { id: 'smartPerformance', groups: [] },
          { id: 'scoreManagement', groups: [] },
        ],
        probes: [probeId],
        technologies: [4],
        kpis: [
          { id: 'download', fringes: [0, 1], inverse: false },
          { id: 'latency', fringes: [2], inverse: true },
        ],
        programs: [
          { id: 'speedtest', type: 2, program: 'Speed test', groups: ['Speed'] },
          { id: 'ping', type: 3, program: 'Ping', groups: ['Speed', 'Latency'] },
        ],
        serverDestinations: [{ name: 'speed.example.net', ip: '192.0.2.10' }],
        defaultDestinations: [{ name: 'dns.google', ip: '8.8.8.8' }],
      });
      const target = { speedtest: 'speed.example.net', ping: 'dns.google', web: 'www.example.org' } as const;
      const measured = (id: string, changes: Partial<EnrichedMeasurement> & { program: keyof typeof target }) =>
        sampleMeasurement({
          measurementId: `${probeId}-${id}`,
          probeId,
          measuredAt: hoursAgo(2),
          destination: { name: target[changes.program] },
          ...changes,
        });
      const measurements = [
        measured('a', { program: 'speedtest', fringe: 0, kpis: { download: 100, latency: 10 } }),
        measured('b', { program: 'speedtest', fringe: 1, kpis: { download: 50 }, measuredAt: hoursAgo(30) }),
        // Out of the KPIs' fringes, of another technology, of a program the profile does not list, too old.
        measured('c', { program: 'speedtest', fringe: 2, kpis: { download: 1, latency: 40 } }),
        measured('d', { program: 'speedtest', fringe: 0, technology: 5, kpis: { download: 999 } }),
        measured('e', { program: 'web', fringe: 0, kpis: { download: 999 } }),
        measured('f', { program: 'speedtest', fringe: 0, kpis: { download: 999 }, measuredAt: hoursAgo(24 * 8) }),
        measured('g', { program: 'ping', fringe: 2, kpis: { latency: 30 } }),
        measured('h', { program: 'ping', fringe: 2, kpis: { latency: 20 }, measuredAt: hoursAgo(5) }),
        // Against a destination that is not one of the profile's targets for its program.
        measured('i', { program: 'speedtest', fringe: 0, kpis: { download: 999 }, destination: { name: 'elsewhere' } }),
      ];
      expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
      // Elasticsearch search is near-real-time: counting refreshes the measurements index.
      expect(await api.platform.measurements.count({ probeId })).toBe(measurements.length);
    }, 120_000);
    afterAll(() => api?.raw.close());

    it("defines the dashboards from the profile's KPIs, programs and their groups", async () => {
      const response = await analyst.inject('/profile/smartPerformance');
      expect(response.statusCode, response.body).toBe(200);
      const dashboard = response.json() as SmartPerformanceDashboard;
      expect(dashboard.kpis).toEqual([
        { id: 'download', fringes: [0, 1], inverse: false, unit: 'Mbps' },
        { id: 'latency', fringes: [2], inverse: true, unit: 'ms' },
      ]);
      expect(dashboard.groups).toEqual([
        { name: 'Speed', programs: ['speedtest', 'ping'] },
        { name: 'Latency', programs: ['ping'] },
      ]);
      expect(dashboard.grouping).toBe('program');
    });

    it('answers each KPI per program over the window, in its fringes and within the profile scope', async () => {
      const answer = await charts({ window: '7d' });
      expect(answer.charts.map((chart) => chart.kpi)).toEqual(['download', 'latency']);
      expect(byProgram(readyChart(answer, 'download'))).toEqual({ 'Speed test': { count: 2, mean: 75 } });
      expect(byProgram(readyChart(answer, 'latency'))).toEqual({
        'Speed test': { count: 1, mean: 40 },
        Ping: { count: 2, mean: 25 },
      });
    });

    it('narrows to the window, the programs and the KPIs asked for, and groups by fringe on request', async () => {
      const lastDay = await charts({ window: '24h', kpis: ['download'] });
      expect(lastDay.charts.map((chart) => chart.kpi)).toEqual(['download']);
      expect(lastDay.granularity).toBe('hours');
      expect(byProgram(readyChart(lastDay, 'download'))).toEqual({ 'Speed test': { count: 1, mean: 100 } });

      const ping = await charts({ programs: ['ping'] });
      expect(byProgram(readyChart(ping, 'latency'))).toEqual({ Ping: { count: 2, mean: 25 } });

      const fringes = await charts({ grouping: 'fringe', kpis: ['download'] });
      const perFringe = readyChart(fringes, 'download').series.map((series) => [series.key.fringe, overall(series)]);
      expect(perFringe).toEqual([
        [0, { count: 1, mean: 100 }],
        [1, { count: 1, mean: 50 }],
      ]);
    });

    it('reads a KPI in the fringes the profile sets for it', async () => {
      const change = await analyst.inject({
        method: 'PUT',
        url: '/profile/update/kpis/download/fringes',
        payload: { fringes: [1, 2] },
      });
      expect(change.statusCode, change.body).toBe(200);
      try {
        const answer = await charts({ kpis: ['download'] });
        expect(readyChart(answer, 'download').fringes).toEqual([1, 2]);
        expect(byProgram(readyChart(answer, 'download'))).toEqual({ 'Speed test': { count: 2, mean: 25.5 } });
      } finally {
        await analyst.inject({
          method: 'PUT',
          url: '/profile/update/kpis/download/fringes',
          payload: { fringes: [0, 1] },
        });
      }
    });

    it("keeps to the profile's targets for its programs: warns of programs without, refuses when none has any", async () => {
      const fields: Partial<ProfileFields> = {
        layers: [{ id: 'smartPerformance', groups: [] }],
        probes: [probeId],
        technologies: [4],
        kpis: [{ id: 'download', fringes: [0, 1], inverse: false }],
      };
      const gaming = { id: 'gaming', type: 5 as const, program: 'Gaming', groups: [] };
      const partly = await api.as('smart-partly-targeted', {
        ...fields,
        programs: [{ id: 'speedtest', type: 2, program: 'Speed test', groups: [] }, gaming],
        serverDestinations: [{ name: 'speed.example.net', ip: '192.0.2.10' }],
      });
      const answer = await partly.inject({ method: 'POST', url: '/api/smart-performance', payload: { window: '7d' } });
      expect(answer.statusCode, answer.body).toBe(200);
      const chart = (answer.json() as SmartPerformanceAnswer).charts[0] as Series;
      expect(byProgram(chart)).toEqual({ 'Speed test': { count: 2, mean: 75 } });
      expect(chart.warnings.map((item) => item.code)).toEqual(['destinations.someProgramsWithoutTargets']);

      const untargeted = await api.as('smart-untargeted', { ...fields, programs: [gaming] });
      const refused = await untargeted.inject({ method: 'POST', url: '/api/smart-performance', payload: {} });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'destinations.noTargets' });
    });

    it('refuses what it cannot answer, and a profile without the screen', async () => {
      const unknown = await analyst.inject({
        method: 'POST',
        url: '/api/smart-performance',
        payload: { window: '1y' },
        headers: { 'accept-language': 'es' },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ message: 'La opción seleccionada no es válida.' });
      const tooFine = await analyst.inject({
        method: 'POST',
        url: '/api/smart-performance',
        payload: { window: '90d', granularity: 'minutes' },
      });
      expect(tooFine.statusCode).toBe(400);

      const other = await api.as('smart-outsider', { layers: [{ id: 'evolution', groups: [] }] });
      expect((await other.inject('/profile/smartPerformance')).statusCode).toBe(403);
      expect((await other.inject({ method: 'POST', url: '/api/smart-performance', payload: {} })).statusCode).toBe(403);
    });
  });
}
