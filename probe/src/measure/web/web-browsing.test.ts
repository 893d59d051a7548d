import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext, testTask } from '../tasks.fixtures.ts';
import { webBrowsingRunner } from './web-browsing.ts';

const page = '<html><body>hello</body></html>';

const site: RequestListener = (request, response) => {
  switch (request.url) {
    case '/':
      return response.end(page);
    case '/moved':
      response.writeHead(302, { location: '/' });
      return response.end();
    case '/loop':
      response.writeHead(301, { location: '/loop' });
      return response.end();
    case '/hang':
      return undefined;
    default:
      response.writeHead(404);
      return response.end('not here');
  }
};

async function listen(server: Server) {
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return (server.address() as { port: number }).port;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl; undefined without openssl. */
function selfSignedCertificate() {
  const folder = mkdtempSync(join(tmpdir(), 'nq-web-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
        .concat(['-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'])
        .concat(['-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem')]),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(folder, 'key.pem')), cert: readFileSync(join(folder, 'cert.pem')) };
  } catch {
    return undefined;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const certificate = selfSignedCertificate();
const runWebBrowsing = webBrowsingRunner();

describe('web browsing', () => {
  let http: Server;
  let https: Server | undefined;
  let base: string;
  let secureBase: string;
  beforeAll(async () => {
    http = createServer(site);
    base = `http://127.0.0.1:${await listen(http)}`;
    if (certificate) {
      https = createHttpsServer(certificate, site);
      secureBase = `https://127.0.0.1:${await listen(https)}`;
    }
  });
  afterAll(async () => {
    for (const server of [http, https]) {
      server?.closeAllConnections();
      await new Promise((closed) => server?.close(closed));
    }
  });

  it('loads each page, timing its phases in order, with its bytes and status', async () => {
    const task = testTask('web-browsing', { urls: [`${base}/`, `${base}/`.replace('127.0.0.1', 'localhost')] });
    const [byAddress, byName] = await runWebBrowsing(task, testContext());
    expect(byAddress).toMatchObject({
      testType: 'web-browsing',
      status: 'Finished',
      destination: { name: `${base}/`, ip: '127.0.0.1' },
      details: { bytes: page.length, httpStatus: 200 },
    });
    const timings = byAddress!.details!.timings!;
    expect(timings.dns).toBeUndefined();
    expect(timings.connect).toBeGreaterThan(0);
    expect(timings.firstByte).toBeGreaterThanOrEqual(timings.connect!);
    expect(timings.total).toBeGreaterThanOrEqual(timings.firstByte!);
    expect(byAddress!.kpis).toEqual({ loadTime: timings.total });
    // A name is looked up first.
    expect(byName!.status).toBe('Finished');
    expect(byName!.details!.timings!.dns).toBeGreaterThan(0);
    expect(byName!.details!.timings!.connect).toBeGreaterThanOrEqual(byName!.details!.timings!.dns!);
  });

  it('follows a redirect, its time in the total', async () => {
    const [result] = await runWebBrowsing(testTask('web-browsing', { urls: [`${base}/moved`] }), testContext());
    expect(result).toMatchObject({ status: 'Finished', details: { httpStatus: 200, bytes: page.length } });
  });

  it('fails a page answered 400 or more as a server error, and a redirect loop', async () => {
    const task = testTask('web-browsing', { urls: [`${base}/missing`, `${base}/loop`] });
    const [missing, loop] = await runWebBrowsing(task, testContext());
    expect(missing).toMatchObject({
      status: 'Error',
      failure: { reason: 'serverError', detail: 'HTTP 404' },
      details: { httpStatus: 404 },
      kpis: {},
    });
    expect(loop).toMatchObject({ status: 'Error', failure: { reason: 'other' } });
    expect(loop!.failure!.detail).toMatch(/more than 5 redirects/);
  });

  it('fails a page that does not load within the page load timeout', async () => {
    const task = testTask('web-browsing', { urls: [`${base}/hang`], pageLoadTimeout: 300 });
    const [result] = await runWebBrowsing(task, testContext());
    expect(result).toMatchObject({
      status: 'Error',
      failure: { reason: 'timeout', detail: 'the page did not load within 300 ms' },
    });
  });

  it('fails a server nobody listens on as refused', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise((done) => closed.close(done));
    const [result] = await runWebBrowsing(
      testTask('web-browsing', { urls: [`http://127.0.0.1:${port}/`] }),
      testContext(),
    );
    expect(result).toMatchObject({ status: 'Error', failure: { reason: 'connectionRefused' } });
  });

  it('ends as Cancelled when the run is aborted', async () => {
    const aborted = new AbortController();
    setTimeout(() => aborted.abort(), 100);
    const task = testTask('web-browsing', { urls: [`${base}/hang`, `${base}/`] });
    const results = await runWebBrowsing(task, testContext({ signal: aborted.signal }));
    expect(results.map((result) => result.status)).toEqual(['Cancelled', 'Cancelled']);
  });

  // openssl makes the certificate; a machine without it skips the HTTPS timings.
  it.skipIf(!certificate)('times the TLS handshake of an https page, after the connection', async () => {
    const task = testTask('web-browsing', { urls: [`${secureBase}/`] });
    const [result] = await webBrowsingRunner({ ca: certificate?.cert })(task, testContext());
    expect(result).toMatchObject({ status: 'Finished', details: { httpStatus: 200 } });
    const timings = result!.details!.timings!;
    expect(timings.tls).toBeGreaterThanOrEqual(timings.connect!);
    expect(timings.firstByte).toBeGreaterThanOrEqual(timings.tls!);
  });

  it.skipIf(!certificate)('fails an https page whose certificate it cannot trust', async () => {
    const [result] = await runWebBrowsing(testTask('web-browsing', { urls: [`${secureBase}/`] }), testContext());
    expect(result).toMatchObject({ status: 'Error', failure: { reason: 'other' } });
    expect(result!.failure!.detail).toMatch(/self[- ]signed/i);
  });
});
