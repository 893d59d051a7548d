import type { SmartPerformanceAnswer, SmartPerformanceDashboard } from '@nq/contracts/analytics/smart-performance';
import { collectConsoleErrors, keepsScreens, logIn, screenshot, signedApi } from './support.ts';
import { expect, type Page, test } from './test.ts';

// Smart performance (/smartPerformance) on the demo data: a chart per KPI of the profile, whose latest values
// are those the API answered, and a refresh interval kept in the address that really asks again.

const isChartsAnswer = (url: string) => new URL(url).pathname === '/api/smart-performance';

/** Opens the dashboards at `query` and answers what the API gave the screen for them. */
async function openDashboards(page: Page, query = '') {
  // Not an answer still on its way to the page being left: its body is gone once the page is.
  const since = Date.now();
  const answered = page.waitForResponse(
    (response) => isChartsAnswer(response.url()) && response.ok() && response.request().timing().startTime >= since,
  );
  await page.goto(`/smartPerformance${query}`);
  return (await (await answered).json()) as SmartPerformanceAnswer;
}

/** The shell scrolls inside its main area: the window is made as tall as the page so the shot holds every chart. */
async function screenshotWhole(page: Page, name: string) {
  if (!keepsScreens) return;
  const height = await page.locator('main').evaluate((main) => main.scrollHeight + main.getBoundingClientRect().top);
  await page.setViewportSize({ width: 1280, height: Math.ceil(height) + 48 });
  await screenshot(page, name, test.info());
  await page.setViewportSize({ width: 1280, height: 720 });
}

const written = (value: number, language: string) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);

test.describe('smart performance', () => {
  test("draws a chart per KPI of the profile, each series' latest value as the API answered it", async ({ page }) => {
    test.setTimeout(120_000);
    const errors = collectConsoleErrors(page);
    await logIn(page, 'admin');
    const api = await signedApi(page, 'admin');
    const dashboard = await api<SmartPerformanceDashboard>('GET', '/profile/smartPerformance');
    expect(dashboard.kpis.length).toBeGreaterThan(0);

    const answer = await openDashboards(page, '?refresh=0');
    const chartsShown = page.getByRole('list', { name: 'KPI charts' });
    await expect(chartsShown).toBeVisible();
    const charts = page.locator('[data-testid^="smart-chart-"]');
    await expect(charts).toHaveCount(dashboard.kpis.length);
    for (const kpi of dashboard.kpis) await expect(page.getByTestId(`smart-chart-${kpi.id}`)).toBeVisible();

    // The demo fleet measures download and latency: those charts have series whatever else the demo holds.
    const drawn = answer.charts.filter((chart) => chart.status === 'ready' && chart.series.length > 0);
    expect(drawn.map((chart) => chart.kpi)).toEqual(expect.arrayContaining(['download', 'latency']));
    for (const chart of drawn) {
      if (chart.status !== 'ready') continue;
      const latest = page.getByTestId(`smart-chart-${chart.kpi}`).getByTestId('latest-values').getByRole('listitem');
      await expect(latest).toHaveCount(chart.series.length);
      // Each series' last bucket, as the screen writes it: '41.33 ms · Nov 25, 2026' (no unit for MOS or hops).
      for (const [index, series] of chart.series.entries()) {
        const value = written(series.buckets.at(-1)!.value, 'en').replace(/[.]/g, '\\.');
        await expect(latest.nth(index)).toHaveText(new RegExp(`(^|[^\\d.,])${value}( \\S+)? · `));
      }
    }
    await expect(page.getByTestId('updated-at')).toContainText('Updated at');
    await screenshotWhole(page, 'smart-performance-en');

    await page.evaluate(() => localStorage.setItem('nq.language', 'es'));
    await openDashboards(page, '?refresh=0');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rendimiento inteligente');
    await expect(page.getByTestId('updated-at')).toContainText('Actualizado a las');
    await expect(page.getByTestId('smart-chart-download').getByRole('heading', { level: 2 })).toHaveText(
      'Velocidad de descarga (Mbps)',
    );
    await screenshotWhole(page, 'smart-performance-es');
    expect(errors).toEqual([]);
  });

  test('keeps the window and the refresh interval in the address, and asks again at that interval', async ({
    page,
  }) => {
    // The page runs on Playwright's clock: the 30 s interval passes at once, and what it asks before then is seen.
    await page.clock.install();
    await logIn(page, 'admin');
    await openDashboards(page);
    const options = page.getByRole('group', { name: 'Dashboard options' });
    await options.getByLabel('Window').selectOption('30d');
    await expect(page).toHaveURL(/[?&]window=30d/);
    await options.getByLabel('Refresh').selectOption('30000');
    await expect(page).toHaveURL(/[?&]refresh=30000/);

    // Reloaded (or shared), the address gives the same dashboards, asked again 30 s after the first answer.
    const first = await openDashboards(page, new URL(page.url()).search);
    // Paused a moment ahead of the page's time (a pause cannot go back), which keeps ticking until then.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2_000));
    expect(first.window.name).toBe('30d');
    await expect(options.getByLabel('Window')).toHaveValue('30d');
    await expect(options.getByLabel('Refresh')).toHaveValue('30000');
    // The navbar's picker says the same.
    await expect(page.getByTestId('refresh-interval')).toHaveValue('30000');
    const askedAgain: string[] = [];
    page.on('request', (request) => {
      if (isChartsAnswer(request.url())) askedAgain.push(request.url());
    });
    await page.clock.runFor(25_000);
    expect(askedAgain).toEqual([]);
    const again = page.waitForResponse((response) => isChartsAnswer(response.url()));
    await page.clock.runFor(10_000);
    expect((await again).ok()).toBe(true);
  });
});
