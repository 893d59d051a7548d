import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyAddress, publicAddressesOnly, RefusedAddress } from './address-policy.ts';
import { pinnedRequest } from './pinned-request.ts';

describe('a request pinned to the addresses the policy allows', () => {
  let server: Server;
  let port: number;
  const signal = AbortSignal.timeout(10_000);

  beforeAll(async () => {
    // Answers with the method and the body it was sent.
    server = createServer(async (request, response) => response.end(`${request.method} ${await text(request)}`));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server?.close());

  const refusal = (url: string) =>
    pinnedRequest(new URL(url), { policy: publicAddressesOnly, signal }).then(
      () => undefined,
      (error: unknown) => (error instanceof RefusedAddress ? error.reason : error),
    );

  it('sends its method, headers and body to an address the policy allows', async () => {
    const response = await pinnedRequest(new URL(`http://localhost:${port}/x`), {
      policy: anyAddress,
      signal,
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: new TextEncoder().encode('hello'),
    });
    expect(response.statusCode).toBe(200);
    expect(await text(response)).toBe('POST hello');
  });

  it('connects to no address the policy refuses, a literal or one a name resolves to', async () => {
    expect(await refusal(`http://127.0.0.1:${port}/x`)).toBe('127.0.0.1 loopback');
    expect(await refusal(`https://[::7f00:1]:${port}/x`)).toBe('::7f00:1 reserved');
    expect(await refusal(`http://localhost:${port}/x`)).toMatch(/^localhost: (127\.0\.0\.1|::1) loopback$/);
  });
});
