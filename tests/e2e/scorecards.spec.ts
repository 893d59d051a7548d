import { readFileSync } from 'node:fs';
import type { ScorecardCalculation, ScorecardVersions } from '@nq/contracts/analytics/scorecard-calculation';
import { collectConsoleErrors, logIn, screenshot, signedApi } from './support.ts';
import { expect, type Page, test } from './test.ts';

// Scorecard live, drilldown and comparison (docs/product/screens.md#scorecard_live) on the demo data. The numbers the
// screens show are compared with what the calculation endpoint answers for the same window and configuration version,
// never with fixed figures: the window is pinned (whole days until a few minutes ago), so the demo fleet streaming
// meanwhile changes nothing.

type Active = { list: { id: string; name: string }[] };
type Api = Awaited<ReturnType<typeof signedApi>>;

const dayMs = 86_400_000;
/** Two weeks of data ending five minutes ago (an instant: measurements landing now fall outside it). */
const pinnedWindow = () => ({
  from: new Date(Date.now() - 14 * dayMs).toISOString().slice(0, 10),
  to: new Date(Date.now() - 5 * 60_000).toISOString(),
});
const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** The first active scorecard whose calculation scores someone in the window, with that calculation. */
async function scoredScorecard(api: Api, window: Record<string, string>) {
  const { list } = await api<Active>('GET', '/scorecards/active');
  for (const scorecard of list) {
    const calculation = await api<ScorecardCalculation>(
      'GET',
      `/scorecards/${scorecard.id}/calculations?${query(window)}`,
    );
    if (calculation.live.entities.some((entity) => entity.score !== null)) return { scorecard, calculation };
  }
  throw new Error('no demo scorecard scores anyone in the last two weeks');
}

