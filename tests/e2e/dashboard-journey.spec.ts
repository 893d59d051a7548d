import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { collectConsoleErrors, demoUsers, mailsTo, openSignedIn, screenshot, uniqueName } from './support.ts';
import { expect, type Page, test } from './test.ts';

// One walk through the screens, as users do it: the owner builds a boxplot in the advanced generator and saves it into
// a new category of a new dashboard, shares that dashboard with the demo analyst, who is notified, opens it (the
// analyst's profile has the basic generator only: the boxplot tells why it is not drawn) and keeps a copy; the owner
// then sends it as a PDF, whose pages are kept as pictures.

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots');
const intoScreenshots = { outputPath: (name: string) => join(screenshots, name) };
const tile = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const chartDrawing = (page: Page, title: string) =>
  tile(page, title).locator('[data-testid="chart-drawing"] svg').first();
const notDrawnForBasicGenerator = (page: Page, title: string) =>
  expect(tile(page, title).getByRole('alert')).toContainText(
    'This graphic type is only available in the advanced generator, which your profile does not include.',
    { timeout: 30_000 },
  );

test('a boxplot built in the generator, saved to a new dashboard, shared, cloned by the analyst and sent as a PDF', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const errors = collectConsoleErrors(page);
  await page.setViewportSize({ width: 1400, height: 1000 });
  const dashboardName = uniqueName('Journey');
  const category = uniqueName('Spread');
  const graphicTitle = uniqueName('Weekly download boxes');
  const message = 'The weekly download spread, have a look';

  await test.step('the owner builds a boxplot of downloads in the advanced generator', async () => {
    await openSignedIn(page, '/advanced_graphic_generator');
    await page.getByRole('radio', { name: 'Boxplot' }).check({ force: true });
    await page.getByLabel('Value field').selectOption('download');
    await page.getByLabel('Granularity').selectOption('week');
    await page.getByRole('button', { name: 'Generate' }).click();
    const chart = page.getByTestId('generator-chart');
    await expect(chart).not.toHaveAttribute('aria-busy', 'true', { timeout: 60_000 });
    await expect(chart.getByTestId('chart-drawing').locator('svg').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('heading', { name: 'Boxplot of Download speed' })).toBeVisible();
    await screenshot(page, 'journey-generator', intoScreenshots);
  });

  await test.step('and saves it into a new category of a new dashboard', async () => {
    await page.getByRole('button', { name: 'Save to dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the graphic to a dashboard' });
    await dialog.getByLabel('Dashboard', { exact: true }).selectOption({ label: 'New dashboard…' });
    await dialog.getByLabel('New dashboard name').fill(dashboardName);
    await dialog.getByLabel('Category', { exact: true }).selectOption({ label: 'New category…' });
    await dialog.getByLabel('New category name').fill(category);
    await dialog.getByLabel('Graphic title').fill(graphicTitle);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The graphic has been saved to the dashboard.')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('the dashboard opens in personal dashboards with the boxplot drawn in its category', async () => {
    await page.goto('/dashboards_personal');
    await expect(page.getByRole('table', { name: 'Dashboards' })).toBeVisible();
    await page.getByRole('button', { name: dashboardName, exact: true }).click();
    await expect(page.getByRole('heading', { name: dashboardName })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Categories' })).toContainText(category);
    await expect(tile(page, graphicTitle)).toHaveAttribute('data-state', 'drawn', { timeout: 30_000 });
    await expect(chartDrawing(page, graphicTitle)).toBeVisible();
    await screenshot(page, 'journey-dashboard', intoScreenshots);
  });

  await test.step('the owner shares it with the analyst, notified with a message', async () => {
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const share = page.getByRole('dialog', { name: `Share ${dashboardName}` });
    await share.getByLabel("Users' e-mails").fill(demoUsers.analyst.email);
    await expect(share.getByRole('checkbox', { name: 'Notify them' })).toBeChecked();
    await share.getByLabel('Message').fill(message);
    await share.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page.getByText('Dashboard shared with 1 user.')).toBeVisible();
    await expect(share).toBeHidden();
    await expect
      .poll(async () => (await mailsTo(demoUsers.analyst.email)).map((mail) => mail.subject))
      .toContain(`${demoUsers.admin.email} shared the dashboard "${dashboardName}" with you`);
  });

  const analystContext = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const analyst = await analystContext.newPage();
  const analystErrors = collectConsoleErrors(analyst);
  const copyName = uniqueName('My journey copy');

  await test.step('the analyst sees the notification and opens the dashboard, read-only', async () => {
    await openSignedIn(analyst, '/dashboards_personal', 'analyst');
    await expect(analyst.getByTestId('dashboard-notifications-unread')).toBeVisible();
    const bell = analyst.getByRole('button', { name: /^Shared dashboards: \d+ unread$/ });
    const unreadBefore = Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
    await bell.click();
    const notification = analyst
      .getByRole('region', { name: 'Shared dashboards' })
      .getByRole('button', { name: new RegExp(dashboardName) });
    await expect(notification).toContainText(`${demoUsers.admin.email} shared ${dashboardName} with you`);
    await expect(notification).toContainText(message);
    await screenshot(analyst, 'journey-notification', intoScreenshots);
    await notification.click();
    await expect(analyst.getByRole('heading', { name: dashboardName })).toBeVisible();
    await expect(analyst.getByRole('note')).toContainText('shared this dashboard with you');
    await notDrawnForBasicGenerator(analyst, graphicTitle);
    await expect(analyst.getByRole('button', { name: `Move ${graphicTitle}` })).toHaveCount(0);
    await expect(analyst.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
    // Opening it read the notification.
    await expect(analyst.getByRole('button', { name: `Shared dashboards: ${unreadBefore - 1} unread` })).toBeVisible();
    await screenshot(analyst, 'journey-read-only', intoScreenshots);
  });

  await test.step('the analyst saves a copy under a name and finds it in the list as theirs', async () => {
    await analyst.getByRole('button', { name: 'Save a copy' }).click();
    const cloneDialog = analyst.getByRole('dialog', { name: `Save a copy of ${dashboardName}` });
    await cloneDialog.getByLabel('Name').fill(copyName);
    await cloneDialog.getByRole('button', { name: 'Save' }).click();
    await expect(analyst.getByRole('heading', { name: copyName })).toBeVisible();
    await expect(analyst.getByRole('note')).toBeHidden();
    await notDrawnForBasicGenerator(analyst, graphicTitle);
    await analyst.getByRole('button', { name: 'All dashboards' }).click();
    const copyRow = analyst.getByRole('row').filter({ has: analyst.getByRole('button', { name: copyName }) });
    await expect(copyRow.getByRole('cell', { name: 'Yours' })).toBeVisible();
    await screenshot(analyst, 'journey-list-analyst', intoScreenshots);
    // The boxplot's refusal is the one failed request Chromium's console reports.
    expect(analystErrors.filter((error) => !/status of 403/.test(error))).toEqual([]);
    await analystContext.close();
  });

  const fileName = `${dashboardName.replace(/[^\w-]+/g, '-').slice(0, 60)}.pdf`;
  let pdfPath = '';

  await test.step('the owner sends the dashboard as a PDF: the e-mail comes and the file is ready', async () => {
    await page.getByRole('button', { name: 'Send as PDF' }).click();
    await expect(page.getByText(/you will receive an e-mail with its link/)).toBeVisible();
    await expect
      .poll(async () => (await mailsTo(demoUsers.admin.email)).map((mail) => mail.subject), { timeout: 90_000 })
      .toContain(`Your file ${fileName} is ready`);
    await page.goto('/files_management');
    const downloaded = page.waitForEvent('download');
    await page
      .getByRole('table', { name: 'Files' })
      .getByRole('button', { name: `Download ${fileName}` })
      .click();
    pdfPath = await (await downloaded).path();
  });

  await test.step("the PDF's pages, as pictures, show the dashboard and its boxplot", async () => {
    mkdirSync(screenshots, { recursive: true });
    for (const old of readdirSync(screenshots).filter((file) => file.startsWith('journey-pdf-')))
      rmSync(join(screenshots, old));
    execFileSync('pdftoppm', ['-png', '-r', '70', pdfPath, join(screenshots, 'journey-pdf')]);
    expect(readdirSync(screenshots).filter((file) => file.startsWith('journey-pdf-')).length).toBeGreaterThan(0);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    for (const expected of [dashboardName, category, graphicTitle]) expect(text).toContain(expected);
  });
  expect(errors).toEqual([]);
});
