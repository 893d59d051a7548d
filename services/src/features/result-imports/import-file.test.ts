import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { DomainError } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadImportFile, textOf } from './import-file.ts';
import { MAX_IMPORT_BYTES } from './import-request.ts';

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { code, params } = error as DomainError;
  return { code, params };
};

describe('the file an import reads', () => {
  let server: Server;
  let base: string;
  const tooLarge = { code: 'resultImports.tooLarge', params: { limit: 8 } };

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/results.json.gz') return response.end(gzipSync('[{"a":1}]'));
      // Says nothing of its length, and sends more than the bound.
      if (request.url === '/endless') {
        response.write(Buffer.alloc(MAX_IMPORT_BYTES, 32));
        return response.end('x');
      }
      if (request.url === '/large') return response.writeHead(200, { 'content-length': MAX_IMPORT_BYTES + 1 }).end();
      response.writeHead(404).end();
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());

  it('is downloaded over http(s) and read gzip-compressed or not', async () => {
    expect(textOf(await downloadImportFile(`${base}/results.json.gz`))).toBe('[{"a":1}]');
    expect(textOf(Buffer.from('{"b":2}'))).toBe('{"b":2}');
  });

  it('is refused past 8 MB, however the server or the compression hides it', async () => {
    expect(await refusal(downloadImportFile(`${base}/large`))).toEqual(tooLarge);
    expect(await refusal(downloadImportFile(`${base}/endless`))).toEqual(tooLarge);
    const bomb = gzipSync(Buffer.alloc(MAX_IMPORT_BYTES + 1, 32));
    expect(await refusal(Promise.resolve().then(() => textOf(bomb)))).toEqual(tooLarge);
  });

  it('names the address and why it could not be downloaded', async () => {
    expect(await refusal(downloadImportFile(`${base}/missing`))).toEqual({
      code: 'resultImports.downloadFailed',
      params: { url: `${base}/missing`, reason: 'HTTP 404' },
    });
    expect(await refusal(downloadImportFile('file:///etc/passwd'))).toMatchObject({
      code: 'resultImports.urlNotAllowed',
    });
  });
});