/** A simple CSV (quoted texts, no commas inside) as rows keyed by its header. */
function csvRows(text: string) {
  const [header = '', ...lines] = text.trim().split('\n');
  const names = header.split(',').map((name) => name.replace(/"/g, ''));
  return lines.map((line) =>
    Object.fromEntries(line.split(',').map((cell, index) => [names[index], cell.replace(/"/g, '')])),
  );
}

async function inSpanish(page: Page) {
  await page.evaluate(() => localStorage.setItem('nq.language', 'es'));
  await page.reload();
}

/** Scoring weeks of demo history on the embedded database takes seconds per window. */
const calculating = { timeout: 60_000 };

test.describe('scorecards', () => {
  test.describe.configure({ timeout: 300_000 });
  // Tall enough for the whole matrix, detail and comparison table in the full-page screenshots (the shell scrolls its
  // main area, which a full-page screenshot does not unroll).
  test.use({ viewport: { width: 1280, height: 2000 } });
  test.afterEach(async ({ page }) => {
    await page.evaluate(() => localStorage.setItem('nq.language', 'en')).catch(() => {});
  });

  test("live scores equal the calculation endpoint's, the CSV carries them, a KPI drills down", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await logIn(page, 'admin');
    const api = await signedApi(page, 'admin');
    const window = pinnedWindow();
    const { scorecard, calculation } = await scoredScorecard(api, window);

    await page.goto('/scorecard_live');
    const card = page.getByTestId('scorecard-card').filter({ hasText: scorecard.name });
    await expect(card).toBeVisible(calculating);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/scorecard_live/${scorecard.id}$`));

    await page.goto(
      `/scorecard_live/${scorecard.id}?${query({ ...window, asOf: calculation.configuration.position })}`,
    );
    const matrix = page.getByTestId('score-matrix');
    await expect(matrix).toBeVisible(calculating);
    await expect(page.getByTestId('configuration-version')).toHaveAttribute(
      'data-position',
      calculation.configuration.position,
    );
    await expect(page.getByTestId('configuration-version')).toContainText(
      `version ${calculation.configuration.version}`,
    );
    // Each provider's total, rank and KPI scores as the endpoint gave them, in its order.
    const rows = matrix.locator('tbody tr');
    await expect(rows).toHaveCount(calculation.live.entities.length);
    for (const [index, entity] of calculation.live.entities.entries()) {
      const row = rows.nth(index);
      await expect(row).toHaveAttribute('data-entity', entity.entity);
      await expect(row.getByTestId('rank')).toHaveText(entity.rank === null ? '–' : String(entity.rank));
      await expect(row.getByTestId('total').locator('[data-score]')).toHaveAttribute(
        'data-score',
        entity.score === null ? 'none' : String(entity.score),
      );
      for (const kpi of entity.kpis)
        await expect(row.locator('button[data-score]').nth(entity.kpis.indexOf(kpi))).toHaveAttribute(
          'data-score',
          kpi.score === null ? 'none' : String(kpi.score),
        );
    }
    const [leader] = calculation.live.entities;
    const firstKpi = leader!.kpis[0]!;
    await rows.first().locator('button[data-score]').first().click();
    const detail = page.getByTestId('score-detail');
    await expect(detail).toContainText(`weight ${firstKpi.weight} %`);
    await expect(detail.getByTestId('mos-mapping')).toBeVisible();
    await screenshot(page, 'scorecard-live-en', test.info());

    // The CSV has the same scores: one row per window, provider, KPI and fringe. Its format is asked for first (an
    // English interface's defaults).
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('dialog', { name: `${scorecard.name} as CSV` })
      .getByRole('button', { name: 'Download' })
      .click();
    const csv = csvRows(readFileSync((await (await downloading).path())!, 'utf8'));
    for (const entity of calculation.live.entities) {
      const rowsOf = csv.filter((row) => row.window === 'live' && row.entity === entity.entity);
      expect(rowsOf.length).toBeGreaterThan(0);
      for (const row of rowsOf) expect(row.score).toBe(entity.score === null ? '' : String(entity.score));
    }
    expect(new Set(csv.map((row) => row.position))).toEqual(new Set([calculation.configuration.position]));

    await inSpanish(page);
    await expect(page.getByTestId('score-matrix')).toBeVisible(calculating);
    await expect(page.getByRole('button', { name: 'Descargar CSV' })).toBeVisible();
    await screenshot(page, 'scorecard-live-es', test.info());
    await page.evaluate(() => localStorage.setItem('nq.language', 'en'));
    await page.reload();
    await expect(matrix).toBeVisible(calculating);

    // Each KPI heads a link to its drilldown: a chart of the KPI over time per provider.
    await matrix.locator('thead a').first().click();
    await expect(page).toHaveURL(
      new RegExp(`/scorecard_live/${scorecard.id}/drilldown\\?.*kpi=${firstKpi.kpi}`),
      calculating,
    );
    const chart = page.getByTestId('drilldown-chart');
    await expect(chart).toHaveCount(1, calculating);
    await expect(chart.getByTestId('graphic-chart')).toBeVisible();
    await screenshot(page, 'scorecard-drilldown-en', test.info());
    await inSpanish(page);
    await expect(page.getByTestId('drilldown-chart')).toBeVisible(calculating);
    await expect(page.getByRole('link', { name: 'Volver a las puntuaciones' })).toBeVisible();
    await screenshot(page, 'scorecard-drilldown-es', test.info());
    expect(errors).toEqual([]);
  });

  test('the comparison shows both windows side by side with their differences, and two versions', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await logIn(page, 'admin');
    const api = await signedApi(page, 'admin');
    const window = pinnedWindow();
    const { scorecard, calculation: live } = await scoredScorecard(api, window);
    const pinned = { ...window, asOf: live.configuration.position };
    const compared = await api<ScorecardCalculation>(
      'GET',
      `/scorecards/${scorecard.id}/calculations?${query({ ...pinned, compare: 'previous' })}`,
    );

    await page.goto(`/scorecard_comparison/${scorecard.id}?${query(pinned)}`);
    const table = page.getByTestId('comparison-table');
    await expect(table).toBeVisible(calculating);
    await expect(page.getByTestId('baseline-side')).toContainText('Comparison window');
    await expect(page.getByTestId('current-side')).toContainText('Live window');
    for (const entity of compared.live.entities) {
      const before = compared.comparison!.entities.find((item) => item.entity === entity.entity);
      const total = table.locator(`tr[data-entity="${entity.entity}"][data-row="total"]`);
      await expect(total.locator('[data-side="current"] [data-score]')).toHaveAttribute(
        'data-score',
        entity.score === null ? 'none' : String(entity.score),
      );
      await expect(total.locator('[data-side="baseline"] [data-score]')).toHaveAttribute(
        'data-score',
        before?.score == null ? 'none' : String(before.score),
      );
      if (entity.score !== null && before?.score != null)
        await expect(total.getByTestId('score-difference').locator('[data-difference]')).toHaveAttribute(
          'data-difference',
          String(entity.score - before.score),
        );
    }
    await screenshot(page, 'scorecard-comparison-en', test.info());
    await inSpanish(page);
    await expect(page.getByTestId('baseline-side')).toContainText('Ventana de comparación', calculating);
    await screenshot(page, 'scorecard-comparison-es', test.info());
    await page.evaluate(() => localStorage.setItem('nq.language', 'en'));

    // The demo scorecard redefined once compares its two configuration versions over one window.
    const { list } = await api<Active>('GET', '/scorecards/active');
    const histories = await Promise.all(
      list.map(async (item) => ({ item, ...(await api<ScorecardVersions>('GET', `/scorecards/${item.id}/versions`)) })),
    );
    const redefined = histories.find((history) => history.versions.length > 1);
    expect(redefined, 'a demo scorecard with two versions').toBeDefined();
    await page.goto(`/scorecard_comparison/${redefined!.item.id}?${query({ ...window, mode: 'versions' })}`);
    await expect(page.getByTestId('baseline-side').getByTestId('side-version')).toHaveAttribute(
      'data-position',
      redefined!.versions[1]!.position,
      calculating,
    );
    await expect(page.getByTestId('current-side').getByTestId('side-version')).toHaveAttribute(
      'data-position',
      redefined!.versions[0]!.position,
    );
    await expect(page.getByTestId('comparison-table')).toBeVisible(calculating);
    await screenshot(page, 'scorecard-comparison-versions-en', test.info());
    expect(errors).toEqual([]);
  });

  test('the comparison asks for its PDF report, which becomes a file the screen then downloads', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await logIn(page, 'admin');
    const api = await signedApi(page, 'admin');
    const window = pinnedWindow();
    const { scorecard } = await scoredScorecard(api, window);
    await page.goto(`/scorecard_comparison/${scorecard.id}?${query(window)}`);
    await expect(page.getByTestId('comparison-table')).toBeVisible(calculating);

    const asked = page.waitForResponse((response) => response.url().endsWith(`/scorecards/${scorecard.id}/report`));
    await page.getByRole('button', { name: 'PDF report' }).click();
    const { file } = (await (await asked).json()) as { file: { id: string; name: string } };
    await expect(page.getByRole('status').filter({ hasText: 'PDF report' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open your files' })).toHaveAttribute('href', '/files_management');
    // The screen's own button (the shell may show a notice with one of the same name beside it).
    const download = page.getByRole('main').getByRole('button', { name: `Download ${file.name}` });
    await expect(download).toBeVisible({ timeout: 120_000 });
    await screenshot(page, 'scorecard-report-ready-en', test.info());
    const downloading = page.waitForEvent('download');
    await download.click();
    const pdf = await downloading;
    expect(pdf.suggestedFilename()).toBe(file.name);
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await page.goto('/files_management');
    await expect(page.getByRole('main').getByRole('button', { name: `Download ${file.name}` })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a window outside the analyst's dates shows the catalogue message the API answered", async ({ page }) => {
    await logIn(page, 'analyst');
    const api = await signedApi(page, 'analyst');
    const { list } = await api<Active>('GET', '/scorecards/active');
    expect(list.length).toBeGreaterThan(0);
    const refused = page.waitForResponse((response) => response.url().includes('/calculations'));
    await page.goto(`/scorecard_live/${list[0]!.id}?from=2020-01-01&to=2020-01-31`);
    const answer = await refused;
    expect(answer.status()).toBe(422);
    const { code, message } = (await answer.json()) as { code: string; message: string };
    expect(code).toBe('scorecards.outOfProfileDateLimits');
    const alert = page.getByRole('alert');
    await expect(alert).toHaveAttribute('data-error-code', code, calculating);
    await expect(alert).toContainText(message);
    await expect(page.getByTestId('score-matrix')).toHaveCount(0);
  });
});
