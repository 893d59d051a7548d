import { collectConsoleErrors, logIn, openSignedIn, screenshot } from './support.ts';
import { expect, type Page, type Response, test } from './test.ts';

// Benchmark and by destination on the demo platform: what the table shows is what the API answered the page (the
// fleet keeps measuring, so the numbers are read from that answer, never written here).

interface Answer {
  series: {
    key: Record<string, string>;
    labels?: Record<string, string>;
    buckets: { value: number; count: number }[];
  }[];
  warnings: { code: string }[];
}

/** The next answer to a POST of `path`, whose body holds `asked` when given. */
const answerOf = (page: Page, path: string, asked: Record<string, unknown> = {}) =>
  page.waitForResponse((response: Response) => {
    const request = response.request();
    if (!response.url().endsWith(path) || request.method() !== 'POST') return false;
    const body = request.postDataJSON() as Record<string, unknown>;
    return Object.entries(asked).every(([key, value]) => JSON.stringify(body[key]) === JSON.stringify(value));
  });

const english = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** The table's rows as the page should write the answer: rank (when ranked), name, value with unit, values measured. */
const rowsOf = (answer: Answer, dimension: string, unit: string, ranked = true) =>
  answer.series.map((series, index) => [
    ...(ranked ? [String(index + 1)] : []),
    series.labels?.[dimension] ?? series.key[dimension],
    `${english.format(series.buckets[0]!.value)} ${unit}`,
    english.format(series.buckets[0]!.count),
  ]);

const tableRows = (page: Page) =>
  page
    .getByTestId('comparison-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)));

async function inSpanish(page: Page, name: string) {
  await page.evaluate(() => localStorage.setItem('nq.language', 'es'));
  await page.reload();
  await expect(page.getByTestId('comparison-table')).toBeVisible({ timeout: 30_000 });
  await screenshot(page, `${name}-es`, test.info());
  await page.evaluate(() => localStorage.setItem('nq.language', 'en'));
}

test.describe('benchmark', () => {
  test("compares a KPI across ISPs, the best first, with the API's numbers; the address keeps the filters", async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await logIn(page, 'admin');
    const answered = answerOf(page, '/api/benchmark');
    await page.goto('/benchmark?kpi=download');
    const answer = (await (await answered).json()) as Answer;
    expect(answer.series.length).toBeGreaterThan(1);
    await expect.poll(() => tableRows(page)).toEqual(rowsOf(answer, 'isp', 'Mbps'));
    // Best first: download is better when higher.
    const values = answer.series.map((series) => series.buckets[0]!.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    await expect(page.getByTestId('graphic-chart').first()).toBeVisible();
    await screenshot(page, 'benchmark-en', test.info());

    // Every filter changed lands in the address, and a reload asks the same.
    const changed = { metric: 'max', by: 'provider', technologies: [4, 5] };
    const asked = answerOf(page, '/api/benchmark', changed);
    await page.getByLabel('Compare by').selectOption('provider');
    await page.getByLabel('Metric').selectOption('max');
    await page.getByLabel('Technologies', { exact: true }).selectOption(['4', '5']);
    await asked;
    const address = () => new URL(page.url()).searchParams;
    await expect
      .poll(() => [address().get('by'), address().get('metric'), address().get('technologies')])
      .toEqual(['provider', 'max', '4,5']);
    const reloaded = answerOf(page, '/api/benchmark', changed);
    await page.reload();
    await expect(page.getByLabel('Technologies', { exact: true })).toHaveValues(['4', '5']);
    await expect(page.getByLabel('Compare by')).toHaveValue('provider');
    await expect(page.getByLabel('Metric')).toHaveValue('max');
    const answerByProvider = (await (await reloaded).json()) as Answer;
    await expect.poll(() => tableRows(page)).toEqual(rowsOf(answerByProvider, 'provider', 'Mbps'));

    await page.goto('/benchmark?kpi=download');
    await expect(page.getByTestId('comparison-table')).toBeVisible();
    await inSpanish(page, 'benchmark');
    expect(errors).toEqual([]);
  });
});

test.describe('by destination', () => {
  test('a program without targets is warned of for 10 s; the others are compared by destination', async ({ page }) => {
    const answered = answerOf(page, '/api/bydestination');
    await openSignedIn(page, '/bydestination?kpi=latency&programs=speedtest,dns', 'analyst');
    const answer = (await (await answered).json()) as Answer;
    expect(answer.warnings.map((warning) => warning.code)).toEqual(['destinations.someProgramsWithoutTargets']);
    expect(answer.series.length).toBeGreaterThan(1);
    await expect.poll(() => tableRows(page)).toEqual(rowsOf(answer, 'destination', 'ms', false));

    const warning = page.locator('[data-toast-code="destinations.someProgramsWithoutTargets"]');
    await expect(warning).toBeVisible();
    const shownAt = Date.now();
    await screenshot(page, 'bydestination-en', test.info());
    await expect(warning).toBeHidden({ timeout: 15_000 });
    // 10 s, against the 5 s of other toasts (docs/product/limits.md#times).
    expect(Date.now() - shownAt).toBeGreaterThan(7_000);

    await expect(page.getByLabel('Programs')).toHaveValues(['dns', 'speedtest']);
    await inSpanish(page, 'bydestination');
  });

  test('the analyst asking only for a program without targets gets the error, toasted and in place', async ({
    page,
  }) => {
    await openSignedIn(page, '/bydestination?kpi=latency&programs=dns', 'analyst');
    const message = 'Your profile has no targets enabled for the requested programs.';
    await expect(page.locator('[data-toast-code="destinations.noTargets"]')).toContainText(message);
    await expect(page.locator('[data-error-code="destinations.noTargets"]')).toHaveText(message);
    await screenshot(page, 'bydestination-no-targets-en', test.info());
  });
});
