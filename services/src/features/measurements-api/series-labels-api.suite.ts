import type { EnrichedMeasurement } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

type Series = {
  key: Record<string, string | number>;
  labels?: Record<string, string>;
  colours?: Record<string, string>;
};

/**
 * Graphic answers name the entities their series are broken down by (campaign, universe, probe, ISP as a provider id…)
 * among those the caller sees, with the colours configured for them; run on the embedded profile and on the
 * distributed one (real servers).
 */
export function describeSeriesLabels(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`series labels — ${profile}`, { timeout: 60_000 }, () => {
    let api: TestApi;
    let analyst: SignedClient;
    const ids = { own: '', hidden: '', universe: '', provider: '' };
    const probeId = `labels${Date.now().toString(36)}`;

    const created = async (client: SignedClient, url: string, payload: object) => {
      const response = await client.inject({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string; position: string };
    };
    const graphic = async (url: string, payload: object) => {
      const response = await analyst.inject({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { series: Series[] }).series.map(({ key, labels, colours }) => ({
        key,
        labels,
        colours,
      }));
    };

    beforeAll(async () => {
      api = await openTestApi(await environment());
      // The analyst sees its own campaigns and the probe it is granted; universes and providers are shared.
      analyst = await api.as('labels-analyst', {
        layers: [
          { id: 'evolution', groups: [] },
          { id: 'campaigns_management', groups: [] },
        ],
        probes: [probeId],
        service: 'mobile',
      });
      const year = { startDate: '2026-01-01', endDate: '2026-12-31' };
      ids.own = (await created(analyst, '/api/campaigns-management', { name: 'Seville drive', ...year })).id;
      ids.hidden = (await created(api.app, '/api/campaigns-management', { name: 'Board only', ...year })).id;
      ids.universe = (await created(api.app, '/universes', { name: 'Andalusia' })).id;
      ids.provider = (
        await created(api.app, '/api/providers', {
          name: 'Labelled Telecom',
          label: 'Labelled Telecom',
          country: 'Spain',
          numeric: '21499',
          colour: '#FF7900',
        })
      ).id;
      const probe = await created(api.app, '/probes', {
        probeId,
        name: 'Triana landline',
        family: 'Cube',
        type: 'landline',
      });
      // Each read model keeps its own checkpoint: wait until every one has projected the last write (the probes read
      // model being there says nothing of the campaigns one).
      expect(await api.platform.projector.waitFor(probe.position, 60_000)).toBe(true);

      const measured = (id: string, changes: Partial<EnrichedMeasurement>) =>
        sampleMeasurement({
          measurementId: `${probeId}-${id}`,
          probeId,
          measuredAt: '2026-03-02T10:00:00.000Z',
          universes: [ids.universe],
          kpis: { download: 80 },
          ...changes,
        });
      // An ISP broken down by is a provider's id (in the field ingest records it in, and as the name reported).
      const providerIsp = { isp: ids.provider, ispId: ids.provider } as Partial<EnrichedMeasurement>;
      const measurements = [
        measured('a', { campaigns: [ids.own], ...providerIsp }),
        measured('b', { campaigns: [ids.hidden], isp: 'Orange' }),
      ];
      expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
      // Elasticsearch search is near-real-time: counting refreshes the measurements index.
      expect(await api.platform.measurements.count({ probeId })).toBe(measurements.length);
    }, 120_000);
    afterAll(() => api?.raw.close());

    it('names the campaigns of the evolution series, leaving another profile’s campaign unnamed', async () => {
      const series = await graphic('/api/evolution', { kpi: 'download', breakdowns: ['campaign'] });
      expect(series).toEqual(
        [
          { key: { campaign: ids.own }, labels: { campaign: 'Seville drive' } },
          { key: { campaign: ids.hidden }, labels: undefined },
        ].sort((a, b) => (a.key.campaign < b.key.campaign ? -1 : 1)),
      );
    });

    it('names the universes of the evolution series for a profile that selects by universe (landline)', async () => {
      // The profile a request is scoped by is read from its read model: wait until the change is projected there.
      const changeService = async (service: string) => {
        const response = await api.app.inject({ method: 'PUT', url: '/profiles/labels-analyst', payload: { service } });
        expect(response.statusCode, response.body).toBe(200);
        expect(await api.platform.projector.waitFor(await api.platform.eventStore.head(), 60_000)).toBe(true);
      };
      await changeService('landline');
      try {
        const series = await graphic('/api/evolution', { kpi: 'download', breakdowns: ['universe'] });
        expect(series).toEqual([{ key: { universe: ids.universe }, labels: { universe: 'Andalusia' } }]);
      } finally {
        await changeService('mobile');
      }
    });

    it('names ISPs (provider ids) and probes, in every graphic answer', async () => {
      const asked = { kpi: 'download', breakdowns: ['isp', 'probe'], isps: [ids.provider] };
      const expected = [
        {
          key: { isp: ids.provider, probe: probeId },
          labels: { isp: 'Labelled Telecom', probe: 'Triana landline' },
          colours: { isp: '#ff7900' },
        },
      ];
      expect(await graphic('/api/evolution', asked)).toEqual(expected);
      expect(await graphic('/api/graphic', { ...asked, graphicType: 'line', granularity: 'day' })).toEqual(expected);
    });

    it("gives a provider's configured colour with its name, for every chart to draw its series in", async () => {
      const series = await graphic('/api/evolution', { kpi: 'download', breakdowns: ['isp'] });
      expect(series).toEqual([
        {
          key: { isp: ids.provider },
          labels: { isp: 'Labelled Telecom' },
          colours: { isp: '#ff7900' },
        },
      ]);
    });
  });
}
