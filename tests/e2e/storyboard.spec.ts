import type { StoryboardResponse } from '@nq/contracts/analytics/storyboard';
import { collectConsoleErrors, logIn, openSignedIn, screenshot, signedApi } from './support.ts';
import { expect, type Page, test } from './test.ts';

// The storyboard on the demo data: the analyst lands on it after login, its numbers are those of the screens and
// APIs behind each tile (read from the API, never written here), its tiles lead where they say, and the
// administrator, who sees more, gets more.

type Data<Tile> = Tile extends { data: infer D } ? D : never;
type Scorecards = Data<StoryboardResponse['scorecards']>;
type Scored = Extract<Scorecards['list'][number], { entities: unknown }>;

/** The shell scrolls inside its main area: a tall window shows the whole storyboard in one screenshot. */
const wholePage = { width: 1280, height: 1500 };
const number = (value: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(value);
const isStoryboard = (url: string) => new URL(url).pathname === '/api/storyboard';
const dataOf = <Tile extends { data: unknown } | { error: unknown }>(tile: Tile) => {
  expect(tile, JSON.stringify(tile)).toHaveProperty('data');
  return (tile as Extract<Tile, { data: unknown }>).data as Data<Tile>;
};

/** The storyboard as the page got it: the answer to its request while `action` runs. */
async function storyboardDuring(page: Page, action: () => Promise<unknown>) {
  const answer = page.waitForResponse((response) => isStoryboard(response.url()) && response.ok(), {
    timeout: 60_000,
  });
  await action();
  const board = (await (await answer).json()) as StoryboardResponse;
  await expect(page.getByTestId('tile-skeleton')).toHaveCount(0, { timeout: 30_000 });
  return board;
}

test.describe('the storyboard', () => {
  test('the demo analyst lands on it, and its scores are the scorecard calculation’s', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = collectConsoleErrors(page);
    await storyboardDuring(page, () => logIn(page, 'analyst'));
    await expect(page).toHaveURL(/\/storyboard$/);
    // The analyst's saved language is Spanish: the storyboard opens in it.
    await expect(page.getByRole('heading', { name: 'Guion gráfico', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cuadros de mando activos' })).toBeVisible();
    await screenshot(page, 'storyboard-es', test.info());
    // The figures are read in English, switched on this page only (browser tests keep language choices local).
    await page.evaluate(() => localStorage.setItem('nq.language', 'en'));
    const board = await storyboardDuring(page, () => page.reload());
    await expect(page.getByRole('heading', { name: 'Storyboard', level: 1 })).toBeVisible();

    const analyst = await signedApi(page, 'analyst');
    const scorecards = dataOf(board.scorecards);
    const scored = scorecards.list.filter((item): item is Scored => 'entities' in item);
    let shown = 0;
    for (const scorecard of scored) {
      // Asked again with the window and configuration version the tile states, the calculation gives its numbers.
      const query = new URLSearchParams({
        from: scorecard.window.from,
        to: scorecard.window.to,
        asOf: scorecard.configuration.position,
      });
      const calculation = await analyst<{ live: { entities: { entity: string; score: number | null }[] } }>(
        'GET',
        `/scorecards/${scorecard.id}/calculations?${query}`,
      );
      const card = page.locator(`[data-scorecard="${scorecard.id}"]`);
      const best = calculation.live.entities
        .filter((item) => item.score !== null)
        .sort((a, b) => b.score! - a.score!)
        .slice(0, 5);
      shown += best.length;
      for (const { entity, score } of best)
        await expect(card.locator(`[data-entity="${entity}"]`)).toHaveText(
          `${number(score!)} of ${number(scorecard.maxScore)}`,
        );
    }
    // The demo analyst's Movistar has a score in at least one of its scorecards.
    expect(shown).toBeGreaterThan(0);
    // The analyst's own KPIs, each with its average.
    const kpis = dataOf(board.kpis);
    expect(kpis.list.map((item) => item.kpi)).toEqual(['download', 'upload', 'latency']);
    for (const kpi of kpis.list)
      if ('average' in kpi && kpi.average !== null)
        await expect(page.locator(`[data-kpi="${kpi.kpi}"]`).getByTestId('kpi-average')).toHaveText(
          `${number(kpi.average)} ${kpi.unit}`,
        );
    await page.setViewportSize(wholePage);
    await screenshot(page, 'storyboard-en', test.info());
    expect(errors).toEqual([]);
  });

  test('its tiles lead to the screens that explain them', async ({ page }) => {
    test.setTimeout(180_000);
    const board = await storyboardDuring(page, () => openSignedIn(page, '/storyboard', 'analyst'));

    const [scorecard] = dataOf(board.scorecards).list;
    await page.locator(`[data-scorecard="${scorecard!.id}"]`).getByRole('link', { name: scorecard!.name }).click();
    // The page opens once its chunk is loaded and its guard has reloaded the profile.
    await expect(page).toHaveURL(new RegExp(`/scorecard_live/${scorecard!.id}(\\?|$)`), { timeout: 30_000 });

    await storyboardDuring(page, () => page.goto('/storyboard'));
    const kpis = dataOf(board.kpis);
    await page.locator('[data-kpi="download"]').getByRole('link').click();
    await expect(page).toHaveURL(/\/evolution\?/, { timeout: 30_000 });
    const evolution = new URL(page.url()).searchParams;
    expect(Object.fromEntries(evolution)).toMatchObject({ kpi: 'download', tsStart: kpis.tsStart, tsEnd: kpis.tsEnd });
    // The evolution reads its choice from the address: the KPI's chart over the same days.
    await expect(page.getByLabel('KPI')).toHaveValue('download');
    await expect(page.getByRole('heading', { name: 'Evolution', level: 1 })).toBeVisible();

    await storyboardDuring(page, () => page.goto('/storyboard'));
    const errored = dataOf(board.errors);
    expect(errored.list.length).toBeGreaterThan(0);
    const row = page.getByTestId('storyboard-error').first();
    const probeId = (await row.locator('td').nth(1).textContent())!;
    await row.getByRole('link').click();
    await expect(page).toHaveURL(/\/measurementAnalysis\/detail\//, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Measurement detail' })).toBeVisible();
    await expect(page.getByText(probeId).first()).toBeVisible();

    // The analyst has none of the probe screens: its probe tile leads nowhere.
    await storyboardDuring(page, () => page.goto('/storyboard'));
    await expect(page.getByTestId('tile-probe-status').getByRole('link')).toHaveCount(0);
  });

  test('the administrator sees more than the analyst, its probe counts those of the probe status', async ({ page }) => {
    test.setTimeout(180_000);
    const asAnalyst = await signedApi(page, 'analyst');
    const analystBoard = await asAnalyst<StoryboardResponse>('GET', '/api/storyboard');
    // The administrator has every screen, the storyboard among them: it lands there too.
    const board = await storyboardDuring(page, () => logIn(page, 'admin'));
    await expect(page).toHaveURL(/\/storyboard$/);

    const admin = await signedApi(page, 'admin');
    // The probe status counts on the server, a page being all it answers.
    const counted = async (filter: string) =>
      (await admin<{ count: number }>('GET', `/probes/status?pageSize=1${filter}`)).count;
    const probes = dataOf(board.probeStatus);
    expect(probes.total).toBe(await counted(''));
    for (const state of ['Available', 'Not available', 'Ready', 'Not ready'] as const) {
      const count = await counted(`&state=${encodeURIComponent(state)}`);
      expect(probes.byState[state]).toBe(count);
      await expect(page.getByTestId(`probe-count-${state}`)).toHaveText(number(count));
    }
    const probeTile = page.getByTestId('tile-probe-status');
    await expect(probeTile.getByRole('link', { name: 'Probes map' })).toHaveAttribute('href', '/probes-map');
    await expect(probeTile.getByRole('link', { name: 'Probe status list' })).toHaveAttribute(
      'href',
      '/tools/probes_status',
    );

    // More probes, scorecards, KPIs and errored measurements than the restricted analyst.
    expect(probes.total).toBeGreaterThan(dataOf(analystBoard.probeStatus).total);
    expect(dataOf(board.scorecards).total).toBeGreaterThanOrEqual(dataOf(analystBoard.scorecards).total);
    // Each its own main KPIs: the first four its profile lists (other tests may give the administrator some), or
    // the defaults when it lists none.
    const mainKpis = async (call: typeof admin) => {
      const { kpis } = await call<{ kpis: { id: string }[] }>('GET', '/profile');
      return (kpis.length > 0 ? kpis.map((kpi) => kpi.id) : ['download', 'upload', 'latency', 'loss']).slice(0, 4);
    };
    expect(dataOf(board.kpis).list.map((item) => item.kpi)).toEqual(await mainKpis(admin));
    expect(dataOf(analystBoard.kpis).list.map((item) => item.kpi)).toEqual(await mainKpis(asAnalyst));
    expect(dataOf(board.errors).count).toBeGreaterThan(dataOf(analystBoard.errors).count);
    await page.setViewportSize(wholePage);
    await screenshot(page, 'storyboard-admin-en', test.info());
  });
});
