import type { LayerId, ProfileFields } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const movistar = 'provider-movistar';

/** Probe p1 measures the speed test against two servers and the quality program against a third. */
const measurement = (id: string, program: string, destination: string, latency: number) =>
  sampleMeasurement({
    measurementId: id,
    probeId: 'p1',
    probeType: 'mobile',
    program,
    ispId: movistar,
    measuredAt: '2026-03-02T10:00:00.000Z',
    destination: { name: destination },
    kpis: { latency },
  });

const measurements = [
  measurement('m1', 'speedtest', 'madrid-1', 20),
  measurement('m2', 'speedtest', 'lisboa-1', 40),
  measurement('m3', 'quality', 'paris-1', 60),
];

const analystScreens: LayerId[] = ['evolution', 'benchmark', 'bydestination', 'maps', 'csv_extractor'];
/** The speed test (type 2) has a server target; the quality program (type 3) has no default destinations. */
const analystProfile: Partial<ProfileFields> = {
  layers: analystScreens.map((id) => ({ id, groups: [] })),
  isps: [{ id: movistar }],
  probes: ['p1'],
  programs: [
    { id: 'speedtest', type: 2, program: 'Speed test', groups: [] },
    { id: 'quality', type: 3, program: 'Quality', groups: [] },
  ],
  serverDestinations: [{ name: 'madrid-1', ip: '10.0.0.1' }],
};

const withoutTargets = ['quality'];
const partly = ['speedtest', 'quality'];
const graphic = (programs: string[]) => ({ kpi: 'latency', programs, breakdowns: ['destination'] });

/** Every route answering measurements of programs, with a body selecting those programs. */
const routes: { url: string; body: (programs: string[]) => object; warns: boolean }[] = [
  { url: '/api/graphic', body: graphic, warns: true },
  { url: '/api/evolution', body: graphic, warns: true },
  { url: '/api/benchmark', body: (programs) => ({ kpi: 'latency', programs }), warns: true },
  { url: '/api/bydestination', body: (programs) => ({ kpi: 'latency', programs }), warns: true },
  { url: '/maps', body: (programs) => ({ kpi: 'latency', programs }), warns: true },
  { url: '/medux/mobile/Production/json', body: (programs) => ({ programs }), warns: false },
];

const destinationsOf = (body: { series: { key: { destination: string } }[] }) =>
  body.series.map((series) => series.key.destination);

describe('destination scope on every route answering measurements of programs', {
  timeout: 60_000,
}, () => {
  let api: TestApi;
  let admin: SignedClient;
  let analyst: SignedClient;
  const post = (client: SignedClient, url: string, payload: object, language = 'en') =>
    client.inject({ method: 'POST', url, payload, headers: { 'accept-language': language } });

  beforeAll(async () => {
    api = await openTestApi();
    admin = api.app;
    analyst = await api.as('analyst', analystProfile);
    const probe = await admin.inject({
      method: 'POST',
      url: '/probes',
      payload: { probeId: 'p1', family: 'Cube', name: 'Probe', type: 'mobile', deployment: 'Production' },
    });
    expect(probe.statusCode, probe.body).toBe(201);
    const { position } = probe.json();
    expect((await admin.inject(`/probes/p1?minPosition=${position}`)).statusCode).toBe(200);
    expect(await api.platform.measurements.write(measurements)).toEqual({ failed: [] });
  }, 120_000);
  afterAll(() => api?.raw.close());

  it.each(routes)('$url refuses programs none of which has targets in the profile', async ({ url, body }) => {
    const refused = await post(analyst, url, body(withoutTargets), 'es');
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'destinations.noTargets']);
    expect(refused.json().message).toBe('Tu perfil no tiene destinos habilitados para los programas solicitados.');
    const unlisted = await post(analyst, url, body(['gaming']));
    expect(unlisted.json().code).toBe('destinations.noTargets');
  });

  it.each(routes.filter((route) => route.warns))(
    '$url warns of the programs without targets and answers the others',
    async ({ url, body }) => {
      const response = await post(analyst, url, body(partly));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().warnings).toEqual([
        expect.objectContaining({
          code: 'destinations.someProgramsWithoutTargets',
          message: 'Some of the requested programs have no targets enabled in your profile.',
        }),
      ]);
    },
  );

  it("keeps a graphic of programs to the profile's destinations for them", async () => {
    const response = await post(analyst, '/api/graphic', graphic(partly));
    expect(destinationsOf(response.json())).toEqual(['madrid-1']);
    const asked = await post(analyst, '/api/graphic', { ...graphic(partly), args: ['lisboa-1'] });
    expect(destinationsOf(asked.json())).toEqual([]);
    const excluded = await post(analyst, '/api/graphic', {
      ...graphic(partly),
      args: ['madrid-1'],
      argsCond: 'exclude',
    });
    expect(destinationsOf(excluded.json())).toEqual([]);
  });

  it('exports only the measurements of those destinations', async () => {
    const response = await post(analyst, '/medux/mobile/Production/json', { programs: partly });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().map((row: { measurementId: string }) => row.measurementId)).toEqual(['m1']);
  });

  it('leaves a query naming no programs, and an isGod profile, unfiltered by destination', async () => {
    const everything = await post(analyst, '/api/graphic', { kpi: 'latency', breakdowns: ['destination'] });
    expect(destinationsOf(everything.json())).toEqual(['lisboa-1', 'madrid-1', 'paris-1']);
    const god = await post(admin, '/api/graphic', graphic(['quality', 'gaming']));
    expect([god.statusCode, destinationsOf(god.json()), god.json().warnings]).toEqual([200, ['paris-1'], []]);
  });
});
