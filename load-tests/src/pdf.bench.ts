/**
 * Issue target: a 20-chart PDF's render time. Builds the document the reports build — a title page, 20 daily charts
 * of 90 days with 4 series each and a dashed average (as SVG through ECharts' server-side renderer, then laid out
 * and written by pdfmake) and a 200-row table — `BENCH_RUNS` times (5) after one warm-up, one at a time, and prints
 * p50 / max of the whole render, of the SVG part alone, and the process's peak RSS.
 *   npm run bench:pdf
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ChartData } from '@nq/contracts/analytics/chart-data';
import { chartSvg, type PdfChart } from '@nq/platform/pdf/chart-svg';
import { chartBlock, contentWidth, tableBlock, titlePage } from '@nq/platform/pdf/pdf-blocks';
import { pdfDocument } from '@nq/platform/pdf/pdf-document';
import { pdfPageCount, renderPdf } from '@nq/platform/pdf/pdf-renderer';

const runs = Number(process.env.BENCH_RUNS ?? 5);
// Here rather than from the simulator's options, whose imports (the demo, the contracts) would weigh on the RSS read.
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const charts = 20;
const days = 90;
const day = 86_400_000;
const start = Date.UTC(2026, 0, 1);

function chartNumber(index: number): PdfChart {
  const axis = Array.from({ length: days }, (_, offset) => start + offset * day);
  const series: ChartData['series'] = ['Movistar', 'Vodafone', 'Orange', 'Digi'].map((name, provider) => ({
    id: name,
    name,
    values: axis.map((_, offset) =>
      offset % 29 === provider ? null : 40 + provider * 8 + Math.sin(offset / 5 + index + provider) * 6,
    ),
  }));
  series.push({
    id: 'average',
    name: 'Movistar average',
    values: axis.map(() => 40),
    kind: 'globalAverage',
    colourOf: 0,
  });
  return {
    title: `KPI ${index + 1} per day`,
    type: index % 2 === 0 ? 'line' : 'bars',
    unit: 'Mbps',
    data: { axis: { kind: 'time', values: axis }, series },
  };
}

function render() {
  const chartsOfRun = Array.from({ length: charts }, (_, index) => chartNumber(index));
  // The SVG alone first, to tell its share; the timed render below draws them again, as a report does.
  const svgStarted = performance.now();
  for (const chart of chartsOfRun) chartSvg(chart, { width: contentWidth, height: 220 });
  const svgMs = performance.now() - svgStarted;
  const started = performance.now();
  const table = tableBlock({
    title: 'Values',
    columns: ['Day', 'Movistar', 'Vodafone', 'Orange', 'Digi'].map((header) => ({ header })),
    rows: Array.from({ length: 200 }, (_, row) => [`Day ${row + 1}`, row * 1.5, row * 1.25, row, row / 2]),
    language: 'en',
  });
  const document = pdfDocument({
    title: 'Benchmark dashboard',
    language: 'en',
    content: [
      titlePage({
        title: 'Benchmark dashboard',
        profile: 'Benchmark',
        window: {
          from: new Date(start).toISOString(),
          to: new Date(start + days * day - 1).toISOString(),
          timeZone: 'Etc/UTC',
        },
        generatedAt: new Date(),
        language: 'en',
      }),
      ...chartsOfRun.map((chart) => chartBlock(chart)),
      table.content,
    ],
  });
  return renderPdf(document).then((pdf) => ({ pdf, ms: performance.now() - started, svgMs }));
}

const baseRssMb = process.memoryUsage().rss / 2 ** 20;
await render(); // warm-up: module loading, font parsing
const totals: number[] = [];
const svgs: number[] = [];
let last: Buffer | undefined;
for (let run = 0; run < runs; run += 1) {
  const { pdf, ms, svgMs } = await render();
  totals.push(ms);
  if (process.env.BENCH_VERBOSE)
    console.info(`run ${run + 1}: ${ms.toFixed(0)} ms, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
  svgs.push(svgMs);
  last = pdf;
}
totals.sort((a, b) => a - b);
svgs.sort((a, b) => a - b);
const output = resolve(import.meta.dirname, '../../test-results/pdf');
mkdirSync(output, { recursive: true });
writeFileSync(resolve(output, 'bench-20-charts.pdf'), last!);
const peakRssMb = process.resourceUsage().maxRSS / 1024;
console.info(
  `charts | pages | size KB | render p50 / max ms (${runs} runs) | of which SVG p50 ms | RSS before / peak MB`,
);
console.info(
  [
    charts,
    pdfPageCount(last!),
    (last!.length / 1024).toFixed(0),
    `${percentile(totals, 0.5).toFixed(0)} / ${totals.at(-1)!.toFixed(0)}`,
    percentile(svgs, 0.5).toFixed(0),
    `${baseRssMb.toFixed(0)} / ${peakRssMb.toFixed(0)}`,
  ].join(' | '),
);
