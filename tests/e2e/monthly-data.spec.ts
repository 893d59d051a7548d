import { readFile } from 'node:fs/promises';
import { monthLabel, previousMonth } from '@nq/contracts/files/monthly-data';
import { signRequest } from '@nq/contracts/identity/request-signing';
import { unzipSync } from 'fflate';
import { collectConsoleErrors, demoUsers, openSignedIn, screenshot } from './support.ts';
import { expect, expectNoIdsInCsv, type Page, test } from './test.ts';

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const linesOf = (csv: string) => csv.split('\n').filter((line) => line !== '');

/** What `/medux/{service}/{deployment}/csv` answers the demo administrator for the month's days. */
async function meduxCsv(page: Page, service: string, deployment: string, days: { tsStart: string; tsEnd: string }) {
  const login = await page.request.post('/login', { data: demoUsers.admin });
  const { data: credentials } = (await login.json()) as { data: { clientId: string; clientSecret: string } };
  const url = `/medux/${service}/${deployment}/csv`;
  const body = JSON.stringify(days);
  const authorization = await signRequest(credentials, { method: 'POST', url, body });
  const response = await page.request.post(url, {
    headers: { authorization, 'content-type': 'application/json' },
    data: body,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.text();
}

test("the demo administrator generates last month's data, waits for it and downloads a zip of the month's CSVs", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = collectConsoleErrors(page);
  // The demo administrator's profile keeps the default time zone (Etc/UTC).
  const month = previousMonth(new Date(), 'Etc/UTC');
  const name = `monthly-data-${monthLabel(month)}.zip`;
  await openSignedIn(page, '/files_management');
  await page.getByRole('button', { name: 'Generate monthly data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate monthly data' });
  await expect(dialog.getByRole('combobox', { name: 'Year' })).toHaveValue(String(month.year));
  await expect(dialog.getByRole('combobox', { name: 'Month' })).toHaveValue(String(month.month));
  await screenshot(page, 'monthly-data-dialog', testInfo);
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog).toBeHidden();

  const row = rowOf(page, name);
  await expect(row.getByText('Monthly data')).toBeVisible();
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 120_000 });
  await screenshot(page, 'monthly-data-ready', testInfo);

  const saved = page.waitForEvent('download');
  // The screen's own button (the shell may show a notice with one of the same name beside it).
  await page
    .getByRole('main')
    .getByRole('button', { name: `Download ${name}` })
    .click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe(name);
  const entries = unzipSync(await readFile((await download.path())!));
  const files = Object.fromEntries(
    Object.entries(entries).map(([file, bytes]) => [file, Buffer.from(bytes).toString()]),
  );
  // The demo's probes are all in production: a mobile fleet and landline probes.
  expect(Object.keys(files).sort()).toEqual([
    'README.txt',
    'measurements-landline-Production.csv',
    'measurements-mobile-Production.csv',
  ]);
  const lastDay = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  const days = { tsStart: `${monthLabel(month)}-01`, tsEnd: `${monthLabel(month)}-${lastDay}` };
  for (const service of ['mobile', 'landline']) {
    const csv = linesOf(files[`measurements-${service}-Production.csv`]!);
    const medux = linesOf(await meduxCsv(page, service, 'Production', days));
    expectNoIdsInCsv(files[`measurements-${service}-Production.csv`]!);
    expect(csv[0]).toBe(medux[0]);
    expect(csv.length).toBe(medux.length);
    expect(csv.length).toBeGreaterThan(100);
    expect(files['README.txt']).toContain(`measurements-${service}-Production.csv: ${csv.length - 1} rows`);
  }
  expect(errors).toEqual([]);
});
