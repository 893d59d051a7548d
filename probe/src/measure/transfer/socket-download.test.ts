import { Agent, createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketDownloadOnce } from './socket-download.ts';

describe('a download read straight from the socket', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/sized') return response.end(Buffer.alloc(300_000, 1));
      if (request.url === '/chunked') {
        response.write(Buffer.alloc(100_000, 1));
        response.write(Buffer.alloc(100_000, 2));
        return response.end();
      }
      if (request.url === '/cut') {
        response.writeHead(200, { 'content-length': '1000000' });
        response.write(Buffer.alloc(1_000, 1));
        return setTimeout(() => response.destroy(), 50);
      }
      response.writeHead(404);
      response.end('no');
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((closed) => server.close(closed)));

  const download = async (path: string) => {
    let bytes = 0;
    const address = await socketDownloadOnce(new URL(`${base}${path}`), {
      agent: new Agent(),
      signal: new AbortController().signal,
      connectTimeoutMs: 5_000,
      transferTimeoutMs: 5_000,
      moved: (moved) => {
        bytes += moved;
      },
    });
    return { bytes, address };
  };

  it('counts a body of known length exactly, and names the address it came from', async () => {
    expect(await download('/sized')).toEqual({ bytes: 300_000, address: '127.0.0.1' });
  });

  it('reads a chunked body to its last chunk, its framing counted with it', async () => {
    const { bytes } = await download('/chunked');
    expect(bytes).toBeGreaterThanOrEqual(200_000);
    expect(bytes).toBeLessThan(200_100);
  });

  it('fails an answer of 400 or more, and a body cut before its length', async () => {
    await expect(download('/missing')).rejects.toMatchObject({ code: 'ERR_HTTP_STATUS' });
    await expect(download('/cut')).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});
