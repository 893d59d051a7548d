import type { Language } from '@nq/contracts';
import type { Content } from 'pdfmake';
import { colours, pageMargins } from './pdf-blocks.ts';
import type { PdfDocumentDefinition } from './pdf-renderer.ts';
import { pdfText } from './pdf-texts.ts';

export interface PdfDocument {
  title: string;
  language: Language;
  content: Content[];
}

/** The blocks on numbered A4 pages, the title repeated above every page after the first, in Roboto. */
export function pdfDocument({ title, language, content }: PdfDocument): PdfDocumentDefinition {
  return {
    pageSize: 'A4',
    pageMargins,
    info: { title, creator: 'Network-quality platform', producer: 'pdfmake' },
    language,
    header: (page) =>
      page === 1
        ? { text: '' }
        : { text: title, color: colours.muted, fontSize: 8, margin: [pageMargins[0], 24, pageMargins[2], 0] },
    footer: (page, pages) => ({
      text: pdfText(language, 'page', { page, pages }),
      alignment: 'right',
      color: colours.muted,
      fontSize: 8,
      margin: [pageMargins[0], 16, pageMargins[2], 0],
    }),
    content,
    defaultStyle: { font: 'Roboto', fontSize: 9, color: colours.text },
    styles: {
      title: { fontSize: 26, bold: true },
      subtitle: { fontSize: 14, color: colours.muted },
      heading: { fontSize: 14, bold: true, margin: [0, 4, 0, 8] },
      chartTitle: { fontSize: 10, bold: true, margin: [0, 0, 0, 4] },
      tableTitle: { fontSize: 10, bold: true, margin: [0, 0, 0, 4] },
      note: { fontSize: 8, italics: true, color: colours.note },
    },
  };
}
