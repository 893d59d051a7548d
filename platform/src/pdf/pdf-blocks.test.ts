import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seriesColour } from '@nq/contracts/analytics/series-colours';
import { describe, expect, it } from 'vitest';
import { chartSvg, type PdfChart, valueScale } from './chart-svg.ts';
import { chartBlock, contentWidth, minColumnWidth, type PdfCell, tableBlock, titlePage } from './pdf-blocks.ts';
import { pdfDocument } from './pdf-document.ts';
import { pdfPageCount, renderPdf, writePdfFile } from './pdf-renderer.ts';

const day = 86_400_000;
const chart: PdfChart = {
  title: 'Download speed per day',
  type: 'line',
  unit: 'Mbps',
  data: {
    axis: { kind: 'time', values: [0, 1, 2, 3].map((index) => Date.UTC(2026, 9, 1) + index * day) },
    series: [
      { id: 'movistar', name: 'Movistar', values: [41.5, 43.2, null, 44.8] },
      { id: 'orange', name: 'Orange', values: [20.1, 22.4, 21.9, 23] },
      { id: 'movistar-avg', name: 'Movistar average', values: [43, 43, 43, 43], kind: 'globalAverage', colourOf: 0 },
    ],
  },
};
const rowsOf = (count: number, columns: number): PdfCell[][] =>
  Array.from({ length: count }, (_, row) => Array.from({ length: columns }, (_, column) => row * columns + column));
const columnsOf = (count: number) => Array.from({ length: count }, (_, index) => ({ header: `Column ${index + 1}` }));
const text = (pdf: Buffer) => pdf.toString('latin1');

