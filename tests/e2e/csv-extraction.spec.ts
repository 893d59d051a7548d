import { readFile } from 'node:fs/promises';
import {
  collectConsoleErrors,
  demoUsers,
  linksIn,
  mailsTo,
  openSignedIn,
  screenshot,
  signedApi,
  uniqueName,
} from './support.ts';
import { expect, expectNoIdsInCsv, type Page, type TestInfo, test } from './test.ts';

interface TemplateView {
  id: string;
  name: string;
  favorite: boolean;
}
interface FileRecord {
  id: string;
  name: string;
  status: 'inProgress' | 'ready' | 'error';
  size?: number;
}
interface Measurement {
  measurementId: string;
  measuredAt: string;
  kpis: Record<string, number | undefined>;
}

const allPrograms = 'speedtest,ping,web,youtube,gaming';
const header = 'measurementId,measuredAt,speedtest download';
/** A CSV line's cells (the file quotes its texts; none of these hold a comma). */
const cellsOf = (line: string) => line.split(',').map((cell) => cell.replace(/^"(.*)"$/, '$1').replaceAll('""', '"'));
/** A day of the demo's six weeks of history (the fleet keeps adding to today's), as the date inputs take it. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Leaves only the speed test ticked among the extractor's programs. */
async function onlySpeedTest(page: Page) {
  const programs = page.getByRole('group', { name: 'Programs' });
  for (const box of await programs.getByRole('checkbox').all()) {
    const label = await box.evaluate((input) => input.parentElement?.textContent ?? '');
    if (label === 'Speed test') await expect(box).toBeChecked();
    else await box.uncheck();
  }
}

test('the demo analyst extracts the measurements of a favourite template of theirs, follows the file and downloads it', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = collectConsoleErrors(page);
  await extractAsTheAnalyst(page, testInfo);
  expect(errors).toEqual([]);
});

async function extractAsTheAnalyst(page: Page, testInfo: TestInfo) {
  await openSignedIn(page, '/csv_templates', 'analyst');
  const api = await signedApi(page, 'analyst');

  // A template of their own on /csv_templates: the measurement, when, and the speed test's download; a favourite.
  const name = uniqueName('Download export');
  await page.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Program of column 3').selectOption('speedtest');
  await dialog.getByLabel('Kind of column 3').selectOption('key');
  await dialog.getByLabel('Value of column 3').selectOption('download');
  await expect(dialog.getByTestId('body-preview')).toHaveText(header);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Favorite: ${name}` }).click();
  await expect(page.getByRole('button', { name: `Favorite: ${name}` })).toHaveAttribute('aria-pressed', 'true');
  const templates = async () =>
    (await api<{ result: TemplateView[] }>('GET', `/api/types/mobile/programs/${allPrograms}/csv/templates`)).result;
  await expect.poll(async () => (await templates()).find((template) => template.name === name)?.favorite).toBe(true);
  const created = (await templates()).find((template) => template.name === name)!;

  // The extractor offers the favourites first, theirs among them; the speed test, two past days, two hours a day.
  await page.goto('/csv_extractor');
  await expect(page.getByRole('heading', { name: 'CSV extractor', level: 1 })).toBeVisible();
  const template = page.getByLabel('Template');
  await expect(template.locator('option', { hasText: `${name} (favorite)` })).toHaveCount(1);
  const labels = await template.locator('option').allInnerTexts();
  const favourites = labels.filter((label) => label.endsWith('(favorite)'));
  expect(labels.slice(0, favourites.length)).toEqual(favourites);
  await onlySpeedTest(page);
  await template.selectOption(created.id);
  const [from, to] = [daysAgo(9), daysAgo(8)];
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await expect(page.getByText('With no technology chosen, the file holds 4G and 5G.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`template=${created.id}`));

  const asked = page.waitForResponse((response) =>
    /\/api\/types\/mobile\/programs\/speedtest\/csv$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Extract', exact: true }).click();
  const answer = await asked;
  expect(answer.status()).toBe(202);
  const { file } = (await answer.json()) as { file: FileRecord };
  await expect(page).toHaveURL(new RegExp(`file=${file.id}`));
  // Its progress, then ready (a small file may be made before the first look: then it is ready at once).
  await expect(
    page.getByRole('heading', { name: new RegExp(`^(Making ${file.name}|${file.name} is ready)$`) }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: `${file.name} is ready` })).toBeVisible({ timeout: 60_000 });
  await screenshot(page, 'csv-extractor-ready-en', testInfo);

  const saved = page.waitForEvent('download');
  // The screen's own button (the shell may show a notice with one of the same name beside it).
  await page
    .getByRole('main')
    .getByRole('button', { name: `Download ${file.name}` })
    .click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe(file.name);
  const content = await readFile((await download.path())!, 'utf8');
  expectNoIdsInCsv(content);
  const [head, ...lines] = content.trim().split(/\r?\n/);
  expect(cellsOf(head!)).toEqual(header.split(','));

  // The same selection through the measurement search: as many rows, the same measurements, the same cells.
  const found = await api<{ list: Measurement[]; count: number }>('POST', '/api/measurements/by/profile', {
    programs: ['speedtest'],
    technologies: [4, 5],
    tsStart: from,
    tsEnd: to,
    pageSize: 500,
  });
  expect(found.count).toBeGreaterThan(0);
  expect(found.count).toBeLessThanOrEqual(500);
  expect(lines).toHaveLength(found.count);
  const rows = new Map(lines.map((line) => [cellsOf(line)[0]!, cellsOf(line)]));
  for (const measurement of found.list) {
    const row = rows.get(measurement.measurementId);
    expect(row, measurement.measurementId).toBeDefined();
    // The same instant, written in the profile's time zone with its offset (the file's CSV options).
    expect(row![1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?[+-]\d\d:\d\d$/);
    expect(Date.parse(row![1]!)).toBe(Date.parse(measurement.measuredAt));
    const download = measurement.kpis.download;
    expect(row![2]).toBe(download === undefined ? '' : String(download));
  }
  const listed = await api<{ list: FileRecord[] }>('GET', '/files-management?service=csvExtractor');
  expect(listed.list.find((item) => item.id === file.id)).toMatchObject({
    status: 'ready',
    size: Buffer.byteLength(content),
  });

  // The e-mail (in the analyst's language, Spanish) names the file and links to its download.
  await expect
    .poll(
      async () => (await mailsTo(demoUsers.analyst.email)).filter((mail) => mail.subject.includes(file.name)).length,
    )
    .toBe(1);
  const mail = (await mailsTo(demoUsers.analyst.email)).find((item) => item.subject.includes(file.name))!;
  expect(linksIn(mail.text)).toEqual([new URL(`/files_management?download=${file.id}`, page.url()).href]);

  // Leaving and coming back from the menu: the extraction followed is still there.
  await page.goto('/storyboard');
  await page.goto('/csv_extractor');
  await expect(page.getByRole('heading', { name: `${file.name} is ready` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`file=${file.id}`));

  // Extract again, in Spanish: the form as it was, ready for another extraction.
  await page.evaluate(() => localStorage.setItem('nq.language', 'es'));
  await page.reload();
  await expect(page.getByRole('heading', { name: `${file.name} está listo` })).toBeVisible();
  await page.getByRole('button', { name: 'Extraer de nuevo' }).click();
  await expect(page).not.toHaveURL(/file=/);
  await expect(page.getByRole('button', { name: 'Extraer', exact: true })).toBeEnabled();
  await expect(page.getByLabel('Plantilla')).toHaveValue(created.id);
  await screenshot(page, 'csv-extractor-es', testInfo);
}
