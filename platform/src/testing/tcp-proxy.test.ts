import { connect, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/** One line sent through the proxy and what came back. */
const echoThrough = (port: number) =>
  new Promise<string>((answered, failed) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('ping'));
    socket.once('data', (data) => {
      answered(String(data));
      socket.destroy();
    });
    socket.once('error', failed);
  });

describe('a test TCP proxy', () => {
  let echo: Server;
  let proxy: TcpProxy;

  beforeAll(async () => {
    echo = createServer((socket) => socket.pipe(socket));
    await new Promise<void>((listening) => echo.listen(0, '127.0.0.1', listening));
    proxy = await startTcpProxy({ port: (echo.address() as { port: number }).port });
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((closed) => echo.close(closed));
  });

  it('refuses connections while cut and forwards again once restored, on the same port', async () => {
    expect(await echoThrough(proxy.port)).toBe('ping');
    await proxy.cut();
    await expect(echoThrough(proxy.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await proxy.restore();
    expect(await echoThrough(proxy.port)).toBe('ping');
  });

  it('takes a restore of a reachable proxy as done (a cleanup restoring what a test already restored)', async () => {
    await proxy.restore();
    await proxy.restore();
    expect(await echoThrough(proxy.port)).toBe('ping');
  });
});
