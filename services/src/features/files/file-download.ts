import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { FileStore } from '@nq/platform/files/file-store';
import { Zip, ZipDeflate } from 'fflate';

export interface DownloadableFile {
  name: string;
  path: string;
}

/** What the file jobs make (CSV extractions, dashboard and scorecard PDFs, monthly data) and several files' zip. */
const contentTypes: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

const otherContent = 'application/octet-stream';

export const contentTypeOf = (name: string) =>
  contentTypes[/\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''] ?? otherContent;

/** Every media type a download is sent as (`contentTypeOf`'s, without their parameters): what its route declares. */
export const downloadMediaTypes = [
  ...new Set([...Object.values(contentTypes), otherContent].map((type) => type.split(';')[0]!)),
];

/** `attachment` with the name both as plain ASCII and RFC 5987 UTF-8, so that every browser keeps it. */
export const attachmentOf = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Names made unique inside one zip: a second `a.csv` becomes `a (2).csv`. */
function uniqueNames(files: readonly DownloadableFile[]) {
  const seen = new Map<string, number>();
  return files.map((file) => {
    const count = (seen.get(file.name) ?? 0) + 1;
    seen.set(file.name, count);
    return count === 1 ? file.name : file.name.replace(/(\.[^.]*)?$/, (extension) => ` (${count})${extension}`);
  });
}

/** Several files as one zip, streamed: each file read from the store as the client takes the zip. */
export function zipOf(store: FileStore, files: readonly DownloadableFile[]): Readable {
  const output = new PassThrough();
  let writable = true;
  const zip = new Zip((error, chunk, final) => {
    if (error) return void output.destroy(error);
    writable = output.write(chunk);
    if (final) output.end();
  });
  const names = uniqueNames(files);
  void (async () => {
    for (const [index, file] of files.entries()) {
      const entry = new ZipDeflate(names[index]!, { level: 6 });
      zip.add(entry);
      for await (const chunk of store.open(file.path)) {
        entry.push(chunk as Uint8Array);
        if (!writable) {
          await once(output, 'drain');
          writable = true;
        }
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
