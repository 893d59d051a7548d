import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ProfileFields, profileFieldsSchema } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { authenticationPlugin } from '../../api/plugins/authentication.ts';
import { errorHandlerPlugin } from '../../api/plugins/error-handler.ts';
import { openApiPlugin } from '../../api/plugins/openapi.ts';
import type { Authenticate } from '../identity/request-authenticator.ts';
import type { AnalyticsBackend, RawSeries } from './analytics-engine.ts';
import { graphicRoutes } from './graphic.routes.ts';
import { createAnalyticsEngine } from './run-query.ts';
import type { ScopedQuery } from './scope-query.ts';

const viewerWith = (fields: Partial<ProfileFields>): Viewer => ({
  userId: 'u1',
  email: 'analyst@test.nq',
  userProfiles: ['analysts'],
  profileId: 'analysts',
  profile: { ...profileFieldsSchema.parse({ name: 'Analysts', ...fields }), id: 'analysts' },
  credential: { id: 'session-1', kind: 'session', unlimited: false },
});

const analyst = viewerWith({
  layers: [{ id: 'evolution', groups: [] }],
  isps: [{ id: 'Movistar' }],
  timeZone: 'Europe/Madrid',
  tsStart: '2026-01-01T00:00:00Z',
  tsEnd: '2026-12-31T23:59:59Z',
});

/** A backend answering one series, or waiting until the query is aborted; it records what it was asked. */
function recordingBackend(answer: RawSeries[] | 'wait') {
  const asked: { query?: ScopedQuery; aborted: boolean } = { aborted: false };
  const backend: AnalyticsBackend = {
    aggregate: (query, signal) => {
      asked.query = query;
      if (answer !== 'wait') return Promise.resolve(answer);
      return new Promise((_, reject) =>
        signal?.addEventListener('abort', () => {
          asked.aborted = true;
          reject(signal.reason);
        }),
      );
    },
    stats: () => Promise.resolve({ count: 0, mean: 0, deviation: 0 }),
    sample: () => Promise.resolve([]),
    tiles: () => Promise.resolve([]),
    groups: () => Promise.resolve([]),
    rows: () => Promise.resolve([]),
    async *scan() {},
  };
  return { backend, asked };
}

async function graphicApi(backend: AnalyticsBackend, viewer = analyst) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(openApiPlugin);
  await app.register(authenticationPlugin, {
    authenticate: (async () => viewer) as unknown as Authenticate,
    authenticateProbe: async () => {
      throw new Error('no probes here');
    },
  });
  await app.register(graphicRoutes, {
    engine: createAnalyticsEngine(backend),
    labels: async (result) => result,
    history: { head: async () => '1:0', profileAt: async () => viewer.profile },
  });
  return app;
}

const post = (app: Awaited<ReturnType<typeof graphicApi>>, body: unknown, language = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/graphic',
    headers: { authorization: 'signed', 'accept-language': language },
    payload: body as object,
  });

