import type { EnrichedMeasurement, Measurement } from '@nq/contracts';
import { sleep, waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFleet,
  demoFleet,
  measurementFor,
  seededRandom,
  type VirtualProbe,
} from '../../simulator/fleet-model.ts';
import { fleetOptions } from '../../simulator/fleet-options.ts';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { assignIspIdsFromProviders } from '../ingest/stored-isp-ids.ts';

/** The demo fleet's probes as `npm start` runs them (same run, seed and geography). */
const demoProbes = createFleet(
  demoFleet.probes,
  demoFleet.geography,
  demoFleet.run,
  seededRandom(fleetOptions([]).seed),
);
const movistarHandset = demoProbes.find((probe) => probe.type === 'mobile' && probe.isp.name === 'Movistar')!;
const vodafoneHandset = demoProbes.find((probe) => probe.type === 'mobile' && probe.isp.name === 'Vodafone')!;
const inBarcelona = { lat: 41.39, lon: 2.16 };

/**
 * What a restricted analyst sees of the measurements ingest indexed (docs/product/roles.md#data-restrictions), through
 * the screens' routes: the demo analyst (Movistar, 4G and 5G, the Madrid campaign, 2026) sees the demo fleet's
 * Movistar handset whatever the letter case or name its ISP was reported under, and measurements stored before ISP ids
 * existed once they get theirs; a profile's campaigns and its clusters are alternatives (`useClusters`), never
 * intersected.
 */
