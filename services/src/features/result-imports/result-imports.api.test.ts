import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { describeResultImports } from './result-imports.suite.ts';

describeResultImports('embedded (table-backed log and jobs, SQL measurements)', async () => ({}));

describe('result imports from an address inside the network, private addresses not allowed', {
  timeout: 60_000,
}, () => {
  let api: TestApi;
  let files: Server;
  let port: number;

  beforeAll(async () => {
    api = await openTestApi();
    files = createServer((_request, response) => response.end('[]'));
    await new Promise<void>((listening) => files.listen(0, '127.0.0.1', listening));
    port = (files.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    files?.close();
    await api?.raw.close();
  });

  it('refuses a loopback, link-local or private address, by address or by name, and queues nothing', async () => {
    const importOf = (url: string) =>
      api.app.inject({ method: 'POST', url: '/measurements/imports', payload: { format: 'ripe-atlas', url } });
    const loopback = `http://127.0.0.1:${port}/results.json`;
    const refused = await importOf(loopback);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'resultImports.urlNotAllowed',
      message: `The file at ${loopback} cannot be imported (127.0.0.1 loopback): only public http and https addresses can.`,
      params: { url: loopback, reason: '127.0.0.1 loopback' },
    });
    const named = await importOf(`http://localhost:${port}/results.json`);
    expect(named.json().params.reason).toMatch(/^localhost: (127\.0\.0\.1|::1) loopback$/);
    const metadata = await importOf('http://[::ffff:169.254.169.254]/latest/meta-data/');
    expect(metadata.json().params.reason).toBe('::ffff:a9fe:a9fe linkLocal');
    const privateNetwork = await importOf('https://10.0.0.8/results.json');
    expect(privateNetwork.json().params.reason).toBe('10.0.0.8 private');

    const listed = await api.app.inject({ url: '/measurements/imports' });
    expect(listed.json()).toMatchObject({ list: [], count: 0 });
  });
});
