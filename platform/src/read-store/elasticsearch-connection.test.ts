import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@elastic/elasticsearch';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { elasticsearchClientOptions } from './elasticsearch-connection.ts';

const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const caFile = join(mkdtempSync(join(tmpdir(), 'nq-es-ca-')), 'ca.pem');
writeFileSync(caFile, pem);

const optionsFrom = (env: Record<string, string>) =>
  elasticsearchClientOptions(loadConfig({ PROFILE: 'distributed', ...env }).elasticsearch);

/** The headers of the one request an Elasticsearch client makes to a stand-in node. */
async function headersSent(env: Record<string, string>): Promise<IncomingHttpHeaders> {
  let received: IncomingHttpHeaders = {};
  const server = createServer((request, response) => {
    received = request.headers;
    // The client checks it talks to Elasticsearch before it reads an answer.
    response.writeHead(200, { 'content-type': 'application/json', 'x-elastic-product': 'Elasticsearch' });
    response.end(JSON.stringify({ cluster_name: 'stand-in', version: { number: '8.19.0' } }));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new Client(optionsFrom({ ELASTICSEARCH_URL: url, ...env }));
  try {
    await client.info();
    return received;
  } finally {
    await client.close();
    server.close();
  }
}

describe('Elasticsearch client options from the configuration', () => {
  it('are the node alone by default: no credentials, the system CAs; requests bounded, through its circuit', () => {
    const { Transport, ...options } = optionsFrom({});
    expect(options).toEqual({ node: 'http://127.0.0.1:9200', requestTimeout: 30_000 });
    expect(Transport?.name).toBe('CircuitTransport');
  });

  it('carry an API key, or a user and password, and the CA file for an https node', () => {
    const https = { ELASTICSEARCH_URL: 'https://es.internal:9200', ELASTICSEARCH_CA_FILE: caFile };
    expect(optionsFrom({ ...https, ELASTICSEARCH_API_KEY: 'a2V5OnNlY3JldA==' })).toMatchObject({
      node: 'https://es.internal:9200',
      auth: { apiKey: 'a2V5OnNlY3JldA==' },
      tls: { ca: pem },
    });
    expect(optionsFrom({ ELASTICSEARCH_USERNAME: 'nq', ELASTICSEARCH_PASSWORD: 'secret' })).toMatchObject({
      node: 'http://127.0.0.1:9200',
      auth: { username: 'nq', password: 'secret' },
    });
  });

  it('sign every request: ApiKey or Basic authorization on the wire, none without credentials', async () => {
    expect((await headersSent({ ELASTICSEARCH_API_KEY: 'a2V5OnNlY3JldA==' })).authorization).toBe(
      'ApiKey a2V5OnNlY3JldA==',
    );
    expect((await headersSent({ ELASTICSEARCH_USERNAME: 'nq', ELASTICSEARCH_PASSWORD: 'secret' })).authorization).toBe(
      `Basic ${Buffer.from('nq:secret').toString('base64')}`,
    );
    expect((await headersSent({})).authorization).toBeUndefined();
  });
});
