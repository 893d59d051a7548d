import { join, resolve } from 'node:path';
import { signRequest } from '@nq/contracts/identity/request-signing';
import { collectConsoleErrors, demoUsers, logIn, openSignedIn, screenshot, signedApi, uniqueName } from './support.ts';
import { expect, type Page, test } from './test.ts';

// The basic and advanced graphic generators on the demo data: a boxplot built, drawn and saved into a new category of a
// new personal dashboard; the basic generator's types, and the API refusing it an advanced one; each graph type drawn.

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots');
const intoScreenshots = { outputPath: (name: string) => join(screenshots, name) };

interface Dashboard {
  id: string;
  name: string;
  categories: { name: string; graphics: { title: string; request: { graphicType: string; axes?: object } }[] }[];
}

/** A signed call whatever its status: the answer's status and JSON body. */
async function rawCall(
  page: Page,
  method: string,
  path: string,
  body: unknown,
  language: string,
  who: keyof typeof demoUsers,
) {
  const login = await page.request.post('/login', { data: demoUsers[who] });
  const { data: credentials } = (await login.json()) as { data: { clientId: string; clientSecret: string } };
  const text = JSON.stringify(body);
  const authorization = await signRequest(credentials, { method, url: path, body: text });
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization, 'content-type': 'application/json', 'accept-language': language },
    data: text,
  });
  return { status: response.status(), body: (await response.json()) as { code: string; message: string } };
}

/** The chart drawn: its SVG is on the page and nothing is loading any more. */
async function expectDrawn(page: Page) {
  const chart = page.getByTestId('generator-chart');
  await expect(chart).toBeVisible({ timeout: 60_000 });
  await expect(chart).not.toHaveAttribute('aria-busy', 'true', { timeout: 60_000 });
  return chart;
}

test('the advanced generator builds a boxplot of a KPI field and saves it into a new category of a new dashboard', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = collectConsoleErrors(page);
  await openSignedIn(page, '/advanced_graphic_generator');
  await expect(page.getByRole('button', { name: 'Generate' })).toBeVisible();

  await page.getByRole('radio', { name: 'Boxplot' }).check({ force: true });
  await expect(page.getByLabel('KPI', { exact: true })).toHaveCount(0);
  await screenshot(page, 'generator-configuration', intoScreenshots);
  await page.getByLabel('Value field').selectOption('download');
  await page.getByLabel('Granularity').selectOption('week');
  await page.getByRole('button', { name: 'Generate' }).click();

  const chart = await expectDrawn(page);
  await expect(chart.getByTestId('chart-drawing').locator('svg').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Boxplot of Download speed' })).toBeVisible();
  await expect(page).toHaveURL(/view=graphic/);

  const dashboardName = uniqueName('Generated');
  const category = uniqueName('Boxplots');
  await page.getByRole('button', { name: 'Save to dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the graphic to a dashboard' });
  await dialog.getByLabel('Dashboard', { exact: true }).selectOption({ label: 'New dashboard…' });
  await dialog.getByLabel('New dashboard name').fill(dashboardName);
  await dialog.getByLabel('Category', { exact: true }).selectOption({ label: 'New category…' });
  await dialog.getByLabel('New category name').fill(category);
  await dialog.getByLabel('Graphic title').fill('Weekly download boxes');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The graphic has been saved to the dashboard.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const call = await signedApi(page, 'admin');
  const { list } = await call<{ list: Dashboard[] }>('GET', '/dashboards/personal/?pageSize=100');
  const saved = list.find((dashboard) => dashboard.name === dashboardName);
  expect(saved?.categories.map((item) => item.name)).toEqual([category]);
  expect(saved?.categories[0]?.graphics).toEqual([
    expect.objectContaining({
      title: 'Weekly download boxes',
      request: expect.objectContaining({ graphicType: 'boxplot', axes: { value: 'download' } }),
    }),
  ]);
  expect(errors).toEqual([]);
});

test('the basic generator offers no boxplot or scatterplot, and the API refuses them to it', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, '/basic_graphic_generator', 'analyst');
  const types = page.getByRole('group', { name: 'Graph type' }).getByRole('radio');
  await expect(types).toHaveCount(5);
  for (const name of ['Area', 'Bars', 'Linear', 'Pie', 'Table'])
    await expect(page.getByRole('radio', { name, exact: true })).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'Boxplot' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Scatterplot' })).toHaveCount(0);

  // In Spanish, the analyst's generator draws a pie of the profile's first KPI by provider.
  await page.getByTestId('language-switch').selectOption('es');
  // The KPI catalogue the console already holds stays in the language it was loaded in: a Spanish user's comes anew.
  await page.reload();
  await page.getByRole('radio', { name: 'Circular' }).check({ force: true });
  await page.getByLabel('Desglose 1').selectOption('isp');
  await page.getByRole('button', { name: 'Generar' }).click();
  await expectDrawn(page);
  await expect(page.getByRole('heading', { name: 'Velocidad de descarga (Media)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar en un panel' })).toBeEnabled();
  await screenshot(page, 'generator-analyst-es', intoScreenshots);

  // The analyst's profile has the basic generator only: a request naming the advanced one draws no boxplot either.
  const body = { generator: 'advanced', graphicType: 'boxplot', axes: { value: 'download' } };
  const english = await rawCall(page, 'POST', '/api/graphic', body, 'en', 'analyst');
  expect(english.status).toBe(403);
  expect(english.body).toMatchObject({
    code: 'graphics.typeRequiresAdvanced',
    message: 'This graphic type is only available in the advanced generator, which your profile does not include.',
  });
  const spanish = await rawCall(page, 'POST', '/api/graphic', body, 'es', 'analyst');
  expect(spanish.status).toBe(403);
  expect(spanish.body).toMatchObject({
    code: 'graphics.typeRequiresAdvanced',
    message: 'Este tipo de gráfico solo está disponible en el generador avanzado, que tu perfil no incluye.',
  });
});

/** Each graph type's address: the demo data by provider, over weeks where the type draws time. */
const graphs = {
  area: 'type=area&kpi=download&granularity=day&breakdowns=isp&distribution=stacked',
  bars: 'kpi=download&granularity=weekday&breakdowns=isp',
  boxplot: 'type=boxplot&value=latency&granularity=week',
  linear: 'type=line&kpi=latency&granularity=day&breakdowns=isp',
  pie: 'type=pie&kpi=download&breakdowns=isp',
  scatterplot: 'type=scatterplot&x=download&y=latency',
  table: 'type=table&kpi=download&rows=isp&columns=technology',
  // The display options drawn: bars on their side with their values in chosen colours, a line with turned ticks.
  'bars-display': 'kpi=download&breakdowns=isp&orientation=landscape&showLabels=true&colours=%230f766e,%237c3aed',
  'linear-display': 'type=line&kpi=latency&granularity=day&breakdowns=isp&xAxisRotation=45&minY=20&maxY=60&width=70',
} as const;

test('each graph type draws on the demo data', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = collectConsoleErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'admin');
  for (const [name, query] of Object.entries(graphs)) {
    await page.goto(`/advanced_graphic_generator?view=graphic&${query}`);
    const chart = await expectDrawn(page);
    if (name === 'table') await expect(chart.getByRole('table')).toBeVisible();
    else await expect(chart.getByTestId('chart-drawing').locator('svg').first()).toBeVisible();
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, `generator-${name}`, intoScreenshots);
  }
  expect(errors).toEqual([]);
});