describe('POST /api/graphic', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => close?.());

  it('answers the series within the profile scope, dates as days of the profile time zone', async () => {
    const { backend, asked } = recordingBackend([
      { key: { isp: 'Movistar' }, buckets: [{ key: 'all', count: 3, value: 42.5 }] },
    ]);
    const app = await graphicApi(backend);
    close = () => app.close();
    const response = await post(app, {
      kpi: 'download',
      breakdowns: ['isp'],
      tsStart: '2026-03-01',
      tsEnd: '2026-03-31',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      kind: 'metric',
      metric: 'avg',
      series: [{ key: { isp: 'Movistar' }, buckets: [{ key: 'all', count: 3, value: 42.5 }] }],
      warnings: [],
      source: 'raw',
      // Asked over every ISP, answered over the profile's one.
      narrowedBy: { restrictions: [{ kind: 'isp', values: [{ id: 'Movistar' }] }] },
      // What reproduces it: the configuration's position, the data as received when asked, the query.
      reproduce: {
        asOf: '1:0',
        receivedUntil: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        query: expect.objectContaining({ kpi: 'download', tsStart: '2026-03-01', tsEnd: '2026-03-31' }),
      },
    });
    expect(response.json().reproduce.query.receivedUntil).toBe(response.json().reproduce.receivedUntil);
    expect(asked.query).toMatchObject({
      filters: [{ dimension: 'isp', mode: 'include', values: ['Movistar'] }],
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-31T21:59:59.999Z',
      timeZone: 'Europe/Madrid',
    });
  });

  it("refuses an advanced graphic type to a profile without the advanced generator, whatever the request's generator", async () => {
    const { backend, asked } = recordingBackend([]);
    const app = await graphicApi(backend);
    close = () => app.close();
    const boxplot = { graphicType: 'boxplot', axes: { value: 'download' } };
    const english = await post(app, { ...boxplot, generator: 'advanced' });
    expect(english.statusCode).toBe(403);
    expect(english.json()).toMatchObject({
      code: 'graphics.typeRequiresAdvanced',
      message: 'This graphic type is only available in the advanced generator, which your profile does not include.',
    });
    const spanish = await post(app, { graphicType: 'scatterplot', axes: { x: 'upload', y: 'jitter' } }, 'es');
    expect([spanish.statusCode, spanish.json().code, spanish.json().message]).toEqual([
      403,
      'graphics.typeRequiresAdvanced',
      'Este tipo de gráfico solo está disponible en el generador avanzado, que tu perfil no incluye.',
    ]);
    expect(asked.query).toBeUndefined();
    expect((await post(app, { generator: 'basic', graphicType: 'pie', kpi: 'download' })).statusCode).toBe(200);
    await app.close();
    const advanced = await graphicApi(
      backend,
      viewerWith({ layers: [{ id: 'advanced_graphic_generator', groups: [] }], timeZone: 'Europe/Madrid' }),
    );
    close = () => advanced.close();
    expect((await post(advanced, { ...boxplot, generator: 'basic' })).statusCode).toBe(200);
  });

  it('answers a table by rows and columns, transposed on request, echoing the display options', async () => {
    const { backend, asked } = recordingBackend([
      { key: { isp: 'Movistar', technology: 4 }, buckets: [{ key: 'all', count: 2, value: 10 }] },
      { key: { isp: 'Movistar', technology: 5 }, buckets: [{ key: 'all', count: 1, value: 20 }] },
    ]);
    const app = await graphicApi(backend);
    close = () => app.close();
    const response = await post(app, {
      generator: 'basic',
      graphicType: 'table',
      axes: { rows: 'isp', columns: 'technology', value: 'download' },
      display: { transpose: true, xAxisRotation: 90, colours: ['#00AA00'] },
    });
    expect(response.statusCode).toBe(200);
    expect(asked.query).toMatchObject({ breakdowns: ['isp', 'technology'], measure: { kpi: 'download' } });
    expect(response.json().matrix).toEqual({
      rows: 'technology',
      columns: 'isp',
      rowKeys: [4, 5],
      columnKeys: ['Movistar'],
      values: [[10], [20]],
    });
    expect(response.json().display).toEqual({
      graphicType: 'table',
      orientation: 'vertical',
      graphicDistribution: 'sideToSide',
      labelRotation: 0,
      xAxisRotation: 90,
      spanGaps: false,
      transpose: true,
      width: 100,
      colours: ['#00aa00'],
      showLabels: false,
      showLegend: true,
    });
  });

  it("translates the warnings into the caller's language", async () => {
    const app = await graphicApi(recordingBackend([]).backend);
    close = () => app.close();
    const response = await post(app, { kpi: 'download' }, 'es');
    expect(response.json().warnings).toEqual([
      { code: 'graphics.noData', message: 'No hay datos para los valores seleccionados' },
    ]);
  });

  it('refuses an invalid filter set with catalogue codes per field', async () => {
    const app = await graphicApi(recordingBackend([]).backend);
    close = () => app.close();
    const response = await post(app, {
      graphicType: 'scatterplot',
      kpi: 'download',
      axes: { x: 'download', y: 'upload' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'graphics.kpiNotAllowed',
      details: { fields: [{ field: 'body.kpi', code: 'graphics.kpiNotAllowed' }] },
    });
  });

  it('refuses dates outside the profile limits, and profiles without a graphic screen', async () => {
    const app = await graphicApi(recordingBackend([]).backend);
    const refused = await post(app, { kpi: 'download', tsStart: '2025-12-01' });
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'profiles.outOfDateLimits']);
    await app.close();
    const withoutScreens = await graphicApi(
      recordingBackend([]).backend,
      viewerWith({ layers: [{ id: 'tokens', groups: [] }] }),
    );
    close = () => withoutScreens.close();
    const forbidden = await post(withoutScreens, { kpi: 'download' });
    expect([forbidden.statusCode, forbidden.json().code]).toEqual([403, 'profiles.layerNotGranted']);
  });

  it('documents itself in the OpenAPI document', async () => {
    const app = await graphicApi(recordingBackend([]).backend);
    close = () => app.close();
    await app.ready();
    const document = app.swagger() as {
      paths: Record<string, { post?: Record<string, unknown> }>;
      components: { schemas: Record<string, unknown> };
    };
    expect(document.paths['/api/graphic']?.post).toMatchObject({ tags: ['Graphics'], 'x-access': { admin: false } });
    expect(JSON.stringify(document.paths['/api/graphic'])).toContain('#/components/schemas/GraphicCondition');
    expect(JSON.stringify(document.components.schemas.GraphicCondition)).toContain('not_exists');
  });

  it('cancels the engine query when the client goes away', async () => {
    const { backend, asked } = recordingBackend('wait');
    const app = await graphicApi(backend);
    close = () => app.close();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const body = JSON.stringify({ kpi: 'download' });
    const client = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/graphic',
      headers: {
        authorization: 'signed',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    client.on('error', () => undefined);
    client.end(body);
    await expect.poll(() => asked.query !== undefined).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked.aborted, 'still running while the client waits').toBe(false);
    client.destroy();
    await expect.poll(() => asked.aborted).toBe(true);
  });
});
