import { expect, type Page, test } from '@playwright/test';
import { collectConsoleErrors, demoUsers, uniqueName } from './support.ts';

// The API documentation's "Try it out" (/docs, Swagger UI): the client id and secret given to Authorize sign every
// request in the page (services/src/api/plugins/try-it-out.ts) under the page's Content-Security-Policy, so that
// the API answers reads and writes as it answers any signed client (docs/api-access.md).
// Playwright's own `test`, not ./test.ts's: this page shows the API's answers as they are, ids and all, where the
// console's screens show names (the check ./test.ts adds to every console spec).

/** An operation's block, expanded, in Try it out mode. */
async function tryOut(page: Page, operationId: string) {
  const block = page.locator(`#operations-Tags-${operationId}`);
  await block.locator('.opblock-summary').first().click();
  await block.getByRole('button', { name: 'Try it out' }).click();
  return block;
}

const statusOf = (block: ReturnType<Page['locator']>) =>
  block.locator('.live-responses-table .response .response-col_status').first();

test('Try it out signs its requests with the client id and secret given to Authorize', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const login = await page.request.post('/login', { data: demoUsers.admin });
  expect(login.ok(), await login.text()).toBe(true);
  const { data } = (await login.json()) as { data: { clientId: string; clientSecret: string } };

  await page.goto('/docs');
  // Unsigned, the API refuses: nothing is sent in the page's name until Authorize has credentials.
  const unsigned = await tryOut(page, 'listTags');
  await unsigned.getByRole('button', { name: 'Execute' }).click();
  await expect(statusOf(unsigned)).toHaveText(/^401\b/);

  await page.locator('.auth-wrapper').getByRole('button', { name: 'Authorize' }).click();
  const dialog = page.locator('.dialog-ux');
  await dialog.getByLabel('auth-basic-username').fill(data.clientId);
  await dialog.getByLabel('auth-basic-password').fill(data.clientSecret);
  await dialog.getByRole('button', { name: 'Apply credentials' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A read with a query string, then a write with a body: each signed as it is sent.
  const list = page.locator('#operations-Tags-listTags');
  await list.getByPlaceholder('pageSize').fill('5');
  await list.getByRole('button', { name: 'Execute' }).click();
  await expect(statusOf(list)).toHaveText(/^200\b/);

  const name = uniqueName('Try it out');
  const create = await tryOut(page, 'createTag');
  await create.locator('textarea.body-param__text').fill(JSON.stringify({ name }));
  await create.getByRole('button', { name: 'Execute' }).click();
  await expect(statusOf(create)).toHaveText(/^201\b/);

  // The secret never left the page: the requests carried the signature.
  const sent = page.waitForRequest((request) => request.url().includes('/tags/?'));
  await list.getByRole('button', { name: 'Execute' }).click();
  const authorization = (await sent).headers().authorization ?? '';
  expect(authorization).toMatch(/^NQ-HMAC-SHA256 Credential=/);
  expect(authorization).not.toContain(data.clientSecret);
  expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
});
