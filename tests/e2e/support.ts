import { signRequest } from '@nq/contracts/identity/request-signing';
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

/**
 * An API session of its own for a demo user (the browser's may switch profile): signed calls for what a test sets up
 * outside the screen under test. Answers the JSON body; a non-2xx fails the test with the body.
 */
export async function signedApi(page: Page, who: keyof typeof demoUsers = 'admin') {
  const login = await page.request.post('/login', { data: demoUsers[who] });
  expect(login.ok()).toBe(true);
  const { data: credentials } = (await login.json()) as { data: { clientId: string; clientSecret: string } };
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const authorization = await signRequest(credentials, { method, url: path, ...(text ? { body: text } : {}) });
    const response = await page.request.fetch(path, {
      method,
      headers: { authorization, ...(text ? { 'content-type': 'application/json' } : {}) },
      ...(text ? { data: text } : {}),
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
}
