import { MAX_IMPORT_BYTES, maxImportMegabytes } from '@nq/contracts/measurements/result-imports';
import { errorMessage } from '../../../shared/i18n/i18n.ts';

/** Why a chosen file is not sent, found by the browser itself: its catalogue message in the interface language. */
export class FileProblem extends Error {
  override name = 'FileProblem';
}

const isGzip = (head: Uint8Array) => head[0] === 0x1f && head[1] === 0x8b;

/** The file's text, refused before it is read when larger than an import takes, and when gzip-compressed. */
export async function readImportFile(file: File): Promise<string> {
  if (file.size > MAX_IMPORT_BYTES)
    throw new FileProblem(errorMessage('resultImports.tooLarge', { limit: maxImportMegabytes }));
  const unreadable = () => new FileProblem(errorMessage('resultImports.fileUnreadable'));
  if (typeof file.text !== 'function') throw unreadable();
  let head: Uint8Array;
  let text: string;
  try {
    head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
    text = isGzip(head) ? '' : await file.text();
  } catch {
    throw unreadable();
  }
  if (isGzip(head)) throw new FileProblem(errorMessage('resultImports.compressedFile'));
  return text;
}
