import { readFile } from 'node:fs/promises';
import { collectConsoleErrors, openSignedIn, screenshot } from './support.ts';
import { expect, expectNoIdsInCsv, type Locator, type Page, test } from './test.ts';

// The chart layer's graphic actions on the evolution screen with the demo fleet's data: a drawing, exports, zoom and its
// reset, a series' colour changed and kept, a series hidden and shown again from the legend.

interface EvolutionAnswer {
  series: { buckets: { key: string; value: number }[] }[];
}

/** Every colour the chart's SVG draws with (strokes and fills), lower case. */
const drawnColours = (chart: Locator) =>
  chart
    .getByTestId('chart-drawing')
    .locator('svg')
    .first()
    .evaluate((svg) => {
      const colours = new Set<string>();
      for (const element of svg.querySelectorAll('path, circle, rect'))
        for (const attribute of ['stroke', 'fill']) {
          const value = element.getAttribute(attribute);
          if (value) colours.add(value.toLowerCase());
        }
      return [...colours];
    });

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), content: await readFile((await file.path())!) };
}

test('a chart draws, exports PNG, SVG and CSV, zooms and resets, keeps a colour and hides a series', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = collectConsoleErrors(page);
  // The screen's own question, answered by the API: what the chart and its CSV must show.
  let answer: EvolutionAnswer | undefined;
  page.on('response', async (response) => {
    if (response.url().endsWith('/api/evolution') && response.ok()) answer = (await response.json()) as EvolutionAnswer;
  });
  await openSignedIn(page, '/evolution');
  // Days of the demo fleet's history: one line over weeks.
  await page.getByLabel('KPI').selectOption('download');
  await page.getByLabel('Granularity').selectOption('day');
  const chart = page.getByTestId('evolution-chart');
  const series = chart.getByRole('list', { name: 'Series' });
  await expect(series.getByRole('listitem')).toHaveText(['Download speed'], { timeout: 30_000 });

  // Drawn in SVG, in the first default colour.
  const drawing = chart.getByTestId('chart-drawing');
  await expect(drawing.locator('svg').first()).toBeVisible({ timeout: 30_000 });
  await expect(drawing).toHaveAccessibleDescription(/Download speed — Average: line chart of Download speed/);
  expect(await drawnColours(chart)).toContain('#2563eb');
  await chart.scrollIntoViewIfNeeded();
  await screenshot(page, 'chart-actions-en', test.info());

  // CSV: the same buckets and values the API answered (rounded as the chart holds them), in the format asked for first
  // (an English interface's defaults: commas, decimal points, no byte-order mark).
  await chart.getByRole('button', { name: 'Export CSV' }).click();
  const format = page.getByRole('dialog', { name: 'Download speed — Average as CSV' });
  const csv = await download(page, format.getByRole('button', { name: 'Download' }));
  expect(csv.name).toBe('Download speed — Average.csv');
  expectNoIdsInCsv(csv.content.toString('utf8').replace(/^\ufeff/, ''));
  const lines = csv.content
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('Day,Download speed');
  // Its days are instants, local date-times of the profile's time zone with their offset.
  expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d,/);
  const values = lines.slice(1).map((line) => Number(line.split(',').at(-1)));
  expect(values.length).toBeGreaterThan(7);
  expect(values).toEqual(answer!.series[0]!.buckets.map((bucket) => Number(bucket.value.toFixed(3))));

  const png = await download(page, chart.getByRole('button', { name: 'Export PNG' }));
  expect(png.name).toBe('Download speed — Average.png');
  expect(png.content.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.content.length).toBeGreaterThan(2_000);
  const svg = await download(page, chart.getByRole('button', { name: 'Export SVG' }));
  expect(svg.name).toBe('Download speed — Average.svg');
  expect(svg.content.toString('utf8')).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svg.content.toString('utf8')).toContain('#2563eb');

  // Zoom with the wheel over the plot, then back to the whole axis.
  const reset = chart.getByRole('button', { name: 'Reset zoom' });
  await expect(reset).toBeDisabled();
  const box = (await drawing.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.wheel(0, -600);
  await expect(reset).toBeEnabled();
  await reset.click();
  await expect(reset).toBeDisabled();

  // Another colour for the series, kept after a reload.
  await chart.getByRole('button', { name: 'Change the colour of Download speed' }).click();
  const colours = chart.getByRole('dialog', { name: 'Colour of Download speed' });
  await colours.getByRole('button', { name: 'Colour 4' }).click();
  await expect.poll(() => drawnColours(chart)).toContain('#dc2626');
  expect(await drawnColours(chart)).not.toContain('#2563eb');
  await colours.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await page.getByLabel('KPI').selectOption('download');
  await page.getByLabel('Granularity').selectOption('day');
  await expect(drawing.locator('svg').first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => drawnColours(chart)).toContain('#dc2626');

  // The legend hides the series (the drawing and the table lose it) and, from the keyboard, shows it again.
  const toggle = series.getByRole('button', { name: 'Download speed', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => drawnColours(chart)).not.toContain('#dc2626');
  await chart.getByText('Data table').click();
  await expect(chart.getByRole('columnheader', { name: 'Download speed' })).toHaveCount(0);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.getByRole('columnheader', { name: 'Download speed' })).toBeVisible();
  await expect.poll(() => drawnColours(chart)).toContain('#dc2626');

  await page.evaluate(() => localStorage.setItem('nq.language', 'es'));
  await page.reload();
  await page.getByLabel('KPI').selectOption('download');
  await page.getByLabel('Granularidad').selectOption('day');
  await expect(drawing.locator('svg').first()).toBeVisible({ timeout: 30_000 });
  await expect(chart.getByRole('button', { name: 'Exportar PNG' })).toBeVisible();
  await chart.scrollIntoViewIfNeeded();
  await screenshot(page, 'chart-actions-es', test.info());
  expect(errors).toEqual([]);
});
