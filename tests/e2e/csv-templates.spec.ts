import { collectConsoleErrors, logIn, screenshot, signedApi, uniqueName } from './support.ts';
import { expect, type Page, test } from './test.ts';

interface TemplateView {
  id: string;
  name: string;
  favorite: boolean;
  builtIn: boolean;
}
const programs = 'speedtest,ping,web,youtube,gaming';
const templatesPath = `/api/types/mobile/programs/${programs}/csv/templates`;
const screenNames = (page: Page) => page.getByTestId('template-name').allInnerTexts();
const row = (page: Page, name: string) => page.getByTestId('template-row').filter({ hasText: name });

test('CSV templates: create, favourite, reorder by keyboard, the last favourite kept, the order kept on reload', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  await logIn(page, 'admin');
  const api = await signedApi(page, 'admin');
  const listed = async () => (await api<{ result: TemplateView[] }>('GET', templatesPath)).result;

  await page.goto('/csv_templates');
  const before = await listed();
  await expect(page.getByTestId('template-row')).toHaveCount(before.length);
  // The screen lists what the API answers, in its order, the default template first.
  expect(await screenNames(page)).toEqual(
    before.map((template) => (template.builtIn ? 'Default template' : template.name)),
  );

  // Create a template: a measurement field and a KPI of the speed test, averaged.
  const name = uniqueName('Speed export');
  await page.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Remove column 3' }).click();
  await dialog.getByLabel('Program of column 2').selectOption('speedtest');
  await dialog.getByLabel('Kind of column 2').selectOption('key');
  await dialog.getByLabel('Value of column 2').selectOption('download');
  await dialog.getByLabel('Operation of column 2').selectOption('avg');
  await expect(dialog.getByTestId('body-preview')).toHaveText('measurementId,speedtest download (avg)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toBeVisible();
  const created = (await listed()).find((template) => template.name === name)!;
  expect(created).toMatchObject({ favorite: false, body: 'measurementId,speedtest download (avg)' });

  // Mark it favourite.
  await page.getByRole('button', { name: `Favorite: ${name}` }).click();
  await expect(page.getByRole('button', { name: `Favorite: ${name}` })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await listed()).find((template) => template.id === created.id)?.favorite).toBe(true);

  // Reorder by keyboard: the new template goes up one place, announced.
  const names = await screenNames(page);
  const at = names.indexOf(name);
  expect(at).toBeGreaterThan(1);
  const ordered = page.waitForResponse((response) => response.url().endsWith('/profile/csvTemplates/order'));
  await page.getByRole('button', { name: `Reorder ${name}` }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('announcement')).toHaveText(
    `${name} moved to position ${at - 1} of ${names.length - 1}.`,
  );
  expect((await ordered).ok()).toBe(true);
  const expected = [...names];
  expected.splice(at - 1, 0, ...expected.splice(at, 1));
  expect(await screenNames(page)).toEqual(expected);
  // A reload shows the order the API keeps.
  await page.reload();
  await expect(row(page, name)).toBeVisible();
  expect(await screenNames(page)).toEqual(expected);
  expect((await listed()).map((template) => (template.builtIn ? 'Default template' : template.name))).toEqual(expected);

  // Unmark every favourite but the new one; unmarking it too is refused, with the catalogue message in place.
  for (const template of (await listed()).filter((item) => item.favorite && item.id !== created.id)) {
    const label = template.builtIn ? 'Default template' : template.name;
    await page.getByRole('button', { name: `Favorite: ${label}` }).click();
    await expect(page.getByRole('button', { name: `Favorite: ${label}` })).toHaveAttribute('aria-pressed', 'false');
  }
  await page.getByRole('button', { name: `Favorite: ${name}` }).click();
  await expect(page.getByRole('alert')).toHaveText('At least one CSV template must stay favorite.');
  await expect(page.getByRole('button', { name: `Favorite: ${name}` })).toHaveAttribute('aria-pressed', 'true');
  expect((await listed()).filter((template) => template.favorite).map((template) => template.id)).toEqual([created.id]);
  await screenshot(page, 'csv-templates-en', testInfo);

  // Spanish: the same screen, and the form.
  await page.evaluate(() => localStorage.setItem('nq.language', 'es'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Plantillas CSV' })).toBeVisible();
  await page.getByRole('button', { name: `Favorita: ${name}` }).click();
  await expect(page.getByRole('alert')).toHaveText('Al menos una plantilla CSV debe seguir marcada como favorita.');
  await screenshot(page, 'csv-templates-es', testInfo);
  await page.getByRole('button', { name: `Editar ${name}` }).click();
  await expect(page.getByRole('dialog').getByTestId('body-preview')).toHaveText(
    'measurementId,speedtest download (avg)',
  );
  await screenshot(page, 'csv-templates-form-es', testInfo);
  await page.evaluate(() => localStorage.setItem('nq.language', 'en'));
  expect(errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
});
