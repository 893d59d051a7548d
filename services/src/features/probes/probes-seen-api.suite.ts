import type { EnrichedMeasurement, ProfileFields, StoryboardResponse } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const movistar = 'seen-movistar';
const orange = 'seen-orange';

/**
 * Four probes: three measure (Movistar 4G on a handset, Movistar over Ethernet at home, Orange 5G on a handset), one
 * never has. Each is in the same campaign and universe, so the pages listing those list them all.
 */
const probes = [
  { probeId: 'seenmov4g', type: 'mobile', isp: movistar, technology: 4, latitude: 40.42, longitude: -3.7 },
  { probeId: 'seenmovhome', type: 'landline', isp: movistar, technology: 98 },
  { probeId: 'seenora5g', type: 'mobile', isp: orange, technology: 5, latitude: 40.41, longitude: -3.69 },
  { probeId: 'seensilent', type: 'mobile' },
] as const;
const allProbes = probes.map((probe) => probe.probeId).sort();
const located: string[] = probes.flatMap((probe) => ('latitude' in probe ? [probe.probeId] : []));

const measurementsOf = (probe: (typeof probes)[number]): EnrichedMeasurement[] =>
  'isp' in probe
    ? ['2026-03-02T08:00:00.000Z', '2026-03-03T08:00:00.000Z'].map((measuredAt) =>
        sampleMeasurement({
          probeId: probe.probeId,
          probeType: probe.type,
          ispId: probe.isp,
          isp: probe.isp,
          technology: probe.technology,
          technologyLabel: String(probe.technology),
          measuredAt,
          campaigns: [],
        }),
      )
    : [];

/** What a restricted profile's data scope lets through: only its measurements' probes are seen. */
const restricted: Record<string, { fields: Partial<ProfileFields>; sees: string[] }> = {
  'one provider': { fields: { isps: [{ id: movistar }] }, sees: ['seenmov4g', 'seenmovhome'] },
  'mobile technologies': { fields: { technologies: [4, 5] }, sees: ['seenmov4g', 'seenora5g'] },
};

/**
 * The probes a profile sees are the same on every page that lists probes (probe status and its counter, the probes
 * map, a campaign's and a universe's active probes, the storyboard tile, test analysis, the export of measurements):
 * those whose measurements its data scope lets through. An unrestricted profile sees every probe, measured or not.
 */
