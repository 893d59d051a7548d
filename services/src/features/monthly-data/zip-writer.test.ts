import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipWriter } from './zip-writer.ts';

/** A destination slower than its source (a disk under load): it takes a chunk per turn of the event loop. */
function slowDestination() {
  const chunks: Buffer[] = [];
  let mostBuffered = 0;
  const stream = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      mostBuffered = Math.max(mostBuffered, stream.writableLength);
      setImmediate(done);
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks), mostBuffered: () => mostBuffered };
}

describe('zip writer', () => {
  it('writes each entry as it comes, waiting for a slow destination, so that little is ever held in memory', async () => {
    const destination = slowDestination();
    const zip = zipWriter(destination.stream);
    // 8 MB that does not compress: without waiting, nearly all of it would sit in the stream's buffer.
    const blocks = Array.from({ length: 128 }, () => randomBytes(64 * 1024));
    await zip.add(
      'data.bin',
      (async function* () {
        yield* blocks;
      })(),
    );
    await zip.add('README.txt', ['rows: 128\r\n']);
    await zip.end();
    await new Promise<void>((done) => destination.stream.end(done));

    expect(destination.mostBuffered()).toBeLessThan(1024 * 1024);
    const entries = unzipSync(destination.bytes());
    expect(Object.keys(entries)).toEqual(['data.bin', 'README.txt']);
    expect(Buffer.from(entries['data.bin']!).equals(Buffer.concat(blocks))).toBe(true);
    expect(Buffer.from(entries['README.txt']!).toString()).toBe('rows: 128\r\n');
  });
});
