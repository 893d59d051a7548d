import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import type * as PdfMake from 'pdfmake';

// pdfmake is a CommonJS singleton whose exports Node's ESM loader cannot see by name.
const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as typeof PdfMake;

/** Roboto as pdfmake ships it: embedded in every PDF, nothing read from the network. */
const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
pdfmake.setFonts({
  Roboto: {
    normal: join(fontDir, 'Roboto-Regular.ttf'),
    bold: join(fontDir, 'Roboto-Medium.ttf'),
    italics: join(fontDir, 'Roboto-Italic.ttf'),
    bolditalics: join(fontDir, 'Roboto-MediumItalic.ttf'),
  },
});
// A document is built from our own blocks: it may read the fonts and nothing else, locally or remotely.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.startsWith(fontDir));

export type PdfDocumentDefinition = Parameters<typeof PdfMake.createPdf>[0];

/** Lays the document out and answers the PDF's bytes. */
export function renderPdf(document: PdfDocumentDefinition): Promise<Buffer> {
  return pdfmake.createPdf(document).getBuffer();
}

/**
 * Writes the PDF under a temporary name beside `path` and renames it when complete, so that a reader never finds half
 * a document there, even when the job writing it dies (it runs again and writes it anew).
 */
export async function writePdfFile(pdf: Buffer, path: string): Promise<{ path: string; size: number }> {
  const temporary = join(dirname(path), `.partial-${randomUUID()}-${basename(path)}`);
  try {
    await writeFile(temporary, pdf, { flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { path, size: pdf.length };
}

/** Pages of a PDF pdfmake wrote (each page object is written uncompressed): for results and tests. */
export const pdfPageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
