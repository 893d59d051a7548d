import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi } from '../../testing/test-api.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const indexHtml = '<!doctype html><title>console</title><div id="root"></div><script src="/assets/index-Ab12Cd34.js">';
const script = `export const greeting = ${JSON.stringify('hello '.repeat(2_000))};\n`;
const keplerChunk = `export const kepler = ${JSON.stringify('map layer '.repeat(5_000))};\n`;
const wasm = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(20_000, 7)]);
const favicon = '<svg xmlns="http://www.w3.org/2000/svg"/>';

/** A console build as Vite and its compression step leave it: hashed assets with .br and .gz beside them. */
function writeBuild(dir: string) {
  const write = (path: string, content: string | Buffer, compressed: boolean) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
    if (!compressed) return;
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(content));
  };
  write('index.html', indexHtml, true);
  write('assets/index-Ab12Cd34.js', script, true);
  write('assets/KeplerMap-BDazTRE_.js', keplerChunk, true);
  write('assets/parquet_wasm_bg-DrNke8Bl.wasm', wasm, true);
  write('favicon.svg', favicon, false);
}

describe('console static files', () => {
  let api: FastifyInstance;
  const consoleDir = mkdtempSync(join(tmpdir(), 'nq-console-build-'));

  beforeAll(async () => {
    writeBuild(consoleDir);
    ({ raw: api } = await openTestApi({ CONSOLE_DIR: consoleDir }));
  });
  afterAll(async () => {
    await api?.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => api.inject({ url, headers });

  it('sends a hashed asset brotli-compressed to a browser that accepts brotli', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 10);
  });

  it('sends it gzip-compressed to a client that accepts only gzip', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends it as it is to a client that accepts no compression', async () => {
    const response = await get('/assets/index-Ab12Cd34.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('caches hashed assets for a year, the map chunk and the WebAssembly included, varying by encoding', async () => {
    for (const url of [
      '/assets/index-Ab12Cd34.js',
      '/assets/KeplerMap-BDazTRE_.js',
      '/assets/parquet_wasm_bg-DrNke8Bl.wasm',
    ])
      for (const encoding of ['br', 'gzip', 'identity']) {
        const response = await get(url, { 'accept-encoding': encoding });
        expect({ url, encoding, status: response.statusCode, cache: response.headers['cache-control'] }).toEqual({
          url,
          encoding,
          status: 200,
          cache: IMMUTABLE,
        });
        expect(response.headers.vary).toMatch(/accept-encoding/i);
      }
    const chunk = await get('/assets/KeplerMap-BDazTRE_.js', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(chunk.rawPayload).toString()).toBe(keplerChunk);
    const module = await get('/assets/parquet_wasm_bg-DrNke8Bl.wasm', { 'accept-encoding': 'br' });
    expect(module.headers['content-type']).toBe('application/wasm');
    expect(brotliDecompressSync(module.rawPayload)).toEqual(wasm);
  });

  it('makes browsers revalidate index.html, opened directly, as the start page or as any console page', async () => {
    const page = { accept: 'text/html', 'accept-encoding': 'gzip, br' };
    for (const url of ['/index.html', '/', '/maps/probes?from=2026-01-01']) {
      const response = await get(url, page);
      expect({ url, status: response.statusCode, cache: response.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cache: 'no-cache',
      });
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(indexHtml);
    }
  });

  it('makes browsers revalidate files of unhashed names, and sends those without a compressed copy as they are', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(favicon);
  });

  it('does not serve the compressed copies under names of their own', async () => {
    expect((await get('/assets/index-Ab12Cd34.js.br')).statusCode).toBe(404);
  });
});
