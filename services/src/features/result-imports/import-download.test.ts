import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { DomainError, MAX_IMPORT_BYTES } from '@nq/contracts';
import { type AddressPolicy, anyAddress, publicAddressesOnly } from '@nq/platform/http/address-policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadImportFile } from './import-download.ts';
import { textOf } from './import-file.ts';

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { code, params } = error as DomainError;
  return { code, params };
};

/** The public-only policy, but for the first address it is asked about: the test server's, on loopback. */
const publicAfterTheFirst = (): AddressPolicy => {
  let asked = 0;
  return (address) => (asked++ === 0 ? undefined : publicAddressesOnly(address));
};

describe('the file an import downloads', () => {
  let server: Server;
  let base: string;
  let port: number;
  const tooLarge = { code: 'resultImports.tooLarge', params: { limit: 8 } };
  const any = { policy: anyAddress };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = request.url ?? '';
      if (url === '/results.json.gz') return response.end(gzipSync('[{"a":1}]'));
      // Says nothing of its length, and sends more than the bound.
      if (url === '/endless') {
        response.write(Buffer.alloc(MAX_IMPORT_BYTES, 32));
        return response.end('x');
      }
      if (url === '/large') return response.writeHead(200, { 'content-length': MAX_IMPORT_BYTES + 1 }).end();
      if (url.startsWith('/redirect?to=')) {
        const to = decodeURIComponent(url.slice('/redirect?to='.length));
        return response.writeHead(302, { location: to }).end();
      }
      if (url === '/loop') return response.writeHead(307, { location: '/loop' }).end();
      response.writeHead(404).end();
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => server?.close());

  const redirectTo = (to: string) => `${base}/redirect?to=${encodeURIComponent(to)}`;

  it('is downloaded over http(s), following redirects, gzip-compressed or not', async () => {
    expect(textOf(await downloadImportFile(`${base}/results.json.gz`, any))).toBe('[{"a":1}]');
    expect(textOf(await downloadImportFile(redirectTo('/results.json.gz'), any))).toBe('[{"a":1}]');
  });

  it('is refused past 8 MB, however the server hides it', async () => {
    expect(await refusal(downloadImportFile(`${base}/large`, any))).toEqual(tooLarge);
    expect(await refusal(downloadImportFile(`${base}/endless`, any))).toEqual(tooLarge);
  });

  it('names the address and why it could not be downloaded', async () => {
    expect(await refusal(downloadImportFile(`${base}/missing`, any))).toEqual({
      code: 'resultImports.downloadFailed',
      params: { url: `${base}/missing`, reason: 'HTTP 404' },
    });
    expect(await refusal(downloadImportFile(`${base}/loop`, any))).toEqual({
      code: 'resultImports.downloadFailed',
      params: { url: `${base}/loop`, reason: 'more than 5 redirects' },
    });
    expect(await refusal(downloadImportFile('file:///etc/passwd', any))).toEqual({
      code: 'resultImports.urlNotAllowed',
      params: { url: 'file:///etc/passwd', reason: 'file:' },
    });
  });

  it('is not downloaded from an address of the platform’s own network, by address or by name', async () => {
    const strict = { policy: publicAddressesOnly };
    expect(await refusal(downloadImportFile(`${base}/results.json.gz`, strict))).toEqual({
      code: 'resultImports.urlNotAllowed',
      params: { url: `${base}/results.json.gz`, reason: '127.0.0.1 loopback' },
    });
    const mapped = `http://[::ffff:127.0.0.1]:${port}/results.json.gz`;
    expect(await refusal(downloadImportFile(mapped, strict))).toEqual({
      code: 'resultImports.urlNotAllowed',
      params: { url: `http://[::ffff:7f00:1]:${port}/results.json.gz`, reason: '::ffff:7f00:1 loopback' },
    });
    // A name: refused on the address it resolves to, before any connection.
    const named = await refusal(downloadImportFile(`http://localhost:${port}/results.json.gz`, strict));
    expect(named).toMatchObject({ code: 'resultImports.urlNotAllowed' });
    expect(named.params.reason).toMatch(/^localhost: (127\.0\.0\.1|::1) loopback$/);
  });

  it('is not downloaded where a redirect leads inside the network: each address connected to is checked', async () => {
    const cloudMetadata = 'http://169.254.169.254/latest/meta-data/';
    expect(await refusal(downloadImportFile(redirectTo(cloudMetadata), { policy: publicAfterTheFirst() }))).toEqual({
      code: 'resultImports.urlNotAllowed',
      params: { url: cloudMetadata, reason: '169.254.169.254 linkLocal' },
    });
    const loopback = `http://127.0.0.2:${port}/results.json.gz`;
    expect(await refusal(downloadImportFile(redirectTo(loopback), { policy: publicAfterTheFirst() }))).toEqual({
      code: 'resultImports.urlNotAllowed',
      params: { url: loopback, reason: '127.0.0.2 loopback' },
    });
    const byName = await refusal(
      downloadImportFile(redirectTo(`http://localhost:${port}/results.json.gz`), { policy: publicAfterTheFirst() }),
    );
    expect(byName.params.reason).toMatch(/^localhost: (127\.0\.0\.1|::1) loopback$/);
    expect(await refusal(downloadImportFile(redirectTo('ftp://example.net/x'), any))).toMatchObject({
      code: 'resultImports.urlNotAllowed',
      params: { reason: 'ftp:' },
    });
  });
});
