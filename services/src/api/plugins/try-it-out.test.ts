import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  hmacBase64url,
  parseAuthorization,
  sha256Hex,
  signRequest,
  stringToSign,
} from '@nq/contracts/identity/request-signing';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPlugin } from './openapi.ts';
import { securityHeadersPlugin } from './security-headers.ts';
import { type SwaggerRequest, signTryItOutRequest } from './try-it-out.ts';
import { tryItOutModule } from './try-it-out-page.ts';

const credentials = { clientId: 'tok_try-it-out', clientSecret: 's3cr3t:with:colons' };
const basic = (clientId: string, clientSecret: string) =>
  `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

/** Whether `authorization` is the signature, with `secret`, of this method, path, query and body, as the API checks. */
async function signs(authorization: string, secret: string, method: string, url: string, body = '') {
  const parts = parseAuthorization(authorization);
  if (!parts) return false;
  const at = url.indexOf('?');
  const expected = await hmacBase64url(
    secret,
    stringToSign({
      method,
      path: at < 0 ? url : url.slice(0, at),
      query: at < 0 ? '' : url.slice(at + 1),
      timestamp: parts.timestamp,
      nonce: parts.nonce,
      bodyHash: await sha256Hex(body),
    }),
  );
  return parts.credential === credentials.clientId && parts.signature === expected;
}

const swaggerRequest = (changes: Partial<SwaggerRequest> = {}): SwaggerRequest => ({
  url: 'http://nq.test/api/graphic?from=2026-10-01&q=a%20b',
  method: 'POST',
  headers: { Authorization: basic(credentials.clientId, credentials.clientSecret), 'Content-Type': 'application/json' },
  body: '{ "kpi": "download" }',
  credentials: 'same-origin',
  ...changes,
});

describe("Try it out's request interceptor", () => {
  it('replaces the Authorize dialog’s credentials with the signature of the path, query and exact body', async () => {
    const signed = await signTryItOutRequest(swaggerRequest(), signRequest);
    expect(Object.keys(signed.headers).sort()).toEqual(['Authorization', 'Content-Type']);
    expect(signed.headers.Authorization).not.toContain(credentials.clientSecret);
    expect(
      await signs(
        signed.headers.Authorization!,
        credentials.clientSecret,
        'POST',
        '/api/graphic?from=2026-10-01&q=a%20b',
        '{ "kpi": "download" }',
      ),
    ).toBe(true);
    expect(signed).toMatchObject({ body: '{ "kpi": "download" }', credentials: 'same-origin', method: 'POST' });
  });

  it('signs the URL as fetch sends it, and a body object as the JSON text sent', async () => {
    const signed = await signTryItOutRequest(
      swaggerRequest({ url: '/tags/?q=año 2026', method: 'GET', body: { name: 'x' } }),
      signRequest,
      'http://nq.test/docs/',
    );
    expect(signed.url).toBe('http://nq.test/tags/?q=a%C3%B1o%202026');
    expect(signed.body).toBe('{"name":"x"}');
    expect(
      await signs(
        signed.headers.Authorization!,
        credentials.clientSecret,
        'GET',
        '/tags/?q=a%C3%B1o%202026',
        '{"name":"x"}',
      ),
    ).toBe(true);
  });

  it('leaves a request without the dialog’s credentials as it is (public operations, the document itself)', async () => {
    const unsigned = swaggerRequest({ headers: { Accept: 'application/json' } });
    expect(await signTryItOutRequest(unsigned, signRequest)).toBe(unsigned);
    const bearer = swaggerRequest({ headers: { authorization: 'Bearer x' } });
    expect(await signTryItOutRequest(bearer, signRequest)).toBe(bearer);
  });

  it('works as the page runs it: the served modules, types stripped, sign what the API checks', async () => {
    // The modules exactly as /docs/static/nq/ serves them, imported by a JavaScript engine, not compiled by Vitest.
    const folder = mkdtempSync(join(tmpdir(), 'nq-try-it-out-'));
    for (const name of ['request-signing.js', 'try-it-out.js'] as const)
      writeFileSync(join(folder, name.replace(/\.js$/, '.mjs')), tryItOutModule(name));
    const signing = await import(/* @vite-ignore */ pathToFileURL(join(folder, 'request-signing.mjs')).href);
    const tryItOut = await import(/* @vite-ignore */ pathToFileURL(join(folder, 'try-it-out.mjs')).href);
    const signed = await tryItOut.signTryItOutRequest(swaggerRequest(), signing.signRequest);
    expect(
      await signs(
        signed.headers.Authorization,
        credentials.clientSecret,
        'POST',
        '/api/graphic?from=2026-10-01&q=a%20b',
        '{ "kpi": "download" }',
      ),
    ).toBe(true);
    // Nothing of TypeScript left: no import of anything but these two files.
    expect(tryItOutModule('try-it-out.js')).not.toMatch(/^\s*import\s/m);
    expect(tryItOutModule('request-signing.js')).not.toMatch(/^\s*import\s/m);
  });
});

describe('/docs serves Try it out under its Content-Security-Policy', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(securityHeadersPlugin, { corsOrigins: [], publicUrl: 'http://127.0.0.1:8080' });
    await app.register(openApiPlugin);
    app.get('/things/:id', { config: { access: { signedIn: true } } as never }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const scriptSources = (csp: unknown) =>
    String(csp)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')
      ?.slice(1);

  it('loads every script of the page from its own origin, as files: no inline script', async () => {
    const page = await app.inject('/docs/');
    expect(page.statusCode).toBe(200);
    expect(scriptSources(page.headers['content-security-policy'])).toEqual(["'self'"]);
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes]) => /src="([^"]+)"/.exec(attributes!)?.[1])).toEqual([
      './static/swagger-ui-bundle.js',
      './static/swagger-ui-standalone-preset.js',
      './static/swagger-initializer.js',
      './static/theme/try-it-out.js',
    ]);
    expect(scripts.every(([, , content]) => content!.trim() === '')).toBe(true);

    const initializer = await app.inject('/docs/static/swagger-initializer.js');
    expect(initializer.body).toMatch(
      /"requestInterceptor":\s*\(request\s*\)\s*=>[\s\S]*nqSignTryItOutRequest\(request\)/,
    );
    const loader = await app.inject('/docs/static/theme/try-it-out.js');
    expect(loader.headers['content-type']).toMatch(/javascript/);
    expect(loader.body).toContain("import(new URL('../nq/request-signing.js', here).href)");
    for (const name of ['request-signing.js', 'try-it-out.js']) {
      const module = await app.inject(`/docs/static/nq/${name}`);
      expect(module.statusCode).toBe(200);
      expect(module.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(module.headers['x-content-type-options']).toBe('nosniff');
      expect(module.body).toMatch(/^export (async )?function /m);
    }
  });

  it("gives the page's copy of the document the Authorize dialog's scheme; the API's document keeps the signature", async () => {
    const page = (await app.inject('/docs/json')).json();
    expect(page.components.securitySchemes).toEqual({
      tryItOut: expect.objectContaining({ type: 'http', scheme: 'basic' }),
    });
    expect(page.paths['/things/{id}'].get.security).toEqual([{ tryItOut: [] }]);
    const api = (await app.inject('/api/openapi.json')).json();
    expect(Object.keys(api.components.securitySchemes)).toEqual(['signature']);
    expect(api.paths['/things/{id}'].get.security).toEqual([{ signature: [] }]);
    expect(api.paths['/things/{id}'].get.operationId).toBe('getThing');
  });
});
