import type { GraphicResponse, Reproduction } from '@nq/contracts/analytics/query-result';
import { collectConsoleErrors, openSignedIn, screenshot, signedApi } from './support.ts';
import { expect, type Locator, type Page, test } from './test.ts';

// A chart reproduced on the demo: drawn on the basic graphic generator, pinned with Reproduce, then the demo's live
// fleet adds results so that the latest numbers differ; the pinned address, reloaded, shows the numbers noted at first.
// The chart counts by hour, which the demo's daily cube does not hold: it is read raw, as its reproduction is. (An
// answer the cube gives names the instant it was asked as `receivedUntil` while the cube may not hold every result
// received by then yet: its reproduction, read raw, can count a few more.)

/** Each series' counts, as a value to compare two answers by. */
const countsOf = (answer: GraphicResponse) =>
  answer.kind === 'metric'
    ? answer.series.map((series) => [JSON.stringify(series.key), series.buckets.map((bucket) => bucket.value)])
    : [];

/** The chart drawn: nothing loading any more; its data table opened, its rows' texts. */
async function tableRows(page: Page) {
  const chart = page.getByTestId('generator-chart');
  await expect(chart).toBeVisible({ timeout: 60_000 });
  await expect(chart).not.toHaveAttribute('aria-busy', 'true', { timeout: 60_000 });
  const details = chart.locator('details');
  if ((await details.getAttribute('open')) === null) await chart.getByText('Data table').click();
  const rows = chart.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  return rows.allInnerTexts();
}

/** The next graphic answer the page receives, with the address it was asked at. */
const nextGraphic = (page: Page) =>
  page
    .waitForResponse((response) => new URL(response.url()).pathname === '/api/graphic' && response.ok(), {
      timeout: 60_000,
    })
    .then(async (response) => ({ url: new URL(response.url()), answer: (await response.json()) as GraphicResponse }));

const line = (page: Page): Locator => page.getByTestId('generator-chart').getByTestId('chart-reproduction');

test('a chart pinned with Reproduce shows the same numbers after later results, from its address', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = collectConsoleErrors(page);
  await openSignedIn(page, '/basic_graphic_generator');
  // The count of download measurements per provider and hour since yesterday: the live fleet adds to it.
  await page.getByRole('radio', { name: 'Bars' }).check({ force: true });
  await page.getByLabel('KPI', { exact: true }).selectOption('download');
  await page.getByLabel('Metric').selectOption('count');
  await page.getByLabel('Granularity').selectOption('hours');
  await page.getByLabel('From', { exact: true }).fill(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel('Breakdown 1').selectOption('isp');
  const drawn = nextGraphic(page);
  await page.getByRole('button', { name: 'Generate' }).click();
  const first = await drawn;
  expect(first.url.searchParams.get('asOf')).toBeNull();
  const reproduce: Reproduction = first.answer.reproduce!;
  expect(first.answer.source).toBe('raw');
  expect(reproduce.query).toMatchObject({ kpi: 'download', metric: 'count', receivedUntil: reproduce.receivedUntil });
  const noted = await tableRows(page);
  expect(noted.length).toBeGreaterThan(1);
  // The instant in the user's format: the interface language, the profile's time zone.
  const call = await signedApi(page, 'admin');
  const { timeZone } = await call<{ timeZone: string }>('GET', '/profile');
  const receivedUntil = await page.evaluate(
    ({ at, zone }) =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(at)),
    { at: reproduce.receivedUntil, zone: timeZone },
  );
  await expect(line(page)).toContainText(
    `Reproducible as: data received until ${receivedUntil}, configuration position ${reproduce.asOf}`,
  );

  // Reproduce: the answer's query again at its position, the pin kept in the address.
  const reproduced = nextGraphic(page);
  await line(page).getByRole('button', { name: 'Reproduce' }).click();
  const pinned = await reproduced;
  expect(pinned.url.searchParams.get('asOf')).toBe(reproduce.asOf);
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('asOf') === reproduce.asOf &&
      url.searchParams.get('receivedUntil') === reproduce.receivedUntil,
  );
  await expect(line(page)).toContainText('Pinned');
  expect(countsOf(pinned.answer)).toEqual(countsOf(first.answer));
  expect(await tableRows(page)).toEqual(noted);
  const pinnedAddress = page.url();

  // The live fleet adds results: the latest numbers differ from those pinned (else this test would prove nothing).
  const { receivedUntil: _, ...latestQuery } = reproduce.query;
  await expect
    .poll(async () => countsOf(await call<GraphicResponse>('POST', '/api/graphic', latestQuery)), {
      timeout: 180_000,
      intervals: [5_000],
    })
    .not.toEqual(countsOf(first.answer));

  // The pinned address, reloaded (a shared link), asks the pinned numbers and shows the same table.
  const again = nextGraphic(page);
  await page.goto(pinnedAddress);
  const reloaded = await again;
  expect(reloaded.url.searchParams.get('asOf')).toBe(reproduce.asOf);
  expect(countsOf(reloaded.answer)).toEqual(countsOf(first.answer));
  expect(await tableRows(page)).toEqual(noted);
  await expect(line(page)).toContainText(`configuration position ${reproduce.asOf}`);
  await expect(line(page)).toContainText('Pinned');
  await line(page).scrollIntoViewIfNeeded();
  await screenshot(page, 'chart-reproduction-pinned', test.info());

  // Latest: unpinned, the numbers received since.
  const latest = nextGraphic(page);
  await line(page).getByRole('button', { name: 'Latest' }).click();
  const live = await latest;
  expect(live.url.searchParams.get('asOf')).toBeNull();
  await expect(page).toHaveURL((url) => !url.searchParams.has('asOf') && !url.searchParams.has('receivedUntil'));
  expect(countsOf(live.answer)).not.toEqual(countsOf(first.answer));
  await expect(line(page).getByRole('button', { name: 'Reproduce' })).toBeVisible();
  expect(await tableRows(page)).not.toEqual(noted);
  expect(errors).toEqual([]);
});
