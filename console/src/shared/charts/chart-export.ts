import type { EChartsType } from 'echarts/core';
import { saveFile } from '../ui/save-file.ts';

/** A chart's title as a file name: characters file systems refuse become dashes. */
export const fileNameOf = (title: string, extension: string) =>
  `${title.replace(/[\\/:*?"<>|\s]+/g, ' ').trim() || 'chart'}.${extension}`;

function blobOfDataUrl(url: string) {
  const [header = '', body = ''] = url.split(',', 2);
  const type = /^data:([^;,]+)/.exec(header)?.[1] ?? 'application/octet-stream';
  if (!header.endsWith(';base64')) return new Blob([decodeURIComponent(body)], { type });
  const bytes = Uint8Array.from(atob(body), (character) => character.charCodeAt(0));
  return new Blob([bytes], { type });
}

/** The chart as drawn on screen (zoom included), without the zoom slider, as an SVG file. */
export function exportSvg(chart: EChartsType, title: string) {
  const url = chart.getDataURL({ type: 'svg', backgroundColor: '#ffffff', excludeComponents: ['dataZoom'] });
  saveFile(blobOfDataUrl(url), fileNameOf(title, 'svg'));
}

/** The chart as drawn on screen, redrawn on a canvas at twice the resolution, as a PNG file. */
export async function exportPng(chart: EChartsType, title: string) {
  const [{ init }] = await Promise.all([import('./echarts-runtime.ts'), import('./echarts-canvas.ts')]);
  const box = document.createElement('div');
  const canvas = init(box, null, { renderer: 'canvas', width: chart.getWidth(), height: chart.getHeight() });
  try {
    canvas.setOption(chart.getOption());
    const url = canvas.getDataURL({
      type: 'png',
      pixelRatio: 2,
      backgroundColor: '#ffffff',
      excludeComponents: ['dataZoom'],
    });
    saveFile(blobOfDataUrl(url), fileNameOf(title, 'png'));
  } finally {
    canvas.dispose();
  }
}

/** The table's CSV as `csvOf` wrote it (its byte-order mark, when its options ask for one, already first). */
export const exportCsv = (csv: string, title: string) =>
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileNameOf(title, 'csv'));