export function describeProfileScope(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`what a restricted analyst sees — ${profile}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    let analyst: SignedClient;
    const ids = { movistar: '', campaign: '', landlineCluster: '' };
    let serial = 0;

    /** A measurement the demo fleet's probe sends (a download test), with changes. */
    const sent = (probe: VirtualProbe, changes: Partial<Measurement> = {}): Measurement => ({
      ...measurementFor(probe, new Date('2026-06-15T10:00:00Z'), seededRandom(++serial)),
      measurementId: `scope-${profile.split(' ')[0]}-${++serial}`,
      testType: 'http-download',
      status: 'Finished',
      kpis: { download: 50 + serial, latency: 20 },
      ...changes,
    });
    const ingest = async (measurements: (Measurement & { isp?: string })[]) => {
      await api.platform.log.produce(
        api.platform.topics.measurementsRaw,
        measurements.map((measurement) => ({ key: measurement.probeId, value: JSON.stringify(measurement) })),
      );
      await waitFor(`${measurements.length} measurements indexed`, async () => {
        const found = await Promise.all(measurements.map((m) => api.platform.measurements.get(m.measurementId)));
        return found.every(Boolean);
      });
    };
    const post = async (client: SignedClient, url: string, payload: object) => {
      const response = await client.inject({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    /** The measurements of these probes the client's profile sees, by the search, the evolution and the maps. */
    const seenBy = async (client: SignedClient, probes: string[]) => {
      const search = await post(client, '/api/measurements/by/profile', { probes, pageSize: 100 });
      const evolution = await post(client, '/api/evolution', { probes, kpi: 'download', breakdowns: ['isp'] });
      const map = await post(client, '/maps?count=true', { probes, kpi: 'download' });
      return {
        ids: (search.list as EnrichedMeasurement[]).map((m) => m.measurementId).sort(),
        evolution: (evolution.series as { key: { isp: string }; buckets: { count: number }[] }[]).map((series) => ({
          isp: series.key.isp,
          count: series.buckets.reduce((sum, bucket) => sum + bucket.count, 0),
        })),
        mapped: map.total as number,
      };
    };
    const idsOf = (measurements: Measurement[]) => measurements.map((m) => m.measurementId).sort();

    beforeAll(async () => {
      api = await openTestApi(await environment(), { demoData: true });
      analyst = await api.sessionFor('demo-analyst-user', 'demo-analyst');
      // The read models show the demo configuration once they have the log head (read-your-writes).
      const head = await api.platform.eventStore.head();
      expect(await api.platform.projector.waitFor(head, 60_000)).toBe(true);
      const list = async (path: string) =>
        (await api.app.inject(`${path}?pageSize=100&minPosition=${head}`)).json().list as {
          id: string;
          name: string;
        }[];
      const named = async (path: string, name: string) => (await list(path)).find((item) => item.name === name)!.id;
      ids.movistar = await named('/api/providers', 'Movistar');
      ids.campaign = await named('/api/campaigns-management', 'Madrid drive test 2026');
      ids.landlineCluster = await named('/api/clusters-management', 'Madrid landline');
      // Movistar also goes by another label, as a probe may report it.
      const labelled = await api.app.inject({
        method: 'PUT',
        url: `/api/providers/${ids.movistar}`,
        payload: { label: 'Telefónica Movistar' },
      });
      expect(labelled.statusCode, labelled.body).toBe(200);
      expect(await api.platform.projector.waitFor(labelled.json().position, 60_000)).toBe(true);
      // Ingest reloads its facts once the read models have settled after a change.
      await sleep(1_200);
    }, 180_000);
    afterAll(() => api?.raw.close());

    it('shows the demo analyst the Movistar results, whatever the letter case or name the ISP is reported under', async () => {
      const movistar = [
        sent(movistarHandset),
        sent(movistarHandset, { isp: 'MOVISTAR' }),
        sent(movistarHandset, { isp: 'telefónica movistar' }),
        // No ISP reported: the provider owning the IMSI.
        sent(movistarHandset, { isp: undefined, imsi: '214070000000007' }),
      ];
      const vodafone = [sent(vodafoneHandset), sent(movistarHandset, { isp: 'Vodafone' })];
      await ingest([...movistar, ...vodafone]);
      const probes = [movistarHandset.probeId, vodafoneHandset.probeId];

      const seen = await seenBy(analyst, probes);
      expect(seen.ids).toEqual(idsOf(movistar));
      expect(seen.evolution).toEqual([{ isp: ids.movistar, count: 4 }]);
      expect(seen.mapped).toBe(4);
      const stored = await api.platform.measurements.get(movistar[1]!.measurementId);
      expect(stored).toMatchObject({ isp: 'MOVISTAR', ispId: ids.movistar });
      // The administrator sees both ISPs, each one series however its name was reported.
      const everything = await seenBy(api.app, probes);
      expect(everything.evolution.map((series) => series.count).sort()).toEqual([2, 4]);
    });

    it('shows measurements stored before ISP ids existed once they are given theirs', async () => {
      // As ingest stored it before: no ISP id beside the reported name.
      const old = sent(movistarHandset, { isp: 'movistar' });
      const stored = {
        ...old,
        receivedAt: old.measuredAt,
        hour: 12,
        weekday: 1,
        fringe: 0,
        probeType: 'mobile',
        campaigns: [ids.campaign],
        clusters: [],
        universes: [],
        tags: [],
        technologyLabel: '4G',
      } as EnrichedMeasurement;
      expect(await api.platform.measurements.write([stored])).toEqual({ failed: [] });
      const only = async () =>
        (await post(analyst, '/api/measurements/by/profile', { probes: [movistarHandset.probeId], pageSize: 100 }))
          .list as EnrichedMeasurement[];
      expect((await only()).map((m) => m.measurementId)).not.toContain(stored.measurementId);
      expect(await assignIspIdsFromProviders(api.platform)).toBeGreaterThanOrEqual(1);
      expect((await only()).map((m) => m.measurementId)).toContain(stored.measurementId);
    });

    it('restricts a profile to its campaigns, or to its clusters when it uses clusters: never to both at once', async () => {
      const fields = { campaigns: [{ id: ids.campaign }], clusters: [ids.landlineCluster] };
      const restricted = await api.as('campaigns-or-clusters', fields);
      // The handset measures in the campaign's area; probe001, of the cluster, measures in Barcelona.
      const inCampaign = [sent(movistarHandset), sent(movistarHandset)];
      const inCluster = [sent({ ...movistarHandset, probeId: 'probe001', ...inBarcelona })];
      await ingest([...inCampaign, ...inCluster]);
      const probes = [movistarHandset.probeId, 'probe001'];
      const byCampaign = await seenBy(restricted, probes);
      expect(byCampaign.ids).toEqual(expect.arrayContaining(idsOf(inCampaign)));
      expect(byCampaign.ids).not.toContain(inCluster[0]!.measurementId);
      expect(byCampaign.mapped).toBe(byCampaign.ids.length);

      const switched = await api.app.inject({
        method: 'PUT',
        url: '/profiles/campaigns-or-clusters',
        payload: { useClusters: true },
      });
      expect(switched.statusCode, switched.body).toBe(200);
      // A request is scoped by the profile's read model: wait until the switch is projected there.
      expect(await api.platform.projector.waitFor(await api.platform.eventStore.head(), 60_000)).toBe(true);
      const byCluster = await seenBy(restricted, probes);
      expect(byCluster.ids).toEqual(idsOf(inCluster));
      expect(byCluster.evolution.map((series) => series.count)).toEqual([1]);
      expect(byCluster.mapped).toBe(1);
    });

    it('lets a profile select only by its own group: universes (landline), campaigns (mobile), clusters (useClusters)', async () => {
      const refused = async (client: SignedClient, url: string, payload: object, requested: string) => {
        const response = await client.inject({ method: 'POST', url, payload });
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json()).toMatchObject({
          code: 'profiles.selectionNotOffered',
          details: { requested: [requested] },
        });
      };
      const landline = await api.as('landline-selection', { service: 'landline' });
      const mobile = await api.as('mobile-selection', { service: 'mobile' });
      const clustered = await api.as('cluster-selection', { service: 'mobile', useClusters: true });
      const god = await api.as('god-selection', { service: 'landline', isGod: true });
      const evolution = { kpi: 'download', probes: [movistarHandset.probeId] };

      await refused(landline, '/api/evolution', { ...evolution, campaigns: [ids.campaign] }, 'campaigns');
      await refused(
        landline,
        '/api/graphic',
        { ...evolution, graphicType: 'bars', breakdowns: ['campaign'] },
        'campaign',
      );
      await refused(mobile, '/maps?count=true', { ...evolution, universes: ['u1'] }, 'universes');
      await refused(mobile, '/api/measurements/by/profile', { clusters: [ids.landlineCluster] }, 'clusters');
      await refused(clustered, '/api/benchmark', { ...evolution, campaigns: [ids.campaign] }, 'campaigns');

      await post(landline, '/api/evolution', { ...evolution, universes: ['u1'], breakdowns: ['universe'] });
      await post(mobile, '/api/evolution', { ...evolution, campaigns: [ids.campaign], breakdowns: ['campaign'] });
      await post(clustered, '/api/evolution', { ...evolution, clusters: [ids.landlineCluster] });
      await post(god, '/api/evolution', { ...evolution, campaigns: [ids.campaign], breakdowns: ['universe'] });
    });
  });
}
