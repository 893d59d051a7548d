import { expect, type Page, test } from '@playwright/test';

const collectConsoleErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

test('the console is served on the API port and reaches the platform', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Network quality' })).toBeVisible();
  await expect(page.getByTestId('platform-status')).toHaveText('Platform ok (embedded profile)');
  await page.screenshot({ path: test.info().outputPath('console-index.png') });
  expect(errors).toEqual([]);
});

test('a deep link of a console route loads the console (history mode)', async ({ page }) => {
  const response = await page.goto('/scorecard_live/42/drilldown');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('platform-status')).toContainText('Platform ok');
});

test('the API documentation lists the operations routes', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByText('Network-quality platform API').first()).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: '/ready' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('api-docs.png'), fullPage: true });
});
