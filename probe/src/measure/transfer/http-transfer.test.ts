import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpeedServer, startSpeedServer } from '../../speed-server/speed-server.ts';
import { testContext, testTask } from '../tasks.fixtures.ts';
import { httpTransferRunner } from './http-transfer.ts';

const runDownload = httpTransferRunner('download');
const runUpload = httpTransferRunner('upload');

const megabyte = 1_000_000;

/**
 * Sends `bytes` after `delayMs` and then keeps the response open, sending nothing more (it announces more, so that the
 * body has no chunk framing to count).
 */
const sendOnceAfter = (response: ServerResponse, delayMs: number, bytes: number) => {
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(bytes * 10) });
  response.flushHeaders();
  const timer = setTimeout(() => response.write(Buffer.alloc(bytes, 1)), delayMs);
  response.once('close', () => clearTimeout(timer));
};

describe('HTTP download and upload', () => {
  let speedServer: SpeedServer;
  let odd: Server;
  let oddBase: string;
  let flakyRequests = 0;
  beforeAll(async () => {
    speedServer = await startSpeedServer({ host: '127.0.0.1', httpPort: 0, udpPort: 0 });
    // A server that misbehaves in the ways a throughput test must notice.
    odd = createServer((request, response) => {
      switch (request.url) {
        case '/burst-then-silence':
          return sendOnceAfter(response, 0, megabyte);
        case '/silence-then-burst':
          return sendOnceAfter(response, 1_500, megabyte);
        case '/stall':
          return sendOnceAfter(response, 60_000, 1);
        case '/flaky':
          response.writeHead(flakyRequests++ % 2 === 0 ? 500 : 200);
          return response.end(Buffer.alloc(50_000));
        default:
          response.writeHead(404);
          return response.end();
      }
    });
    await new Promise<void>((listening) => odd.listen(0, '127.0.0.1', listening));
    oddBase = `http://127.0.0.1:${(odd.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    odd.closeAllConnections();
    await new Promise((closed) => odd.close(closed));
    await speedServer.close();
  });

  const speedServers = () => [{ host: '127.0.0.1', port: speedServer.httpPort }];

  it('downloads from the speed server: throughput, its percentiles and the idle latency', async () => {
    const task = testTask('http-download', {
      servers: speedServers(),
      threads: { initial: 2, max: 2 },
      rampUp: 0.2,
    });
    const [result] = await runDownload(task, testContext());
    expect(result).toMatchObject({
      testType: 'http-download',
      status: 'Finished',
      destination: { name: `127.0.0.1:${speedServer.httpPort}`, ip: '127.0.0.1' },
    });
    const { download, latency, downloadP50, downloadP90 } = result!.kpis;
    for (const value of [download, latency, downloadP50, downloadP90]) {
      expect(value).toBeGreaterThan(0);
      expect(Number.isFinite(value)).toBe(true);
    }
    expect(result!.details!.bytes).toBeGreaterThan(0);
    expect(result!.details!.sent).toBeGreaterThanOrEqual(2);
    expect(result!.details!.received).toBe(result!.details!.sent);
  });

  it('uploads to the speed server', async () => {
    const task = testTask('http-upload', { servers: speedServers(), rampUp: 0.2 });
    const [result] = await runUpload(task, testContext());
    expect(result).toMatchObject({ testType: 'http-upload', status: 'Finished' });
    expect(result!.kpis.upload).toBeGreaterThan(0);
    expect(result!.kpis.latency).toBeGreaterThan(0);
    expect(result!.details!.bytes).toBeGreaterThan(0);
  });

  it('leaves the ramp-up out: what came during it counts nothing, what came after counts over the rest', async () => {
    const task = (path: string) =>
      testTask('http-download', { url: `${oddBase}${path}`, duration: 2_000, rampUp: 0.5, transferTimeout: 10_000 });
    const [[during], [after]] = await Promise.all([
      runDownload(task('/burst-then-silence'), testContext()),
      runDownload(task('/silence-then-burst'), testContext()),
    ]);
    expect(during).toMatchObject({ status: 'Finished', kpis: { download: 0 }, details: { bytes: megabyte } });
    // 1 MB over the last second: 8 Mbps, give or take the lateness of the timers that read the window's ends on a
    // busy machine; over the whole duration it would have been 4 Mbps.
    expect(after).toMatchObject({ status: 'Finished', details: { bytes: megabyte } });
    expect(after!.kpis.download).toBeGreaterThan(5);
    expect(after!.kpis.download).toBeLessThan(10);
  });

  it('fails a transfer that stops moving bytes for the transfer timeout', async () => {
    const task = testTask('http-download', { url: `${oddBase}/stall`, transferTimeout: 300 });
    const [result] = await runDownload(task, testContext());
    expect(result).toMatchObject({
      status: 'Error',
      failure: { reason: 'timeout' },
      kpis: {},
      details: { received: 0 },
    });
    expect(result!.failure!.detail).toMatch(/no byte moved for 300 ms/);
  });

  it('fails when the share of failed requests is above the error threshold, and not without one', async () => {
    const task = (errorThreshold?: number) =>
      testTask('http-download', {
        url: `${oddBase}/flaky`,
        duration: 600,
        ...(errorThreshold ? { errorThreshold } : {}),
      });
    const [[strict], [lenient]] = await Promise.all([
      runDownload(task(0.1), testContext()),
      runDownload(task(), testContext()),
    ]);
    expect(strict).toMatchObject({ status: 'Error', failure: { reason: 'serverError' } });
    expect(strict!.failure!.detail).toMatch(/HTTP 500/);
    expect(lenient!.status).toBe('Finished');
    expect(lenient!.details!.received).toBeLessThan(lenient!.details!.sent!);
    expect(lenient!.kpis.download).toBeGreaterThan(0);
  });

  it('fails a server that refuses connections before transferring anything', async () => {
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, '127.0.0.1', listening));
    const { port } = closed.address() as { port: number };
    await new Promise((done) => closed.close(done));
    const [result] = await runUpload(
      testTask('http-upload', { servers: [{ host: '127.0.0.1', port }] }),
      testContext(),
    );
    expect(result).toMatchObject({ status: 'Error', failure: { reason: 'connectionRefused' } });
  });

  it('ends as Cancelled soon after the run is aborted', async () => {
    const aborted = new AbortController();
    setTimeout(() => aborted.abort(), 300);
    const started = performance.now();
    const task = testTask('http-download', { servers: speedServers(), duration: 30_000 });
    const [result] = await runDownload(task, testContext({ signal: aborted.signal }));
    expect(result!.status).toBe('Cancelled');
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});
