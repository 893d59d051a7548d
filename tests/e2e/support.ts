import { expect, type Page } from '@playwright/test';

/** The demo logins `npm start` seeds (README). */
export const demoUsers = {
  admin: { email: 'admin@demo.nq', password: 'admin-demo-2026' },
  analyst: { email: 'analyst@demo.nq', password: 'analyst-demo-2026' },
} as const;

/** Browser console errors and uncaught page errors, to assert a walk met none. */
export function collectConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Logs in through the login page and waits for the landing page's shell. */
export async function logIn(page: Page, who: keyof typeof demoUsers = 'admin') {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(demoUsers[who].email);
  await page.getByLabel('Password', { exact: true }).fill(demoUsers[who].password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** A name no other test run used (the e2e platform keeps its data for the whole run). */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export async function screenshot(page: Page, name: string, testInfo: { outputPath: (name: string) => string }) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}
