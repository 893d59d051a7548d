import { type CatalogueWarning, type Language, translate, warning } from '@nq/contracts';
import { pdfTableRowLimit } from '@nq/contracts/configuration/personal-dashboard';
import type { Content, TableCell } from 'pdfmake';
import { chartSvg, type PdfChart } from './chart-svg.ts';
import { decimalText, instantText, numberText, pdfText, windowText } from './pdf-texts.ts';

// The building blocks of every PDF report (the scorecard report, the dashboards' "send as PDF"): a title page, a
// chart drawn as vector graphics, a table that says when it does not fit, and notes. `pdfDocument` puts them on
// numbered A4 pages.

/** A4 portrait, in points, and the margins every document keeps. */
export const pageSize = { width: 595.28, height: 841.89 };
export const pageMargins: [number, number, number, number] = [40, 56, 40, 48];
export const contentWidth = pageSize.width - pageMargins[0] - pageMargins[2];
/** Narrower columns would cut most values: a table with more columns than fit at this width is cut. */
export const minColumnWidth = 48;
/** Past this many rows a table stops. */
export const defaultRowLimit = pdfTableRowLimit;

export const colours = { text: '#111827', muted: '#6b7280', rule: '#d1d5db', header: '#f3f4f6', note: '#92400e' };

export interface TitlePage {
  title: string;
  subtitle?: string;
  /** The profile whose restrictions the data was read with. */
  profile: string;
  window: { from: string; to: string; timeZone: string };
  generatedAt: Date;
  language: Language;
  /** A line under the generation time: what the document's figures are pinned to, say, and how to get them again. */
  note?: string;
}

export function titlePage({ title, subtitle, profile, window, generatedAt, language, note }: TitlePage): Content {
  const line = (label: string, value: string): Content => ({
    columns: [
      { text: label, width: 110, color: colours.muted },
      { text: value, width: '*' },
    ],
    margin: [0, 0, 0, 6],
  });
  return {
    stack: [
      { text: title, style: 'title', margin: [0, 180, 0, 8] },
      ...(subtitle ? [{ text: subtitle, style: 'subtitle', margin: [0, 0, 0, 40] } as Content] : []),
      {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: contentWidth, y2: 0, lineWidth: 1, lineColor: colours.rule }],
        margin: [0, subtitle ? 0 : 32, 0, 16],
      },
      line(pdfText(language, 'profile'), profile),
      line(
        pdfText(language, 'window'),
        `${windowText(window, language)} (${pdfText(language, 'timeZone')} ${window.timeZone})`,
      ),
      line(pdfText(language, 'generatedAt'), instantText(generatedAt, language, window.timeZone)),
      ...(note ? [{ text: note, fontSize: 8, color: colours.muted, margin: [0, 10, 0, 0] } as Content] : []),
    ],
    pageBreak: 'after',
  };
}

export interface ChartBlockOptions {
  width?: number;
  height?: number;
}

/** A chart with its title, drawn as SVG paths (vector graphics), kept on one page. */
export function chartBlock(chart: PdfChart, { width = contentWidth, height = 220 }: ChartBlockOptions = {}): Content {
  return {
    stack: [
      { text: chart.title, style: 'chartTitle' },
      { svg: chartSvg(chart, { width, height }), width, height },
    ],
    unbreakable: true,
    margin: [0, 0, 0, 14],
  };
}

/** A cell: text or a number (written in the document's language), optionally filled and coloured; null is empty. */
export type PdfCell = string | number | null | { text: string; fill?: string; colour?: string; bold?: boolean };

export interface PdfColumn {
  header: string;
  align?: 'left' | 'right' | 'center';
  /** Points, or '*' to share what is left; default 'auto'. */
  width?: number | '*' | 'auto';
  /** Its numbers written with exactly this many decimals; default up to 2, as each needs. */
  decimals?: number;
}

export interface TableBlock {
  /** Names the table in the document and in its warnings. */
  title: string;
  columns: PdfColumn[];
  rows: PdfCell[][];
  language: Language;
  rowLimit?: number;
  /** Default: as many as fit the page at `minColumnWidth`. */
  columnLimit?: number;
}

function cellOf(cell: PdfCell, column: PdfColumn, language: Language): TableCell {
  const alignment = column.align ?? (typeof cell === 'number' ? 'right' : 'left');
  if (cell === null) return { text: '', alignment };
  if (typeof cell === 'number')
    return {
      text: column.decimals === undefined ? numberText(cell, language) : decimalText(cell, language, column.decimals),
      alignment,
    };
  if (typeof cell === 'string') return { text: cell, alignment };
  return {
    text: cell.text,
    alignment,
    ...(cell.fill ? { fillColor: cell.fill } : {}),
    ...(cell.colour ? { color: cell.colour } : {}),
    ...(cell.bold ? { bold: true } : {}),
  };
}

/** Notes in the document: what a reader should know about what they see (the table warnings, the calculation's). */
export function notesBlock(messages: string[], language: Language): Content {
  if (messages.length === 0) return { text: '' };
  return {
    stack: [{ text: pdfText(language, 'notes'), bold: true }, { ul: messages }],
    style: 'note',
    margin: [0, 2, 0, 12],
  };
}

/**
 * A table with a repeated header row. Past the page's width (more columns than fit) or the row limit it is cut, and
 * says so twice: a catalogue warning for the caller (the job's result, the e-mail) and a note under the table.
 */
export function tableBlock({
  title,
  columns,
  rows,
  language,
  rowLimit = defaultRowLimit,
  columnLimit = Math.floor(contentWidth / minColumnWidth),
}: TableBlock): { content: Content; warnings: CatalogueWarning[] } {
  const warnings: CatalogueWarning[] = [];
  if (columns.length > columnLimit)
    warnings.push(warning('reports.tableTooWide', { table: title, columns: columns.length, limit: columnLimit }));
  if (rows.length > rowLimit)
    warnings.push(warning('reports.tableTruncated', { table: title, rows: rows.length, limit: rowLimit }));
  const shown = columns.slice(0, columnLimit);
  const body: TableCell[][] = [
    shown.map((column) => ({ text: column.header, bold: true, fillColor: colours.header, alignment: column.align })),
    ...rows.slice(0, rowLimit).map((row) => shown.map((column, index) => cellOf(row[index] ?? null, column, language))),
  ];
  return {
    content: {
      stack: [
        { text: title, style: 'tableTitle' },
        {
          table: { headerRows: 1, widths: shown.map((column) => column.width ?? 'auto'), body },
          layout: 'lightHorizontalLines',
          fontSize: 8,
          margin: [0, 0, 0, 4],
        },
        notesBlock(
          warnings.map(({ code, params }) => translate(code, language, params)),
          language,
        ),
      ],
      margin: [0, 0, 0, 10],
    },
    warnings,
  };
}