export function describeProbesSeenApi(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`the probes a profile sees — ${profile}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    const ids: Record<string, string> = {};

    const get = async (client: SignedClient, url: string) => {
      const response = await client.inject(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json();
    };
    const sorted = (values: string[]) => [...new Set(values)].sort();

    /** The probe ids of a list answer's rows. */
    const listed = async (client: SignedClient, url: string) =>
      sorted((await get(client, url)).list.map((row: { probeId: string }) => row.probeId));
    /** The probes of the measurements a service's export holds. */
    const exported = async (client: SignedClient, service: string) => {
      const response = await client.inject({ method: 'POST', url: `/medux/${service}/Production/json`, payload: {} });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { probeId: string }[]).map((row) => row.probeId);
    };
    /** The probes whose test analysis answers (200) or does not exist for the caller (404). */
    const testAnalysisAnswers = async (client: SignedClient, status: number) => {
      const answers = await Promise.all(
        allProbes.map(async (probeId) => (await client.inject(`/test-analysis/${probeId}/layer`)).statusCode),
      );
      return allProbes.filter((_, index) => answers[index] === status);
    };

    /** Each probe-listing route's answer, as the probe ids it lists (or the count it gives). */
    async function probesListedFor(client: SignedClient) {
      const map = await get(client, '/api/probes/map');
      const storyboard = (await get(client, '/api/storyboard')) as StoryboardResponse;
      const testAnalysis = await get(client, '/test-analysis/probes?pageSize=50');
      return {
        status: await listed(client, '/probes/status'),
        homeCounter: (await get(client, '/probes/status/counter')).total,
        // Located probes on the map; those without coordinates counted there, and listed by the status list.
        map: sorted([
          ...map.features.map((feature: { properties: { probeId: string } }) => feature.properties.probeId),
          ...(await listed(client, '/probes/status?located=false')),
        ]),
        withoutCoordinates: map.withoutCoordinates,
        byCampaign: await listed(client, `/probes/actives/bycampaign?campaignId=${ids.campaign}`),
        byUniverse: await listed(client, `/probes/actives/byuniverse?universeId=${ids.universe}`),
        storyboardTotal: 'data' in storyboard.probeStatus ? storyboard.probeStatus.data.total : undefined,
        testAnalysis: {
          count: testAnalysis.count,
          list: testAnalysis.list.map((probe: { probeId: string }) => probe.probeId),
        },
        testAnalysisOpens: await testAnalysisAnswers(client, 200),
        testAnalysisRefuses: await testAnalysisAnswers(client, 404),
        exported: sorted([...(await exported(client, 'mobile')), ...(await exported(client, 'landline'))]),
      };
    }

    /** What every route lists for a profile seeing these probes (their measurements, when they have some). */
    const listing = (seen: string[]) => {
      const measured = seen.filter((probeId) => probeId !== 'seensilent');
      return {
        status: seen,
        homeCounter: seen.filter((probeId) => probeId === 'seenmovhome').length,
        map: seen,
        withoutCoordinates: seen.filter((probeId) => !located.includes(probeId)).length,
        byCampaign: seen,
        byUniverse: seen,
        storyboardTotal: seen.length,
        testAnalysis: { count: seen.length, list: seen },
        testAnalysisOpens: seen,
        testAnalysisRefuses: allProbes.filter((probeId) => !seen.includes(probeId)),
        exported: measured,
      };
    };

    beforeAll(async () => {
      api = await openTestApi(await environment());
      const create = async (url: string, payload: object) => {
        const response = await api.app.inject({ method: 'POST', url, payload });
        expect(response.statusCode, response.body).toBe(201);
        return response.json() as { id: string; position: string };
      };
      ids.campaign = (
        await create('/api/campaigns-management', {
          name: 'Seen probes campaign',
          startDate: '2026-01-01',
          endDate: '2026-12-31',
        })
      ).id;
      for (const { probeId, type, ...place } of probes)
        await create('/probes', {
          probeId,
          name: `Probe ${probeId}`,
          family: 'Agent',
          type,
          status: 'Available',
          deployment: 'Production',
          campaign: ids.campaign,
          ...('latitude' in place ? { latitude: place.latitude, longitude: place.longitude } : {}),
        });
      const universe = await create('/universes', {
        name: 'Seen probes universe',
        probes: allProbes.map((probeId) => ({ probeId, start: '2020-01-01T00:00:00Z' })),
      });
      ids.universe = universe.id;
      // Each read model follows the log on its own: the probes', the fleet's and the universe's (its members) show it.
      for (const list of ['/probes', '/probes/status', '/universes']) {
        const caughtUp = await api.readCaughtUp(`${list}?minPosition=${universe.position}`);
        expect(caughtUp.statusCode, caughtUp.body).toBe(200);
      }
      const measurements = probes.flatMap(measurementsOf);
      expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
      await waitFor(
        'every measurement to be searchable',
        async () =>
          (await exported(api.app, 'mobile')).length + (await exported(api.app, 'landline')).length ===
          measurements.length,
        60_000,
      );
    }, 180_000);
    afterAll(() => api?.raw.close());

    for (const [restriction, { fields, sees }] of Object.entries(restricted))
      it(`shows a profile restricted to ${restriction} exactly the probes its measurements come from, on every page`, async () => {
        const client = await api.as(`seen-${restriction.replaceAll(' ', '-')}`, fields);
        expect(await probesListedFor(client)).toEqual(listing(sees));
      });

    it('narrows the test analysis search to the probes the profile sees', async () => {
      const client = await api.as('seen-one-provider', restricted['one provider']!.fields);
      const found = await get(client, '/test-analysis/probes?q=HOME');
      expect(found).toMatchObject({ count: 1, list: [{ probeId: 'seenmovhome', name: 'Probe seenmovhome' }] });
      expect(await get(client, '/test-analysis/probes?q=ora')).toMatchObject({ count: 0, list: [] });
      const refused = await client.inject({
        url: '/test-analysis/probes?pageSize=500',
        headers: { 'accept-language': 'es' },
      });
      expect({ status: refused.statusCode, body: refused.json() }).toMatchObject({
        status: 400,
        body: { code: 'validation.tooBig', message: 'El valor puede ser como máximo 200.' },
      });
    });

    it('shows unrestricted profiles every probe, those that never measured too', async () => {
      expect(await probesListedFor(api.app)).toEqual(listing(allProbes));
      const administrator = await api.as('seen-administrator', { rol: 'admin' });
      expect(await probesListedFor(administrator)).toEqual(listing(allProbes));
    });

    it('shows a restricted profile the probes it configured itself before they measure', async () => {
      const owner = await api.as('seen-owner', { isps: [{ id: orange }] });
      const response = await owner.inject({
        method: 'POST',
        url: '/probes',
        payload: { probeId: 'seenownnew', name: 'Own new probe', family: 'Agent', type: 'mobile' },
      });
      expect(response.statusCode, response.body).toBe(201);
      // The probes it configures (the probes' read model) and the fleet's read model both show it.
      for (const list of ['/probes', '/probes/status']) {
        const caughtUp = await api.readCaughtUp(`${list}?minPosition=${response.json().position}`);
        expect(caughtUp.statusCode, caughtUp.body).toBe(200);
      }
      const status = await get(owner, '/probes/status');
      expect(sorted(status.list.map((row: { probeId: string }) => row.probeId))).toEqual(['seenora5g', 'seenownnew']);
    });
  });
}
