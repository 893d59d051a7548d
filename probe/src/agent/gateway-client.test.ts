import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseAuthorization } from '@nq/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { clockOffset } from './clock-offset.ts';
import type { StoredCredentials } from './credentials-file.ts';
import { GatewayUnavailable, gatewayClient, RetryLater, retryAfterMs } from './gateway-client.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, signedAt: number, clientId: string) => void;

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A stand-in gateway on loopback: what it answers is the test's; it sees each request's signature. */
async function fakeGateway(handle: Handler) {
  const server = createServer((request, response) => {
    const parts = parseAuthorization(request.headers.authorization);
    request.resume();
    request.on('end', () => handle(request, response, parts?.timestamp ?? 0, parts?.credential ?? ''));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

function clientOf(gatewayUrl: string, credentials: StoredCredentials = { clientId: 'old', clientSecret: 's' }) {
  let current = credentials;
  const saved: StoredCredentials[] = [];
  const clock = clockOffset();
  const client = gatewayClient({
    gatewayUrl,
    credentials: () => current,
    saveCredentials: async (renewed) => {
      saved.push(renewed);
      current = renewed;
    },
    clock,
    userAgent: 'test',
    timeoutMs: 5_000,
  });
  return { client, clock, saved, current: () => current };
}

describe("the agent's gateway client", () => {
  it('reads Retry-After in seconds or as a date, else waits the default', () => {
    expect(retryAfterMs('7', 1_000)).toBe(7_000);
    expect(retryAfterMs(new Date(Date.now() + 30_000).toUTCString(), 1_000)).toBeGreaterThan(25_000);
    expect(retryAfterMs(null, 1_000)).toBe(1_000);
    expect(retryAfterMs('soon', 1_000)).toBe(1_000);
  });

  it('waits what a 429 or 503 asks, and tells an unreachable or failing gateway apart from a refusal', async () => {
    const answers = [
      (response: ServerResponse) => json(response, 503, { code: 'dependency.unavailable' }, { 'retry-after': '7' }),
      (response: ServerResponse) => json(response, 429, { code: 'request.tooMany' }, { 'retry-after': '2' }),
      (response: ServerResponse) => json(response, 500, { code: 'server.error' }),
      (response: ServerResponse) => json(response, 400, { code: 'validation.failed' }),
    ];
    const url = await fakeGateway((_, response) => answers.shift()!(response));
    const { client } = clientOf(url);
    await expect(client.request('POST', '/results', { items: [] })).rejects.toMatchObject({ afterMs: 7_000 });
    await expect(client.request('POST', '/results', { items: [] })).rejects.toBeInstanceOf(RetryLater);
    await expect(client.request('POST', '/results', { items: [] })).rejects.toBeInstanceOf(GatewayUnavailable);
    expect((await client.request('POST', '/results', { items: [] })).status).toBe(400);
    await expect(clientOf('http://127.0.0.1:1').client.request('GET', '/commands')).rejects.toBeInstanceOf(
      GatewayUnavailable,
    );
  });

  it("learns its clock's offset from the gateway's answers and signs on the gateway's clock, even after a refusal as stale", async () => {
    const ahead = 10 * 60_000;
    const url = await fakeGateway((_, response, signedAt) => {
      const serverTime = Date.now() + ahead;
      const headers = { 'x-server-time': String(serverTime) };
      if (Math.abs(signedAt - serverTime) > 5_000) json(response, 401, { code: 'auth.staleRequest' }, headers);
      else json(response, 200, { list: [] }, headers);
    });
    const { client, clock } = clientOf(url);
    expect((await client.request('GET', '/commands')).status).toBe(200);
    expect(Math.abs(clock.offsetMs + ahead)).toBeLessThan(2_000);
    expect(Math.abs(clock.platformNow() - (Date.now() + ahead))).toBeLessThan(2_000);
  });

  it('renews credentials refused as ended, saves them, then signs with them; and renews those ending soon', async () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const later = new Date(Date.now() + 90 * 86_400_000).toISOString();
    const renewals: string[] = [];
    const url = await fakeGateway((request, response, _, clientId) => {
      if (request.url === '/gateway/v1/credentials') {
        renewals.push(clientId);
        const next = clientId === 'old' ? 'new' : 'newer';
        return json(response, 201, { clientId: next, clientSecret: `${next}-secret`, expiresAt: later });
      }
      if (clientId === 'old') return json(response, 401, { code: 'auth.sessionExpired' });
      json(response, 200, { list: [] }, { 'x-credentials-expire-at': clientId === 'new' ? soon : later });
    });
    const { client, saved, current } = clientOf(url);
    expect((await client.request('GET', '/commands')).status).toBe(200);
    // Ended: renewed with the old ones (the gateway's grace), saved, the request sent again with the new ones.
    expect(renewals[0]).toBe('old');
    expect(saved[0]).toMatchObject({ clientId: 'new', expiresAt: later });
    // The new ones end within a week: renewed in the background.
    await expect.poll(() => current().clientId).toBe('newer');
    expect(renewals).toEqual(['old', 'new']);
  });
});
