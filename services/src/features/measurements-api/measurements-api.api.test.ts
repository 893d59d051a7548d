import type { EnrichedMeasurement, LayerId, ProfileFields } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squarePolygon } from '../../testing/polygons.ts';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const mapSampleLimit = 4;
const madrid = { lat: 40.41, lon: -3.7 };

/** The provider id ingest gives the ISP a measurement reports. */
const providerOf = (isp: string) => `provider-${isp.toLowerCase()}`;

/** Probe p1 (mobile, Production) and p2 (landline, Staging); p1's measurements are mostly Movistar 4G. */
const p1 = (id: string, changes: Partial<EnrichedMeasurement>) =>
  sampleMeasurement({
    measurementId: id,
    probeId: 'p1',
    probeType: 'mobile',
    destination: { name: 'madrid-1' },
    ispId: providerOf(changes.isp ?? 'Movistar'),
    ...changes,
  });
const p2 = (id: string, changes: Partial<EnrichedMeasurement>) =>
  sampleMeasurement({
    measurementId: id,
    probeId: 'p2',
    probeType: 'landline',
    isp: 'Orange',
    ispId: providerOf('Orange'),
    technology: 98,
    technologyLabel: 'Ethernet',
    destination: { name: 'server-a' },
    campaigns: [],
    ...changes,
  });

const measurements = [
  p1('m1', { measuredAt: '2026-03-02T10:00:00.000Z', kpis: { download: 80, latency: 20 }, campaigns: ['centre'] }),
  p1('m2', {
    measuredAt: '2026-03-03T10:00:00.000Z',
    isp: 'Vodafone',
    ispId: providerOf('Vodafone'),
    technology: 5,
    technologyLabel: '5G',
    status: 'Error',
    kpis: { download: 50 },
    destination: { name: 'lisboa-1' },
    location: { lat: 40.42, lon: -3.69 },
  }),
  p1('m3', {
    measuredAt: '2026-03-04T10:00:00.000Z',
    program: 'quality',
    testType: 'icmp-ping',
    status: 'Valid',
    kpis: { latency: 15, jitter: 2 },
    location: undefined,
  }),
  p1('m7', { measuredAt: '2026-03-07T10:00:00.000Z', kpis: { download: 90, latency: 25 }, location: madrid }),
  p1('m8', { measuredAt: '2026-03-08T10:00:00.000Z', kpis: { download: 100, latency: 30 }, location: madrid }),
  p2('m4', { measuredAt: '2026-03-05T10:00:00.000Z', testType: 'http-upload', kpis: { upload: 20, latency: 10 } }),
  p2('m5', {
    measuredAt: '2026-03-06T10:00:00.000Z',
    technology: 99,
    technologyLabel: 'WiFi 2.4 GHz',
    program: 'gaming',
    testType: 'gaming',
    status: 'Invalid',
    kpis: { latency: 30, jitter: 5, loss: 0.1 },
    location: { lat: 41.39, lon: 2.17 },
  }),
  p2('m9', {
    measuredAt: '2026-03-09T10:00:00.000Z',
    kpis: { download: 300 },
    location: { lat: 41.39, lon: 2.17 },
    status: 'Cancelled',
  }),
];

/** The analyst sees probe p1, Movistar, 4G and 5G, two KPIs, and server targets only. */
const analystScreens: LayerId[] = [
  'maps',
  'measurementAnalysis',
  'test_analysis',
  'evolution',
  'benchmark',
  'bydestination',
  'csv_extractor',
];
const analystProfile: Partial<ProfileFields> = {
  layers: analystScreens.map((id) => ({ id, groups: [] })),
  isps: [{ id: providerOf('Movistar') }],
  technologies: [4, 5],
  kpis: [
    { id: 'download', fringes: [0, 1], inverse: false },
    { id: 'latency', fringes: [0, 1, 2], inverse: true },
  ],
  probes: ['p1'],
  programs: [
    { id: 'speedtest', type: 2, program: 'Speed test', groups: [] },
    { id: 'quality', type: 3, program: 'Quality', groups: [] },
  ],
  serverDestinations: [{ name: 'madrid-1', ip: '10.0.0.1' }],
};

const square = squarePolygon;