describe('PDF building blocks', () => {
  it('renders a title page, a chart and a table as a PDF with numbered pages', async () => {
    const table = tableBlock({ title: 'KPIs', columns: columnsOf(3), rows: rowsOf(5, 3), language: 'en' });
    const pdf = await renderPdf(
      pdfDocument({
        title: 'Quality report',
        language: 'en',
        content: [
          titlePage({
            title: 'Quality report',
            subtitle: 'Madrid',
            profile: 'Madrid analyst',
            window: { from: '2026-10-01T00:00:00.000Z', to: '2026-10-31T23:59:59.999Z', timeZone: 'Europe/Madrid' },
            generatedAt: new Date('2026-11-01T10:00:00Z'),
            language: 'en',
          }),
          chartBlock(chart),
          table.content,
        ],
      }),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(text(pdf).trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdfPageCount(pdf)).toBe(2);
    expect(table.warnings).toEqual([]);
  });

  it('draws a chart as SVG paths and text, each series in its colour and averages dashed in theirs', () => {
    const block = chartBlock(chart, { width: 400, height: 200 }) as { stack: [unknown, { svg: string }] };
    const { svg } = block.stack[1];
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toContain('<image');
    expect(svg).toContain('Movistar');
    const [movistar, orange] = ['Movistar', 'Orange'].map((name) => seriesColour(undefined, name));
    expect(movistar).not.toBe(orange);
    expect(svg).toMatch(new RegExp(`<path[^>]+stroke="${movistar}"`));
    expect(svg).toMatch(new RegExp(`<path[^>]+stroke="${orange}"`));
    expect(svg).toMatch(new RegExp(`<path[^>]+stroke="${movistar}"[^>]+stroke-dasharray`));
  });

  it('draws boxes per category, each series outlined in its colour over a translucent fill', () => {
    const svg = chartSvg(
      {
        title: 'Download per week',
        type: 'boxplot',
        unit: 'Download speed (Mbps)',
        data: {
          axis: { kind: 'category', values: ['Week 1', 'Week 2'] },
          series: [],
          boxes: [
            { id: 'a', name: 'Movistar', boxes: [[80, 110, 123, 140, 190], null] },
            {
              id: 'b',
              name: 'Orange',
              boxes: [
                [90, 112, 128, 142, 180],
                [85, 100, 120, 150, 200],
              ],
            },
          ],
        },
      },
      { width: 400, height: 200 },
    );
    expect(svg).not.toContain('<image');
    expect(svg.match(/<path[^>]+ecmeta_ssr_type="chart"/g)).toHaveLength(3);
    expect(svg).toMatch(/<path[^>]+fill="rgba?\(37,99,235[^"]*"[^>]+stroke="#2563eb"[^>]+ecmeta_ssr_type="chart"/);
    expect(svg).not.toMatch(/fill="#[0-9a-f]{8}"/);
    expect(svg).toContain('Download speed (Mbps)');
    expect(svg).toContain('Week 2');
  });

  it('draws points on two value axes named by their titles', () => {
    const svg = chartSvg(
      {
        title: 'Download and latency',
        type: 'scatter',
        xName: 'Download speed (Mbps)',
        unit: 'Latency (ms)',
        data: {
          axis: { kind: 'category', values: [] },
          series: [],
          points: [{ id: 'a', name: 'Madrid', points: Array.from({ length: 50 }, (_, x) => ({ x, y: 100 - x })) }],
        },
      },
      { width: 400, height: 200 },
    );
    expect(svg.match(/<path[^>]+ecmeta_ssr_type="chart"/g)).toHaveLength(50);
    expect(svg).toContain('Download speed (Mbps)');
    expect(svg).toContain('Latency (ms)');
  });

  it('writes every label of a value axis with the decimals of its step', () => {
    expect(valueScale([0.2, 1.3], false)).toEqual({ min: 0, max: 1.5, interval: 0.5, decimals: 1 });
    expect(valueScale([120.49, 123, 123.6], true)).toEqual({ min: 120, max: 124, interval: 1, decimals: 0 });
    expect(valueScale([0.012, 0.05], false)?.decimals).toBe(2);
    expect(valueScale([], false)).toBeUndefined();
    const svg = chartSvg(
      {
        ...chart,
        type: 'bars',
        data: { axis: { kind: 'category', values: ['a', 'b'] }, series: [{ id: 's', name: 'S', values: [0.2, 1.3] }] },
        format: (value, decimals) => value.toFixed(decimals),
      },
      { width: 400, height: 200 },
    );
    for (const label of ['0.0', '0.5', '1.0', '1.5']) expect(svg).toContain(`>${label}</text>`);
  });

  it('warns, in the catalogue and in the document, when a table has more rows than the limit', async () => {
    const within = tableBlock({
      title: 'Scores',
      columns: columnsOf(2),
      rows: rowsOf(10, 2),
      language: 'en',
      rowLimit: 10,
    });
    expect(within.warnings).toEqual([]);
    const past = tableBlock({
      title: 'Scores',
      columns: columnsOf(2),
      rows: rowsOf(11, 2),
      language: 'es',
      rowLimit: 10,
    });
    expect(past.warnings).toEqual([
      { code: 'reports.tableTruncated', params: { table: 'Scores', rows: 11, limit: 10 } },
    ]);
    expect(JSON.stringify(past.content)).toContain('La tabla «Scores» tiene 11 filas: el PDF muestra las primeras 10.');
    const body = (past.content as { stack: [unknown, { table: { body: unknown[] } }] }).stack[1].table.body;
    expect(body).toHaveLength(1 + 10);
  });

  it('warns when a table has more columns than fit the page width, and keeps the ones that fit', () => {
    const fitting = Math.floor(contentWidth / minColumnWidth);
    expect(tableBlock({ title: 'Wide', columns: columnsOf(fitting), rows: [], language: 'en' }).warnings).toEqual([]);
    const wide = tableBlock({
      title: 'Wide',
      columns: columnsOf(fitting + 1),
      rows: rowsOf(2, fitting + 1),
      language: 'en',
    });
    expect(wide.warnings).toEqual([
      { code: 'reports.tableTooWide', params: { table: 'Wide', columns: fitting + 1, limit: fitting } },
    ]);
    const header = (wide.content as { stack: [unknown, { table: { body: unknown[][] } }] }).stack[1].table.body[0]!;
    expect(header).toHaveLength(fitting);
  });

  it('writes the file whole under its name, leaving no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nq-pdf-'));
    const pdf = await renderPdf(pdfDocument({ title: 'x', language: 'es', content: [{ text: 'Año ñ €' }] }));
    const written = await writePdfFile(pdf, join(dir, 'report.pdf'));
    expect(written.size).toBe(pdf.length);
    expect(readdirSync(dir)).toEqual(['report.pdf']);
    expect(readFileSync(join(dir, 'report.pdf')).equals(pdf)).toBe(true);
    await expect(writePdfFile(pdf, join(dir, 'missing-folder', 'report.pdf'))).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['report.pdf']);
  });
});
