import { readFileSync } from 'node:fs';
import { collectConsoleErrors, logIn, screenshot, signedApi } from './support.ts';
import { expect, test } from './test.ts';

// The regulatory format screen on the demo: its report of the whole panel, figures with intervals and sample sizes,
// the method and what reproduces it, the same figures reproduced from the address, and its PDF made and downloaded.

type Listed = { list: { id: string; name: string }[] };
type Calculation = {
  groups: { provider: { name: string }; figures: { published: boolean; value: number | null }[] }[];
  reproduce: { asOf: string; receivedUntil: string };
};

const calculating = { timeout: 60_000 };

test('the demo report: figures per operator with intervals and sample sizes, reproduced from its address, and its PDF', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await logIn(page, 'admin');
  const api = await signedApi(page, 'admin');
  const { list } = await api<Listed>('GET', '/regulatory-reports');
  const report = list.find((item) => item.name === 'Broadband panel, last four weeks')!;
  expect(report).toBeDefined();

  await page.goto('/regulatory_format');
  await page.getByRole('link', { name: report.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/regulatory_format/${report.id}`));
  const values = page.getByTestId('value');
  await expect(values.first()).toBeVisible(calculating);
  await screenshot(page, 'regulatory-format-report-en', test.info());

  // What the screen shows is what the API answers: each demo operator with published figures.
  const shown = await api<Calculation>('GET', `/regulatory-reports/${report.id}/calculations`);
  expect(shown.groups.map((group) => group.provider.name).sort()).toEqual(['Digi', 'Movistar', 'Orange', 'Vodafone']);
  expect(shown.groups.every((group) => group.figures.every((figure) => figure.published))).toBe(true);
  await expect(page.getByTestId('method')).toContainText('resamples, seed 2026');
  await expect(page.getByTestId('reproduction')).toBeVisible();

  // Reproduce pins the version and the instant in the address: opened again, the same figures.
  await page.getByRole('button', { name: 'Reproduce' }).click();
  await expect(page).toHaveURL(/asOf=.*receivedUntil=/);
  const pinned = page.url();
  const before = await values.allTextContents();
  await page.goto(pinned);
  await expect(values.first()).toBeVisible(calculating);
  expect(await values.allTextContents()).toEqual(before);

  const asked = page.waitForResponse((response) => response.url().endsWith(`/regulatory-reports/${report.id}/files`));
  await page.getByRole('button', { name: 'PDF file' }).click();
  const { file } = (await (await asked).json()) as { file: { id: string; name: string } };
  const download = page.getByRole('main').getByRole('button', { name: `Download ${file.name}` });
  await expect(download).toBeVisible({ timeout: 120_000 });
  const downloading = page.waitForEvent('download');
  await download.click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toBe(file.name);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  expect(errors).toEqual([]);
});

test("the demo's mobile cluster alone: one handset per operator, every figure withheld and saying why", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await logIn(page, 'admin');
  const api = await signedApi(page, 'admin');
  const { list } = await api<Listed>('GET', '/regulatory-reports');
  const report = list.find((item) => item.name === 'Mobile broadband, last four weeks')!;
  await page.goto(`/regulatory_format/${report.id}`);
  const withheld = page.getByTestId('withheld');
  await expect(withheld.first()).toBeVisible(calculating);
  await expect(withheld.first()).toContainText('Too few probes: 1, the minimum is 3');
  await expect(page.getByTestId('value')).toHaveCount(0);
  await screenshot(page, 'regulatory-format-withheld-en', test.info());
  expect(errors).toEqual([]);
});