describe('measurements API (embedded profile)', { timeout: 60_000 }, () => {
  let api: TestApi;
  let admin: SignedClient;
  let analyst: SignedClient;
  let outsider: SignedClient;
  const campaigns = { withPolygon: '', withoutPolygon: '' };

  const post = (client: SignedClient, url: string, payload: object = {}, headers: Record<string, string> = {}) =>
    client.inject({ method: 'POST', url, payload, headers });
  const created = async (client: SignedClient, url: string, payload: object) => {
    const response = await post(client, url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; position: string };
  };

  beforeAll(async () => {
    api = await openTestApi({ MAP_SAMPLE_LIMIT: String(mapSampleLimit) });
    admin = api.app;
    analyst = await api.as('analyst', analystProfile);
    outsider = await api.as('outsider', { layers: [{ id: 'tokens', groups: [] }] });

    const probe = { family: 'Cube', name: 'Probe' };
    await created(admin, '/probes', {
      ...probe,
      probeId: 'p1',
      type: 'mobile',
      deployment: 'Production',
      further: { layer3: { mtu: 1500, ipMode: 'ipv4' }, layer4: { tcpWindow: 65_535 } },
    });
    await created(admin, '/probes', { ...probe, probeId: 'p2', type: 'landline', deployment: 'Staging' });
    const dates = { startDate: '2026-01-01', endDate: '2026-12-31' };
    campaigns.withPolygon = (
      await created(admin, '/api/campaigns-management', { name: 'Centre', ...dates, polygon: square(-3.75, 40.38) })
    ).id;
    // The provider Vodafone's measurements name by their ISP id (ingest matches a reported ISP to a provider's id).
    await api.service('provider').execute(
      {
        type: 'create',
        id: providerOf('Vodafone'),
        fields: { name: 'Vodafone', label: 'Vodafone', country: 'Spain', numeric: '21401' },
      },
      {
        actor: { userId: 'test-setup', profileId: 'test-admin' },
        commandId: 'vodafone',
        correlationId: 'vodafone',
        now: new Date(),
      },
    );
    const last = await created(admin, '/api/campaigns-management', { name: 'Anywhere', ...dates });
    campaigns.withoutPolygon = last.id;
    // Each read model keeps its own checkpoint: wait until every one (probes and campaigns) has the last write.
    expect(await api.platform.projector.waitFor(last.position, 60_000)).toBe(true);
    expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  describe('KPIs', () => {
    it('lists the KPI catalogue of a test category, within the profile and with its fringes', async () => {
      const speed = await admin.inject('/api/types/speed/kpis');
      expect(speed.json().list.map((kpi: { id: string }) => kpi.id)).toEqual(['download', 'upload', 'latency']);
      const all = await analyst.inject({ url: '/api/types/all/kpis', headers: { 'accept-language': 'es' } });
      expect(all.json().list).toEqual([
        expect.objectContaining({ id: 'download', label: 'Velocidad de descarga', unit: 'Mbps', fringes: [0, 1] }),
        expect.objectContaining({ id: 'latency', inverse: true, fringes: [0, 1, 2] }),
      ]);
      expect((await admin.inject('/api/types/teleport/kpis')).statusCode).toBe(400);
    });

    it("answers the test types and KPIs of the programs' measurements", async () => {
      const fields = await admin.inject('/api/graphic/fields/byPrograms?programs=speedtest,quality,silent');
      expect(fields.statusCode, fields.body).toBe(200);
      expect(fields.json().list).toEqual([
        { program: 'speedtest', testTypes: ['http-download', 'http-upload'], kpis: ['download', 'upload', 'latency'] },
        { program: 'quality', testTypes: ['icmp-ping'], kpis: ['latency', 'jitter', 'loss'] },
        { program: 'silent', testTypes: [], kpis: [] },
      ]);
      const restricted = (await analyst.inject('/api/graphic/fields/byPrograms?programs=speedtest,quality')).json();
      expect(restricted.list.map((item: { kpis: string[] }) => item.kpis)).toEqual([
        ['download', 'latency'],
        ['latency'],
      ]);
      expect(restricted.kpis.map((kpi: { id: string }) => kpi.id)).toEqual(['download', 'latency']);
      expect((await admin.inject('/api/graphic/fields/byPrograms')).statusCode).toBe(400);
    });
  });

  describe('evolution, benchmark and by destination', () => {
    it('draws one KPI over time per breakdown', async () => {
      const response = await post(admin, '/api/evolution', {
        kpi: 'download',
        breakdowns: ['isp'],
        tsStart: '2026-03-01',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { kind, series } = response.json();
      expect(kind).toBe('metric');
      expect(series.map((item: { key: object }) => item.key)).toEqual([
        { isp: providerOf('Movistar') },
        { isp: providerOf('Orange') },
        { isp: providerOf('Vodafone') },
      ]);
      expect(series[0].buckets.map((bucket: { key: string; value: number }) => [bucket.key, bucket.value])).toEqual([
        ['2026-03-02T00:00:00.000Z', 80],
        ['2026-03-07T00:00:00.000Z', 90],
        ['2026-03-08T00:00:00.000Z', 100],
      ]);
    });

    it('compares a KPI across ISPs, the best first, and refuses a breakdown given twice', async () => {
      const latency = (await post(admin, '/api/benchmark', { kpi: 'latency' })).json();
      expect(latency.series.map((item: { key: { isp: string } }) => item.key.isp)).toEqual([
        providerOf('Orange'),
        providerOf('Movistar'),
      ]);
      const download = (await post(admin, '/api/benchmark', { kpi: 'download', breakdowns: ['technology'] })).json();
      expect(download.series[0].key).toEqual({ isp: providerOf('Orange'), technology: 98 });
      const twice = await post(admin, '/api/benchmark', { kpi: 'download', breakdowns: ['isp'] });
      expect([twice.statusCode, twice.json().code]).toEqual([400, 'validation.invalidOption']);
    });

    it("breaks a KPI down by the profile's destinations for the programs, warning of programs without any", async () => {
      const response = await post(analyst, '/api/bydestination', {
        kpi: 'latency',
        programs: ['speedtest', 'quality'],
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.series.map((item: { key: object }) => item.key)).toEqual([{ destination: 'madrid-1' }]);
      expect(body.warnings).toEqual([expect.objectContaining({ code: 'destinations.someProgramsWithoutTargets' })]);
      const none = await post(analyst, '/api/bydestination', { kpi: 'latency', programs: ['quality'] });
      expect([none.statusCode, none.json().code]).toEqual([422, 'destinations.noTargets']);
      const unlisted = await post(analyst, '/api/bydestination', { kpi: 'latency', programs: ['gaming'] });
      expect(unlisted.json().code).toBe('destinations.noTargets');
      const everyDestination = (
        await post(admin, '/api/bydestination', { kpi: 'latency', programs: ['speedtest'] })
      ).json();
      expect(everyDestination.series.map((item: { key: { destination: string } }) => item.key.destination)).toEqual([
        'madrid-1',
        'server-a',
      ]);
    });
  });

  describe('maps', () => {
    it('blocks the map past the sample limit, with the warning, and answers the total alone on request', async () => {
      const blocked = await post(admin, '/maps', { kpi: 'download' });
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(blocked.json()).toMatchObject({ total: 5, limit: mapSampleLimit, tiles: [] });
      expect(blocked.json().warnings.map((w: { code: string }) => w.code)).toEqual(['maps.sampleLimitExceeded']);
      expect(blocked.json().warnings[0].message).toContain(String(mapSampleLimit));
      const counted = await post(admin, '/maps?count=true', { kpi: 'download', isps: [providerOf('Movistar')] });
      expect(counted.json()).toEqual({ total: 3, limit: mapSampleLimit, warnings: [] });
      const csv = await post(admin, '/maps?format=csv', { kpi: 'download' });
      expect([csv.statusCode, csv.json().code]).toEqual([422, 'maps.tooManySamples']);
    });

    it('aggregates the KPI per tile of the zoom, and says when nothing matches', async () => {
      const response = await post(admin, '/maps', {
        kpi: 'download',
        isps: [providerOf('Movistar'), providerOf('Vodafone')],
        zoom: 12,
        metric: 'max',
      });
      const { total, tiles, warnings } = response.json();
      expect([total, warnings]).toEqual([4, []]);
      expect(tiles.reduce((sum: number, tile: { count: number }) => sum + tile.count, 0)).toBe(4);
      const centre = tiles.find((tile: { count: number }) => tile.count === 3);
      expect(centre).toMatchObject({ key: `12/${centre.x}/${centre.y}`, value: 100 });
      expect(centre.center.lat).toBeCloseTo(madrid.lat, 1);
      expect(centre.center.lon).toBeCloseTo(madrid.lon, 1);
      const nothing = (await post(admin, '/maps', { kpi: 'download', isps: ['Nobody'] })).json();
      expect([nothing.total, nothing.warnings.map((w: { code: string }) => w.code)]).toEqual([0, ['maps.noResults']]);
    });

    it('answers the raw points as CSV', async () => {
      const csv = await post(admin, '/maps?format=csv', { kpi: 'download', isps: [providerOf('Movistar')] });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const [header, ...rows] = csv.body.split('\n');
      expect(header).toContain('"measurementId"');
      expect(header!.endsWith('"download"')).toBe(true);
      expect(rows.map((row) => row.split(',')[0])).toEqual(['"m1"', '"m7"', '"m8"']);
    });

    it('writes the raw points as a Spanish caller opens them, or in the format the request names', async () => {
      const body = { kpi: 'download', isps: [providerOf('Movistar')] };
      const spanish = await post(admin, '/maps?format=csv', body, { 'accept-language': 'es' });
      expect(spanish.statusCode, spanish.body).toBe(200);
      expect(spanish.body.startsWith('\ufeff"id de medición";"id de sonda";')).toBe(true);
      expect(spanish.body.split('\n')[0]!.endsWith(';"download"')).toBe(true);
      // What the console reads back whatever its language: the names, separators and instants of a program.
      const machine = { delimiter: ',', decimalSeparator: '.', bom: false, headerLanguage: 'en', timeZone: 'Etc/UTC' };
      const read = await post(admin, '/maps?format=csv', { ...body, csv: machine }, { 'accept-language': 'es' });
      const [header, ...rows] = read.body.split('\n');
      expect(header!.startsWith('"measurementId","probeId",')).toBe(true);
      expect(rows.map((row) => row.split(',')[0])).toEqual(['"m1"', '"m7"', '"m8"']);
    });

    it('refuses a campaign without a polygon, and answers the centre of one with', async () => {
      const refused = await post(admin, '/maps', { kpi: 'download', campaigns: [campaigns.withoutPolygon] });
      expect([refused.statusCode, refused.json().message]).toEqual([422, 'Campaign has not defined polygon']);
      const centred = (await post(admin, '/maps', { kpi: 'download', campaigns: [campaigns.withPolygon] })).json();
      expect(centred.campaigns).toEqual([
        { id: campaigns.withPolygon, name: 'Centre', center: [expect.closeTo(-3.7, 5), expect.closeTo(40.43, 5)] },
      ]);
    });

    it("keeps to the caller's scope", async () => {
      expect((await post(analyst, '/maps?count=true', { kpi: 'download' })).json().total).toBe(3);
      expect((await post(analyst, '/maps?count=true', { kpi: 'jitter' })).json().total).toBe(0);
    });
  });

  describe('measurement search and detail', () => {
    const ids = (body: { list: { measurementId: string }[] }) => body.list.map((item) => item.measurementId);

    it('pages and sorts the measurements, newest first by default', async () => {
      const first = await post(admin, '/api/measurements/by/profile', { pageSize: 3 });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ count: 8, page: 1, pageSize: 3 });
      expect(ids(first.json())).toEqual(['m9', 'm8', 'm7']);
      const second = await post(admin, '/api/measurements/by/profile', { pageSize: 3, page: 2 });
      expect(ids(second.json())).toEqual(['m5', 'm4', 'm3']);
      const byIsp = await post(admin, '/api/measurements/by/profile', { sort: 'isp', order: 'asc', pageSize: 2 });
      expect(ids(byIsp.json())).toEqual(['m1', 'm3']);
      const tooDeep = await post(admin, '/api/measurements/by/profile', { page: 101, pageSize: 100 });
      expect([tooDeep.statusCode, tooDeep.json().code]).toEqual([400, 'validation.outOfRange']);
    });

    it('filters by probe, program, result section, test type, KPI and dates', async () => {
      const search = async (body: object) => ids((await post(admin, '/api/measurements/by/profile', body)).json());
      expect(await search({ probes: ['p2'], order: 'asc' })).toEqual(['m4', 'm5', 'm9']);
      expect(await search({ programs: ['quality'] })).toEqual(['m3']);
      expect(await search({ statuses: ['Error', 'Invalid'] })).toEqual(['m5', 'm2']);
      expect(await search({ testTypes: ['gaming'] })).toEqual(['m5']);
      expect(await search({ kpi: 'jitter' })).toEqual(['m5', 'm3']);
      expect(await search({ tsStart: '2026-03-04', tsEnd: '2026-03-05', timeZone: 'Etc/UTC' })).toEqual(['m4', 'm3']);
    });

    it("shows only what the caller's scope allows, and only its KPIs", async () => {
      const body = (await post(analyst, '/api/measurements/by/profile', { order: 'asc' })).json();
      expect(ids(body)).toEqual(['m1', 'm3', 'm7', 'm8']);
      expect(body.list[1].kpis).toEqual({ latency: 15 });
    });

    it('details a measurement with its result section and KPI results; 404 outside the scope', async () => {
      const detail = await admin.inject('/api/measurements/by/id/m2');
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json()).toMatchObject({
        measurement: { measurementId: 'm2', probeId: 'p1', isp: 'Vodafone' },
        section: 'Error',
        results: [{ kpi: 'download', label: 'Download speed', unit: 'Mbps', inverse: false, value: 50 }],
        // What it refers to by id, by name: its ISP is the provider Vodafone.
        names: { isp: 'Vodafone', campaigns: ['c1'], clusters: [], universes: [], tags: [] },
      });
      const centre = (await admin.inject('/api/measurements/by/id/m1')).json();
      expect(centre.names).toMatchObject({ isp: providerOf('Movistar'), campaigns: ['centre'] });
      expect((await analyst.inject('/api/measurements/by/id/m3')).json().results).toEqual([
        expect.objectContaining({ kpi: 'latency', value: 15 }),
      ]);
      for (const [client, id] of [
        [analyst, 'm2'],
        [analyst, 'm4'],
        [admin, 'nothing'],
      ] as const) {
        const missing = await client.inject(`/api/measurements/by/id/${id}`);
        expect([missing.statusCode, missing.json().code]).toEqual([404, 'measurements.notFound']);
      }
    });
  });

  describe('test analysis', () => {
    it("lists the programs a probe measured and shows its layer settings; 404 for a probe the caller can't see", async () => {
      const programs = await admin.inject('/test-analysis/p1/programs');
      expect(programs.statusCode, programs.body).toBe(200);
      expect(programs.json()).toEqual({
        probeId: 'p1',
        list: [
          { program: 'quality', count: 1, lastMeasuredAt: '2026-03-04T10:00:00.000Z' },
          { program: 'speedtest', count: 4, lastMeasuredAt: '2026-03-08T10:00:00.000Z' },
        ],
        count: 2,
      });
      expect((await analyst.inject('/test-analysis/p1/programs')).json().list).toEqual([
        expect.objectContaining({ program: 'quality', count: 1 }),
        expect.objectContaining({ program: 'speedtest', count: 3 }),
      ]);
      expect((await analyst.inject('/test-analysis/p1/layer')).json()).toEqual({
        probeId: 'p1',
        layer3: { mtu: 1500, ipMode: 'ipv4' },
        layer4: { tcpWindow: 65_535 },
      });
      expect((await admin.inject('/test-analysis/p2/layer')).json()).toEqual({
        probeId: 'p2',
        layer3: null,
        layer4: null,
      });
      for (const [client, url] of [
        [analyst, '/test-analysis/p2/programs'],
        [analyst, '/test-analysis/p2/layer'],
        [admin, '/test-analysis/nothing/layer'],
      ] as const) {
        const missing = await client.inject(url);
        expect([missing.statusCode, missing.json().code]).toEqual([404, 'probes.notFound']);
      }
    });
  });

  describe('technologies', () => {
    it('lists the technologies measured, all together or per ISP, within the scope', async () => {
      expect((await admin.inject('/technologies')).json().list).toEqual([
        { id: 4, label: '4G', count: 4 },
        { id: 5, label: '5G', count: 1 },
        { id: 98, label: 'Ethernet', count: 2 },
        { id: 99, label: 'WiFi 2.4 GHz', count: 1 },
      ]);
      expect((await admin.inject('/technologies/byIsp')).json()).toEqual({
        field: 'Isp',
        list: [
          { value: providerOf('Movistar'), technologies: [{ id: 4, label: '4G' }] },
          {
            value: providerOf('Orange'),
            technologies: [
              { id: 98, label: 'Ethernet' },
              { id: 99, label: 'WiFi 2.4 GHz' },
            ],
          },
          { value: providerOf('Vodafone'), technologies: [{ id: 5, label: '5G' }] },
        ],
      });
      expect(
        (await admin.inject('/technologies/byProbe')).json().list.map((item: { value: string }) => item.value),
      ).toEqual(['p1', 'p2']);
      expect((await analyst.inject('/technologies')).json().list).toEqual([{ id: 4, label: '4G', count: 4 }]);
      expect((await admin.inject('/technologies/byColour')).statusCode).toBe(400);
    });
  });

  describe('export', () => {
    it("streams the measurements of a service's probes in a deployment as CSV or JSON", async () => {
      const csv = await post(admin, '/medux/mobile/Production/csv', { statuses: ['Finished', 'Error'] });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-disposition']).toBe('attachment; filename="measurements-mobile-Production.csv"');
      const [header, ...rows] = csv.body.split('\n');
      expect(header).toContain('"campaigns"');
      expect(header).toContain('"deliveryTime"');
      expect(rows.map((row) => row.split(',')[0])).toEqual(['"m1"', '"m2"', '"m7"', '"m8"']);
      const json = await post(admin, '/medux/landline/Staging/json');
      expect(json.headers['content-type']).toContain('application/json');
      expect(json.json().map((item: { measurementId: string }) => item.measurementId)).toEqual(['m4', 'm5', 'm9']);
      expect((await post(admin, '/medux/landline/Production/json')).json()).toEqual([]);
      expect((await post(admin, '/medux/mobile/Production/xml')).statusCode).toBe(400);
    });

    it("exports only the caller's probes and scope, and only its KPIs", async () => {
      const analystCsv = (await post(analyst, '/medux/mobile/Production/csv')).body;
      const [header, ...rows] = analystCsv.split('\n');
      expect(header!.endsWith('"download","latency"')).toBe(true);
      expect(rows.map((row) => row.split(',')[0])).toEqual(['"m1"', '"m3"', '"m7"', '"m8"']);
      expect((await post(analyst, '/medux/landline/Staging/json')).json()).toEqual([]);
    });
  });

  it('documents every route with its access rule in the OpenAPI document', async () => {
    const document = (await api.raw.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { 'x-access'?: { layers: string[] } }>>;
    };
    const operations = {
      '/api/types/{category}/kpis': 'get',
      '/api/graphic/fields/byPrograms': 'get',
      '/api/evolution': 'post',
      '/api/benchmark': 'post',
      '/api/bydestination': 'post',
      '/maps': 'post',
      '/api/measurements/by/profile': 'post',
      '/api/measurements/by/id/{id}': 'get',
      '/test-analysis/probes': 'get',
      '/test-analysis/{probeId}/programs': 'get',
      '/test-analysis/{probeId}/layer': 'get',
      '/technologies': 'get',
      '/technologies/by{field}': 'get',
      '/medux/{service}/{deployment}/{format}': 'post',
    };
    for (const [path, method] of Object.entries(operations))
      expect(document.paths[path]?.[method]?.['x-access']?.layers.length, `${method} ${path}`).toBeGreaterThan(0);
  });

  it('refuses a profile without the screens', async () => {
    for (const [method, url] of [
      ['POST', '/api/measurements/by/profile'],
      ['POST', '/maps'],
      ['GET', '/technologies'],
      ['GET', '/test-analysis/probes'],
      ['GET', '/test-analysis/p1/programs'],
      ['POST', '/medux/mobile/Production/csv'],
    ] as const) {
      const response = await outsider.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(`${url} ${response.statusCode} ${response.json().code}`).toBe(`${url} 403 profiles.layerNotGranted`);
    }
  });
});
