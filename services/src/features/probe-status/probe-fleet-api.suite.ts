import {
  csvInstant,
  type ProbeStatusPage,
  type ProbesMapAnswer,
  probeMapPointLimit,
  tileKey,
  tileOf,
} from '@nq/contracts';
import type { ReadDocument } from '@nq/platform/read-store/read-store-port';
import { waitFor } from '@nq/platform/testing/wait-for';
import { fleetDocument, probeFleetCollection } from '@nq/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const FLEET = 3_000;
const states = ['Available', 'Not available', 'Ready', 'Not ready'] as const;
const MINUTE = 60_000;
/** How long before the test each report was made: within the hour, idle for hours or days, silent for years. */
const ages = [10 * MINUTE, 3 * 60 * MINUTE, 30 * 24 * 60 * MINUTE, 3 * 365 * 24 * 60 * MINUTE, 20 * MINUTE];
// Edges half a step off the seeds' grid (every 0.001°), so that no probe lies on one.
const madrid = { west: -3.7505, south: 40.3805, east: -3.6005, north: 40.5005 };

interface Seed {
  id: string;
  type: 'landline' | 'mobile';
  state: string | null;
  shownState: string;
  reportedMs: number | null;
  position: { lat: number; lon: number } | null;
}

/**
 * A national panel in miniature: a third of it packed into central Madrid, the rest spread over Spain, one in 25
 * without coordinates, one in 10 never reported, every state and both types.
 */
function seedOf(index: number, now: number): Seed & { document: ReadDocument } {
  const id = `fl${String(index).padStart(5, '0')}`;
  const type = index % 2 === 0 ? 'landline' : 'mobile';
  const status = states[(index + 1) % states.length]!;
  const inMadrid = index % 3 === 0;
  const position =
    index % 25 === 0
      ? null
      : inMadrid
        ? { lat: 40.4 + (index % 97) * 0.0008, lon: -3.72 + (index % 89) * 0.0009 }
        : { lat: 36.2 + ((index * 7919) % 7000) / 1000, lon: -8.9 + ((index * 104_729) % 11_000) / 1000 };
  const reportedMs = index % 10 === 0 ? null : now - ages[index % ages.length]!;
  const state = reportedMs === null ? null : states[index % states.length]!;
  const report =
    reportedMs === null
      ? {}
      : { state, lastReportAt: new Date(reportedMs).toISOString(), operator: 'movistar', technology: 4, battery: 50 };
  const configured = {
    name: `Fleet probe ${index}`,
    type,
    status,
    ...(position ? { latitude: position.lat, longitude: position.lon } : {}),
  };
  return {
    id,
    type,
    state,
    shownState: state ?? status,
    reportedMs,
    position,
    document: fleetDocument(id, configured, report),
  };
}

const inside = (position: Seed['position'], box: typeof madrid) =>
  position !== null &&
  position.lat >= box.south &&
  position.lat <= box.north &&
  position.lon >= box.west &&
  position.lon <= box.east;

/**
 * The fleet's screens at a national panel's size, on a fleet seeded straight into the read store: the probe status
 * pages and counts what a full scan counts, and the probes map answers clusters whose counts are the probes' own.
 */
