import { DomainError } from '@nq/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestApi } from '../testing/test-api.ts';

describe('API skeleton', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ raw: app } = await openTestApi());
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/test/echo',
      {
        schema: {
          body: z.object({ name: z.string().min(3), count: z.number().int().positive() }),
          response: { 200: z.object({ name: z.string() }) },
        },
      },
      async (request) => ({ name: request.body.name }),
    );
    typed.get('/api/test/tag-exists', async () => {
      throw new DomainError('tags.nameExists');
    });
    typed.get('/api/test/crash', async () => {
      throw new Error('connection string postgresql://secret@db leaked?');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers liveness and readiness with each dependency', async () => {
    expect((await app.inject('/health')).json()).toMatchObject({ status: 'ok', profile: 'embedded' });
    const ready = await app.inject('/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().dependencies.map((d: { name: string; status: string }) => `${d.name}:${d.status}`)).toEqual([
      'event-store:up',
      'log:up',
      'read-store:up',
      'ephemeral-store:up',
      'jobs:up',
      'probe-status-worker:up',
      'ingest-worker:up',
      'cube-maintainer:up',
      'jobs-worker:up',
    ]);
  });

  it('refuses an invalid body with request.invalid and the problem of each field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'ab', count: -1 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('request.invalid');
    expect(body.details.fields.map((f: { field: string }) => f.field).sort()).toEqual(['body.count', 'body.name']);
  });

  it('maps a domain error to its catalogue status and message, in the language asked for', async () => {
    const english = await app.inject('/api/test/tag-exists');
    expect(english.statusCode).toBe(409);
    expect(english.json()).toMatchObject({ code: 'tags.nameExists', message: 'Already exists a tag with this name' });
    const spanish = await app.inject({ url: '/api/test/tag-exists', headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(spanish.json().code).toBe('tags.nameExists');
    expect(spanish.json().message).not.toBe('Already exists a tag with this name');
  });

  it('hides the internals of an unexpected failure behind internal.error', async () => {
    const response = await app.inject('/api/test/crash');
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('internal.error');
    expect(response.body).not.toContain('postgresql://');
  });

  it('answers malformed JSON with request.invalid rather than a framework error', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('request.invalid');
  });

  it('gives API callers route.notFound and browsers the console for unknown paths', async () => {
    const api = await app.inject('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'route.notFound', details: { path: '/api/nothing-here' } });
    const page = await app.inject({ url: '/scorecard_live/42/drilldown', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
  });

  it('gives a browser opening a console page the console even where an API collection has the same path', async () => {
    const page = await app.inject({ url: '/tokens', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const call = await app.inject({ url: '/tokens', headers: { accept: 'application/json' } });
    expect(call.statusCode).toBe(401);
    expect(call.json().code).toBe('auth.unauthenticated');
    const docs = await app.inject({ url: '/health', headers: { accept: 'text/html' } });
    expect(docs.json()).toMatchObject({ status: 'ok' });
  });

  it('echoes a sane caller request id and makes one up otherwise', async () => {
    expect(
      (await app.inject({ url: '/health', headers: { 'x-request-id': 'trace-123' } })).headers['x-request-id'],
    ).toBe('trace-123');
    const generated = (await app.inject({ url: '/health', headers: { 'x-request-id': 'bad id with spaces' } })).headers[
      'x-request-id'
    ];
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes the OpenAPI document generated from the route schemas, and Swagger UI', async () => {
    const document = (await app.inject('/api/openapi.json')).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/health', '/ready', '/api/test/echo']));
    expect(document.paths['/api/test/echo'].post.requestBody.content['application/json'].schema.required).toEqual([
      'name',
      'count',
    ]);
    const docs = await app.inject('/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('counts requests by route on /metrics', async () => {
    await app.inject('/health');
    const metrics = await app.inject('/metrics');
    expect(metrics.body).toMatch(/http_requests_total\{method="GET",route="\/health",status_code="200"\} \d+/);
    expect(metrics.body).toContain('process_cpu_seconds_total');
  });
});
