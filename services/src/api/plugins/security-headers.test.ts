import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openApiPlugin } from './openapi.ts';
import { type SecurityHeadersOptions, securityHeadersPlugin } from './security-headers.ts';

const consoleOrigin = 'https://console.nq.example.com';
const apps: Array<{ close(): Promise<unknown> }> = [];

async function buildApp({ trustProxy = true, ...options }: Partial<SecurityHeadersOptions> & { trustProxy?: boolean }) {
  const app = Fastify({ trustProxy });
  apps.push(app);
  await app.register(securityHeadersPlugin, {
    corsOrigins: [consoleOrigin],
    publicUrl: 'http://127.0.0.1:8080',
    ...options,
  });
  await app.register(openApiPlugin);
  app.get('/api/ping', async () => ({ ok: true }));
  app.post('/api/things', async () => ({ ok: true }));
  return app;
}

const directivesOf = (csp: unknown) =>
  new Map(
    String(csp)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
const corsHeadersOf = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy, nosniff, no referrer and no framing', async () => {
    const app = await buildApp({});
    const response = await app.inject({ url: '/api/ping' });
    expect(response.statusCode).toBe(200);
    const csp = directivesOf(response.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('sends them on answers without a route too', async () => {
    const app = await buildApp({});
    const response = await app.inject({ url: '/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(directivesOf(response.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('asks browsers to upgrade sub-resources when the public URL is https', async () => {
    const app = await buildApp({ publicUrl: 'https://nq.example.com' });
    const response = await app.inject({ url: '/api/ping' });
    expect(directivesOf(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it('allows inline styles for Swagger UI under /docs only, and still no framing', async () => {
    const app = await buildApp({});
    const docs = await app.inject({ url: '/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger-ui');
    const csp = directivesOf(docs.headers['content-security-policy']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    const asset = await app.inject({ url: '/docs/static/swagger-ui.css' });
    expect(asset.statusCode).toBe(200);
    expect(directivesOf(asset.headers['content-security-policy']).get('style-src')).toContain("'unsafe-inline'");
  });
});

describe('HSTS', () => {
  it('is not sent on plain http', async () => {
    const app = await buildApp({});
    const response = await app.inject({ url: '/api/ping' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request arrived over https', async () => {
    const app = await buildApp({ trustProxy: true });
    const response = await app.inject({ url: '/api/ping', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent on the word of a proxy that is not trusted', async () => {
    const app = await buildApp({ trustProxy: false });
    const response = await app.inject({ url: '/api/ping', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS', () => {
  it('lets a listed origin read the answer and its request id', async () => {
    const app = await buildApp({});
    const response = await app.inject({ url: '/api/ping', headers: { origin: consoleOrigin } });
    expect(response.headers['access-control-allow-origin']).toBe(consoleOrigin);
    expect(response.headers['access-control-expose-headers']).toBe(
      'x-request-id, retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset, ratelimit-policy',
    );
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers.vary).toContain('Origin');
  });

  it('answers the preflight of a listed origin', async () => {
    const app = await buildApp({});
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/things',
      headers: {
        origin: consoleOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(consoleOrigin);
    expect(response.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    expect(response.headers['access-control-allow-headers']).toBe(
      'authorization, content-type, accept-language, idempotency-key, x-request-id',
    );
    expect(response.headers['access-control-max-age']).toBe('600');
  });

  it('gives another origin no CORS header at all, preflight included', async () => {
    const app = await buildApp({});
    const origin = 'https://evil.example.com';
    const simple = await app.inject({ url: '/api/ping', headers: { origin } });
    expect(simple.statusCode).toBe(200);
    expect(corsHeadersOf(simple.headers)).toEqual([]);
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/things',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).not.toBe(204);
    expect(corsHeadersOf(preflight.headers)).toEqual([]);
  });

  it('gives a same-origin request without Origin no CORS header', async () => {
    const app = await buildApp({});
    const response = await app.inject({ url: '/api/ping' });
    expect(corsHeadersOf(response.headers)).toEqual([]);
  });
});
