import { collectConsoleErrors, logIn, openSignedIn, screenshot, signedApi, uniqueName } from './support.ts';
import { expect, type Locator, test } from './test.ts';

/** The texts of a drawing that read as a day and a month ("Oct 26"), with where they are drawn. */
const dayMonthLabels = async (drawing: Locator) =>
  (
    await drawing.locator('svg text').evaluateAll((texts) =>
      texts.map((text) => {
        const box = text.getBoundingClientRect();
        return { text: text.textContent ?? '', left: box.left, right: box.right, bottom: box.bottom };
      }),
    )
  ).filter((label) => /^[A-Z][a-z]{2} \d{1,2}$/.test(label.text));

test('small dashboard tiles read several whole dates under weeks of days or weeks, not one month', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await logIn(page, 'admin');
  const api = await signedApi(page, 'admin');
  const name = uniqueName('Dated tiles');
  const { id } = await api<{ id: string }>('POST', '/dashboards/personal/', { name, categories: [{ name: 'All' }] });
  // Five whole weeks of the demo's six, Monday to Sunday: the same number of buckets whatever day the test runs (the
  // default period ends today, which adds a sixth, partial week on a Monday and narrows what fits in the tile).
  const thisMonday = new Date();
  thisMonday.setUTCDate(thisMonday.getUTCDate() - ((thisMonday.getUTCDay() + 6) % 7));
  const daysBefore = (days: number) => new Date(thisMonday.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const period = { tsStart: daysBefore(35), tsEnd: daysBefore(1) };
  const requests = [
    { graphicType: 'bars', kpi: 'download', programs: ['speedtest'], granularity: 'day', ...period },
    { graphicType: 'line', kpi: 'latency', programs: ['ping'], breakdowns: ['isp'], granularity: 'day', ...period },
    { graphicType: 'line', kpi: 'download', programs: ['speedtest'], granularity: 'week', ...period },
  ];
  for (const [index, request] of requests.entries())
    await api('POST', `/dashboards/personal/${id}/All/graphic`, {
      title: `Dated ${index + 1}`,
      request,
      layout: { x: index * 4, y: 0, w: 4, h: 3 },
    });
  await page.goto('/dashboards_personal');
  await page.getByRole('button', { name, exact: true }).click();
  for (const index of [1, 2, 3]) {
    const tile = page.getByRole('region', { name: `Dated ${index}`, exact: true });
    const drawing = tile.getByTestId('chart-drawing');
    await expect(drawing.locator('svg')).toBeVisible({ timeout: 60_000 });
    // The drawing at rest: a width reported redraws it with other ticks, and labels leaving or entering are drawn
    // where the animation has them (a busy machine reads one mid-way), so the geometry is asked until it holds.
    await expect(async () => {
      const labels = await dayMonthLabels(drawing);
      // Several whole dates (a narrow tile of five weeks has room for two or three), never one month's name alone.
      expect(labels.length).toBeGreaterThanOrEqual(2);
      const box = (await drawing.boundingBox())!;
      // The tile shows what it holds: the drawing, its labels and its legend end above the tile's bottom edge (a note
      // saying what the profile narrowed takes room from the drawing, not from what is below it).
      const tileBox = (await tile.boundingBox())!;
      const tileBottom = tileBox.y + tileBox.height;
      expect(box.y + box.height).toBeLessThanOrEqual(tileBottom);
      // Every label whole inside the tile's drawing, none over its neighbour.
      for (const label of labels) {
        expect(label.left).toBeGreaterThanOrEqual(box.x);
        expect(label.right).toBeLessThanOrEqual(box.x + box.width);
        expect(label.bottom).toBeLessThanOrEqual(box.y + box.height);
      }
      const sorted = [...labels].sort((a, b) => a.left - b.left);
      for (const [at, label] of sorted.slice(1).entries()) expect(label.left).toBeGreaterThan(sorted[at]!.right);
    }).toPass({ timeout: 30_000 });
    const tileBox = (await tile.boundingBox())!;
    const tileBottom = tileBox.y + tileBox.height;
    // Each series of the legend is there to read, inside the tile.
    for (const entry of await tile.getByRole('list', { name: 'Series' }).getByRole('listitem').all()) {
      const entryBox = (await entry.boundingBox())!;
      expect(entryBox.y + entryBox.height, await entry.innerText()).toBeLessThanOrEqual(tileBottom);
    }
  }
  // The latency tile by ISP names the four operators in its legend.
  const latencyLegend = page
    .getByRole('region', { name: 'Dated 2', exact: true })
    .getByRole('list', { name: 'Series' });
  for (const operator of ['Movistar', 'Vodafone', 'Orange', 'Digi'])
    await expect(latencyLegend).toContainText(operator);
  await screenshot(page, 'dashboard-dated-tiles', testInfo);
  expect(errors).toEqual([]);
});

test('the scatterplot asks for its fields without calling them missing first, and names its axes after them', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, '/advanced_graphic_generator?type=scatterplot');
  const x = page.getByLabel('X axis field');
  await expect(x).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await expect(page.getByText('This field is required.')).toHaveCount(0);
  await x.selectOption('download');
  await page.getByLabel('Y axis field').selectOption('latency');
  await page.getByRole('button', { name: 'Generate' }).click();
  const drawing = page.getByTestId('generator-chart').getByTestId('chart-drawing');
  await expect(drawing.locator('svg text', { hasText: 'Download speed (Mbps)' })).toBeVisible({ timeout: 60_000 });
  await expect(drawing.locator('svg text', { hasText: 'Latency (ms)' })).toBeVisible();
  await screenshot(page, 'generator-scatterplot-axes', testInfo);
  expect(errors).toEqual([]);
});
