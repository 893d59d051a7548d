import { readFile } from 'node:fs/promises';
import { collectConsoleErrors, demoUsers, linksIn, logIn, mailsTo, screenshot, signedApi } from './support.ts';
import { type Browser, expect, expectNoIdsInCsv, type Locator, type Page, test } from './test.ts';

interface FileRecord {
  id: string;
  name: string;
  status: 'inProgress' | 'ready' | 'error';
  size?: number;
}

const readyName = 'demo-providers.csv';
const erroredName = 'demo-measurement-report.csv';
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** Downloads through the list's button (or the shell's notice): the browser follows the signed link, saves the file. */
async function downloadFrom(page: Page, name: string, from: Locator = page.getByRole('table', { name: 'Files' })) {
  const saved = page.waitForEvent('download');
  await from.getByRole('button', { name: `Download ${name}` }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe(name);
  const text = await readFile((await download.path())!, 'utf8');
  if (name.endsWith('.csv')) expectNoIdsInCsv(text);
  return text;
}

/** Opens an e-mailed link in a browser with no session: the console asks to sign in, then downloads the file. */
async function downloadThroughMailedLink(browser: Browser, link: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(link);
    await page.getByLabel('E-mail').fill(demoUsers.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(demoUsers.admin.password);
    const saved = page.waitForEvent('download', { timeout: 45_000 });
    await page.getByRole('button', { name: 'Log in' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe(erroredName);
    await expect(page).toHaveURL(/\/files_management$/);
    return readFile((await download.path())!, 'utf8');
  } finally {
    await context.close();
  }
}

test('the demo administrator downloads a ready file, retries an errored one and sees both in English and Spanish', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  await logIn(page, 'admin');
  const call = await signedApi(page, 'admin');
  // The demo's files are made by the job workers at start: the errored one fails on its first run. (Other browser
  // tests may have made files of the administrator's too: only the demo's are looked at.)
  const demoFiles = [erroredName, readyName];
  await expect
    .poll(async () => {
      const { list } = await call<{ list: FileRecord[] }>('GET', '/files-management');
      return list
        .filter((file) => demoFiles.includes(file.name))
        .map((file) => `${file.name}:${file.status}`)
        .sort();
    })
    .toEqual([`${erroredName}:error`, `${readyName}:ready`]);
  const { list } = await call<{ list: FileRecord[] }>('GET', '/files-management');
  const ready = list.find((file) => file.name === readyName)!;

  await page.goto('/files_management');
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();
  await expect(rowOf(page, readyName).getByText('Ready')).toBeVisible();
  await expect(rowOf(page, erroredName).getByText('Error', { exact: true })).toBeVisible();
  await screenshot(page, 'files-en', testInfo);

  const content = await downloadFrom(page, readyName);
  expect(Buffer.byteLength(content)).toBe(ready.size);
  // The demo's providers as they were when the file was written (other specs add some later): each row is one of
  // the providers the API lists, and the demo's four are there.
  const providers = await call<{ list: { id: string; name: string }[] }>('GET', '/api/providers?pageSize=100');
  const listed = new Set(providers.list.map((provider) => `${provider.id},${provider.name}`));
  // Cells as a spreadsheet reads them, quoted or not.
  const rows = content
    .trim()
    .split(/\r?\n/)
    .map((row) =>
      row
        .split(',')
        .map((cell) => cell.replace(/^"(.*)"$/, '$1'))
        .join(','),
    );
  expect(rows[0]).toBe('id,name');
  for (const row of rows.slice(1)) expect(listed).toContain(row);
  expect(
    rows
      .slice(1)
      .map((row) => row.split(',')[1])
      .sort(),
  ).toEqual(['Digi', 'Movistar', 'Orange', 'Vodafone']);

  // Its failure was e-mailed to the administrator, with why and where to retry it.
  const failedMail = (await mailsTo(demoUsers.admin.email)).find((mail) => mail.subject.includes(erroredName));
  expect(failedMail?.subject).toBe(`Your file ${erroredName} could not be generated`);
  expect(linksIn(failedMail!.text)).toEqual([new URL('/files_management', page.url()).href]);

  await page.getByRole('button', { name: `Retry ${erroredName}` }).click();
  await expect(rowOf(page, erroredName).getByText('Ready')).toBeVisible({ timeout: 30_000 });
  // The shell says so too, wherever the user is, with its download.
  const notices = page.getByRole('region', { name: 'Your files' });
  await expect(notices.getByText(`Your file ${erroredName} is ready.`)).toBeVisible({ timeout: 15_000 });
  const retried = await downloadFrom(page, erroredName, notices);
  // Its notice goes once downloaded; another browser test's file of the same administrator may have one of its own.
  await expect(notices.getByText(`Your file ${erroredName} is ready.`)).toBeHidden();
  expect(retried.split(/\r?\n/)[0]?.replaceAll('"', '')).toBe('id,name');

  // Once ready, its owner gets an e-mail whose link downloads it after signing in.
  const readySubject = `Your file ${erroredName} is ready`;
  await expect
    .poll(async () => (await mailsTo(demoUsers.admin.email)).map((mail) => mail.subject))
    .toContain(readySubject);
  const readyMail = (await mailsTo(demoUsers.admin.email)).find((mail) => mail.subject === readySubject)!;
  const [link] = linksIn(readyMail.text);
  expect(link).toMatch(/\/files_management\?download=file-demo-report$/);
  expect(await downloadThroughMailedLink(page.context().browser()!, link!)).toBe(retried);

  await page.getByRole('checkbox', { name: 'Show deleted files' }).check();
  await expect(page).toHaveURL(/showDeleted=true/);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Show deleted files' })).toBeChecked();

  await page.evaluate(() => localStorage.setItem('nq.language', 'es'));
  await page.goto('/files_management');
  await expect(page.getByRole('heading', { name: 'Archivos' })).toBeVisible();
  await expect(rowOf(page, readyName).getByText('Listo')).toBeVisible();
  await expect(page.getByRole('button', { name: `Descargar ${erroredName}` })).toBeVisible();
  await screenshot(page, 'files-es', testInfo);
  expect(errors).toEqual([]);
});