export function describeProbeFleetApi(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`the fleet at scale — ${profile}`, { timeout: 180_000 }, () => {
    let api: TestApi;
    const now = Date.now();
    const seeds = Array.from({ length: FLEET }, (_, index) => seedOf(index, now));
    const count = (keep: (seed: Seed) => boolean) => seeds.filter(keep).length;

    const get = async <T>(url: string): Promise<T> => {
      const response = await api.app.inject(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json();
    };

    beforeAll(async () => {
      api = await openTestApi(await environment());
      await api.platform.readStore.write(
        'probe-fleet-seed',
        probeFleetCollection,
        seeds.map(({ id, document }) => ({ id, doc: document, version: 1n })),
      );
      await api.platform.readStore.write('clusters-seed', 'clusters', [
        {
          id: 'fleet-madrid',
          doc: {
            id: 'fleet-madrid',
            name: 'Madrid panel',
            probes: seeds
              .filter((seed) => inside(seed.position, madrid))
              .map(({ id }) => ({ probeId: id, start: '2020-01-01T00:00:00Z' })),
          },
          version: 1n,
        },
      ]);
      await waitFor(
        'the seeded fleet to be searchable',
        async () => (await get<ProbeStatusPage>('/probes/status?pageSize=1')).count === FLEET,
        60_000,
      );
    }, 240_000);
    afterAll(() => api?.raw.close());

    it('pages the probe status on the server: every page together holds every probe once', async () => {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const answer = await get<ProbeStatusPage>(`/probes/status?page=${page}&pageSize=200`);
        expect(answer.count).toBe(FLEET);
        ids.push(...answer.list.map((row) => row.probeId));
        if (answer.list.length < 200) break;
      }
      expect(ids).toEqual(seeds.map((seed) => seed.id));
    });

    it('exports every probe as CSV, written as the caller’s language has it or as the query asks', async () => {
      const spanish = await api.app.inject({ url: '/probes/status?format=csv', headers: { 'accept-language': 'es' } });
      expect(spanish.statusCode, spanish.body).toBe(200);
      expect([...spanish.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = spanish.body.slice(1).split('\n');
      expect(header).toBe(
        '"id de sonda";"nombre";"tipo";"estado configurado";"estado notificado";"último informe";"tecnología";' +
          '"operador";"batería"',
      );
      expect(rows).toHaveLength(FLEET);
      const reported = seeds.find((seed) => seed.reportedMs !== null)!;
      const line = rows.find((row) => row.startsWith(`"${reported.id}";`))!;
      // The last report is an instant in the profile's time zone (UTC for the test administrator).
      expect(line).toContain(`;"${csvInstant(reported.reportedMs, 'Etc/UTC')}";4;"movistar";50`);

      const asked = await api.app.inject({
        url: '/probes/status?format=csv&delimiter=%2C&bom=false&timeZone=Asia%2FTokyo&headerLanguage=en',
        headers: { 'accept-language': 'es' },
      });
      const [askedHeader, ...askedRows] = asked.body.split('\n');
      expect(askedHeader!.startsWith('"probeId","name","type","status","state","lastReportAt"')).toBe(true);
      expect(askedRows.find((row) => row.startsWith(`"${reported.id}",`))).toContain(
        `,"${csvInstant(reported.reportedMs, 'Asia/Tokyo')}",`,
      );
      expect(csvInstant(reported.reportedMs, 'Asia/Tokyo')).toMatch(/\+09:00$/);

      const refused = await api.app.inject('/probes/status?format=csv&delimiter=%2C&decimalSeparator=%2C');
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'csvExport.decimalCommaNeedsSemicolon']);
    });

    it('filters, searches and sorts on the server, counting what a full scan would count', async () => {
      const counted = async (query: string) => (await get<ProbeStatusPage>(`/probes/status?pageSize=1&${query}`)).count;
      expect(await counted('state=Available')).toBe(count((seed) => seed.state === 'Available'));
      expect(await counted('state=none')).toBe(count((seed) => seed.state === null));
      expect(await counted('type=landline&state=Not%20ready')).toBe(
        count((seed) => seed.type === 'landline' && seed.state === 'Not ready'),
      );
      expect(await counted('located=false')).toBe(count((seed) => seed.position === null));
      expect(await counted('q=FLEET%20PROBE%2029')).toBe(
        seeds.filter((seed) => String(seed.document.name).includes('probe 29')).length,
      );
      const newest = await get<ProbeStatusPage>('/probes/status?sort=lastReportAt&order=desc&pageSize=3');
      const latest = Math.max(...seeds.map((seed) => seed.reportedMs ?? 0));
      expect(Date.parse(newest.list[0]!.lastReportAt!)).toBe(latest);
    });

    it('counts the idle home devices and the states with the store, as a full scan would', async () => {
      const counter = await get<{ idle: number; total: number }>('/probes/status/counter');
      const home = seeds.filter((seed) => seed.type === 'landline');
      expect(counter).toMatchObject({
        total: home.length,
        idle: home.filter(
          ({ reportedMs }) =>
            reportedMs !== null && now - reportedMs > 60 * MINUTE && now - reportedMs <= 2 * 365 * 24 * 60 * MINUTE,
        ).length,
      });
      const storyboard = await get<{
        probeStatus: { data: { total: number; byState: Record<string, number>; neverReported: number } };
      }>('/api/storyboard');
      expect(storyboard.probeStatus.data).toEqual({
        total: FLEET,
        byState: Object.fromEntries(states.map((state) => [state, count((seed) => seed.state === state)])),
        neverReported: count((seed) => seed.state === null),
      });
    });

    it('answers the whole fleet on the map as clusters, their counts the probes’ own, and those without coordinates as a count', async () => {
      const map = await get<ProbesMapAnswer>('/api/probes/map');
      const located = count((seed) => seed.position !== null);
      expect(map).toMatchObject({ clustered: true, located, withoutCoordinates: FLEET - located });
      expect(map.features.length).toBeLessThan(100);
      const clusters = map.features.map((feature) => feature.properties);
      expect(clusters.every((cluster) => cluster.kind === 'cluster')).toBe(true);
      expect(clusters.reduce((sum, cluster) => sum + (cluster.kind === 'cluster' ? cluster.count : 0), 0)).toBe(
        located,
      );
      expect(map.bounds!.south).toBeCloseTo(Math.min(...seeds.flatMap((seed) => seed.position?.lat ?? [])), 4);
      expect(map.bounds!.east).toBeCloseTo(Math.max(...seeds.flatMap((seed) => seed.position?.lon ?? [])), 4);
      expect(map.warnings.map((warning) => warning.code)).toEqual(['probes.noCoordinates']);
    });

    it('clusters an area by tiles at its zoom: each cluster counts the probes of its tile, by state, the worst shown', async () => {
      const zoom = 12;
      const map = await get<ProbesMapAnswer>(
        `/api/probes/map?bbox=${[madrid.west, madrid.south, madrid.east, madrid.north].join(',')}&zoom=${zoom}`,
      );
      const inMadrid = seeds.filter((seed) => inside(seed.position, madrid));
      expect(inMadrid.length).toBeGreaterThan(probeMapPointLimit);
      expect(map).toMatchObject({ clustered: true, located: inMadrid.length });
      const byTile = new Map<string, Seed[]>();
      for (const seed of inMadrid) {
        const key = tileKey(tileOf(seed.position!.lat, seed.position!.lon, zoom + 3));
        byTile.set(key, [...(byTile.get(key) ?? []), seed]);
      }
      for (const { properties } of map.features) {
        if (properties.kind !== 'cluster') throw new Error('a probe among clusters');
        const members = byTile.get(properties.tile) ?? [];
        expect(properties.count, properties.tile).toBe(members.length);
        for (const state of states)
          expect(properties.states[state] ?? 0).toBe(members.filter((seed) => seed.shownState === state).length);
        if (properties.states['Not available']) expect(properties.worstState).toBe('Not available');
      }
      expect(map.features).toHaveLength(byTile.size);
    });

    it('answers the probes one by one in an area holding few of them, each in its place', async () => {
      const corner = { west: -8.9505, south: 36.1505, east: -7.5005, north: 37.5005 };
      const expected = seeds.filter((seed) => inside(seed.position, corner));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThanOrEqual(probeMapPointLimit);
      const map = await get<ProbesMapAnswer>(
        `/api/probes/map?bbox=${[corner.west, corner.south, corner.east, corner.north].join(',')}&zoom=9`,
      );
      expect(map.clustered).toBe(false);
      expect(
        map.features.map((feature) => (feature.properties.kind === 'probe' ? feature.properties.probeId : '')),
      ).toEqual(expected.map((seed) => seed.id));
      const first = expected[0]!;
      expect(map.features[0]!.geometry.coordinates).toEqual([first.position!.lon, first.position!.lat]);
    });

    it("maps a cluster's probes the same way, and lists them by the probes of its clusters", async () => {
      const members = seeds.filter((seed) => inside(seed.position, madrid));
      let map: ProbesMapAnswer | undefined;
      await waitFor('the seeded cluster to be searchable', async () => {
        map = await get<ProbesMapAnswer>('/api/clusters/probes/map?clusterIds=fleet-madrid');
        return map.located > 0;
      });
      expect(map).toMatchObject({ clustered: true, located: members.length, withoutCoordinates: 0 });
      const listed = await get<ProbeStatusPage>('/probes/status?inClusters=true&clusterIds=fleet-madrid&pageSize=1');
      expect(listed.count).toBe(members.length);
      const few = members.slice(0, 3).map((seed) => seed.id);
      const named = await get<ProbesMapAnswer>(`/api/probes/map?probeIds=${few.join(',')}`);
      expect(
        named.features.map((feature) => (feature.properties.kind === 'probe' ? feature.properties.probeId : '')),
      ).toEqual(few);
    });
  });
}
