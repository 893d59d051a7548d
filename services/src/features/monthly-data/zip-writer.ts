import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

/**
 * A zip written into a stream entry after entry, each entry's content streamed in (fflate, as the files' download
 * zips them): it waits whenever the stream asks to, so memory holds a chunk or so whatever the entries' size.
 */
export function zipWriter(output: Writable) {
  let failure: Error | undefined;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else output.write(chunk);
  });

  async function flowing() {
    if (failure) throw failure;
    if (output.writableNeedDrain) await once(output, 'drain');
  }

  return {
    async add(name: string, content: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      for await (const chunk of content) {
        entry.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        await flowing();
      }
      entry.push(new Uint8Array(0), true);
      await flowing();
    },
    /** Writes the zip's directory; the stream itself is left open for its owner to end. */
    async end() {
      zip.end();
      await flowing();
    },
  };
}
