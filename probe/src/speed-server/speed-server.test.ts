import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpeedServer, startSpeedServer } from './speed-server.ts';

interface Answer {
  status: number;
  body: Buffer;
}

function ask(port: number, method: string, path: string, body?: Buffer): Promise<Answer> {
  return new Promise((answered, failed) => {
    const sent = request({ host: '127.0.0.1', port, method, path, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => answered({ status: response.statusCode!, body: Buffer.concat(chunks) }));
    });
    sent.on('error', failed);
    sent.end(body);
  });
}

/** Opens a download that names no size, reads `bytes` of it and leaves it open; `close` cuts it. */
function openEndlessDownload(port: number, bytes: number) {
  return new Promise<{ close: () => void }>((reading, failed) => {
    const sent = request({ host: '127.0.0.1', port, path: '/download', agent: false }, (response) => {
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= bytes) {
          response.pause();
          reading({ close: () => sent.destroy() });
        }
      });
    });
    sent.on('error', () => undefined);
    sent.once('error', failed);
    sent.end();
  });
}

const transfersInProgress = async (port: number) =>
  (JSON.parse(String((await ask(port, 'GET', '/health')).body)) as { transfers: number }).transfers;

async function eventually(check: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 100 && !(await check()); attempt++)
    await new Promise((later) => setTimeout(later, 20));
  expect(await check()).toBe(true);
}

describe('the speed server over HTTP', () => {
  let server: SpeedServer;
  beforeAll(async () => {
    server = await startSpeedServer({
      host: '127.0.0.1',
      httpPort: 0,
      udpPort: 0,
      limits: { maxDownloadBytes: 8_000_000, maxUploadBytes: 2_000_000, maxConcurrentStreams: 2 },
    });
  });
  afterAll(() => server.close());

  it('listens on ports of its own choosing when given 0', () => {
    expect(server.httpPort).toBeGreaterThan(0);
    expect(server.udpPort).toBeGreaterThan(0);
  });

  it('streams exactly the bytes asked for, which do not compress', async () => {
    const { status, body } = await ask(server.httpPort, 'GET', '/download?bytes=1000000');
    expect(status).toBe(200);
    expect(body.length).toBe(1_000_000);
    expect(gzipSync(body).length).toBeGreaterThan(body.length * 0.99);
  });

  it('streams a download without a size until its cap', async () => {
    const { body } = await ask(server.httpPort, 'GET', '/download');
    expect(body.length).toBe(8_000_000);
  });

  it('refuses a size that is not a number of bytes, or above its cap', async () => {
    expect((await ask(server.httpPort, 'GET', '/download?bytes=lots')).status).toBe(400);
    expect((await ask(server.httpPort, 'GET', '/download?bytes=-5')).status).toBe(400);
    expect((await ask(server.httpPort, 'GET', '/download?bytes=8000001')).status).toBe(400);
  });

  it('counts an upload and tells how many bytes it received', async () => {
    const { status, body } = await ask(server.httpPort, 'POST', '/upload', Buffer.alloc(1_500_000, 7));
    expect(status).toBe(200);
    expect(JSON.parse(String(body))).toEqual({ bytes: 1_500_000 });
  });

  it('stops an upload past its cap with 413', async () => {
    const { status, body } = await ask(server.httpPort, 'POST', '/upload', Buffer.alloc(5_000_000, 7)).catch(
      (error: { code?: string }) => ({ status: 0, body: Buffer.from(String(error.code)) }),
    );
    // The server may cut the connection before the client has read its answer: either way the upload ended.
    if (status !== 0) expect(status).toBe(413);
    else expect(String(body)).toMatch(/ECONNRESET|EPIPE/);
  });

  it('answers 503 beyond its transfers at once, and again once one ends', async () => {
    const first = await openEndlessDownload(server.httpPort, 1_000_000);
    const second = await openEndlessDownload(server.httpPort, 1_000_000);
    expect((await ask(server.httpPort, 'GET', '/download?bytes=10')).status).toBe(503);
    first.close();
    second.close();
    await eventually(async () => (await transfersInProgress(server.httpPort)) === 0);
    expect((await ask(server.httpPort, 'GET', '/download?bytes=10')).status).toBe(200);
  });

  it('answers /ping with 204, /health with 200 and anything else with 404', async () => {
    expect((await ask(server.httpPort, 'GET', '/ping')).status).toBe(204);
    expect((await ask(server.httpPort, 'GET', '/health')).status).toBe(200);
    expect((await ask(server.httpPort, 'GET', '/elsewhere')).status).toBe(404);
    expect((await ask(server.httpPort, 'DELETE', '/download')).status).toBe(404);
  });
});

describe('the speed server’s bounds on one client', () => {
  let server: SpeedServer;
  beforeAll(async () => {
    server = await startSpeedServer({
      host: '127.0.0.1',
      httpPort: 0,
      udpPort: 0,
      limits: { maxStreamsPerClient: 1, idleConnectionMs: 300 },
    });
  });
  afterAll(() => server.close());

  it('answers 503 to a client beyond its own transfers at once, and frees a transfer its client stopped reading', async () => {
    await openEndlessDownload(server.httpPort, 1_000_000);
    expect((await ask(server.httpPort, 'GET', '/download?bytes=10')).status).toBe(503);
    // The open download is no longer read: once idle long enough, its connection is closed and its slot freed.
    await eventually(async () => (await transfersInProgress(server.httpPort)) === 0);
    expect((await ask(server.httpPort, 'GET', '/download?bytes=10')).status).toBe(200);
  });
});

describe('the speed server pacing each transfer', () => {
  let server: SpeedServer;
  beforeAll(async () => {
    server = await startSpeedServer({ host: '127.0.0.1', httpPort: 0, udpPort: 0, limits: { maxMbpsPerStream: 8 } });
  });
  afterAll(() => server.close());

  // At 8 Mbps a megabyte takes a second: however fast the machine, never less (a slow machine only takes longer).
  it('moves a download and an upload no faster than its rate', async () => {
    for (const [method, path, body] of [
      ['GET', '/download?bytes=1000000', undefined],
      ['POST', '/upload', Buffer.alloc(1_000_000)],
    ] as const) {
      const started = performance.now();
      const answer = await ask(server.httpPort, method, path, body);
      expect(answer.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    }
  });
});
