import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { signRequest } from '@nq/contracts/identity/request-signing';
import { parseReceivedMail, type ReceivedMail } from '@nq/platform/testing/received-mail';
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

/**
 * The demo users are shared by every test of a run: a test that switches the interface language keeps its choice to
 * its own page rather than saving it on the account another test is logging in with (the saving itself is proven by
 * the identity API suite and the language switch's component test).
 */
export const keepLanguageChoicesLocal = (page: Page) =>
  page.route('**/account/language', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ json: { done: true } }) : route.fallback(),
  );

/** Logs in through the login page and waits for the landing page's shell, in the user's saved language. */
export async function logIn(page: Page, who: keyof typeof demoUsers = 'admin') {
  await keepLanguageChoicesLocal(page);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(demoUsers[who].email);
  await page.getByLabel('Password', { exact: true }).fill(demoUsers[who].password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The password hash (scrypt, N=2^17) alone takes seconds on a busy machine.
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
}

/**
 * Opens a screen signed in as a demo user, the session made through the API as the login screen makes it and kept
 * where the console keeps it: one page load instead of three (the login screen, the landing screen, then the one
 * under test). The login screen itself is driven by `logIn`, and tested in shell.spec.ts.
 */
export async function openSignedIn(page: Page, path: string, who: keyof typeof demoUsers = 'admin') {
  await keepLanguageChoicesLocal(page);
  const login = await page.request.post('/login', { data: demoUsers[who] });
  expect(login.ok(), await login.text()).toBe(true);
  // Stored before the console's first script runs, once per call and tab: a logout later in the test stays logged out.
  await page.addInitScript(
    ({ stored, call }) => {
      if (sessionStorage.getItem(call)) return;
      sessionStorage.setItem(call, 'stored');
      localStorage.setItem('nq.session', stored);
    },
    { stored: await login.text(), call: `nq.e2e.signedIn.${crypto.randomUUID()}` },
  );
  await page.goto(path);
}

/** A name no other test run used (the e2e platform keeps its data for the whole run). */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * Whether the tests keep a picture of each screen they pass through (`E2E_SCREENS=1`, as `npm run test:e2e:screens`
 * does): a gallery to look at, not an assertion. The test command leaves them out (170 full-page shots cost a fifth
 * of the layer's time); a failed test keeps its screenshot and trace either way.
 */
export const keepsScreens = process.env.E2E_SCREENS === '1';

/**
 * The whole screen as a picture, once drawn, when the run keeps screens. The shell scrolls its main area, not the
 * page, so a full-page shot alone would cut a long screen at the window's height: the window grows to the main area's
 * content for the shot, then comes back.
 */
export async function screenshot(page: Page, name: string, testInfo: { outputPath: (name: string) => string }) {
  if (!keepsScreens) return;
  // What is still drawing (a chart being drawn, a list loading says so with aria-busy) is waited for, within reason.
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 30_000 })
    .catch(() => undefined);
  const viewport = page.viewportSize();
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollHeight - main.clientHeight : 0;
  });
  if (viewport && overflow > 0) await page.setViewportSize({ ...viewport, height: viewport.height + overflow });
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  if (viewport && overflow > 0) await page.setViewportSize(viewport);
}

/**
 * An API session of its own for a demo user (the browser's may switch profile): signed calls for what a test sets up
 * outside the screen under test. Answers the JSON body; a non-2xx fails the test with the body.
 */
export async function signedApi(page: Page, who: keyof typeof demoUsers = 'admin') {
  const login = await page.request.post('/login', { data: demoUsers[who] });
  expect(login.ok(), await login.text()).toBe(true);
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

/**
 * The e-mails the e2e platform has sent to an address so far, oldest first: on the embedded profile they are `.eml`
 * files in its data folder's outbox (tests/playwright.config.ts shares the folder as E2E_DATA_DIR).
 */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the specs through tests/playwright.config.ts');
  const outbox = join(dataDir, 'outbox');
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  const mails = await Promise.all(names.map(async (name) => parseReceivedMail(await readFile(join(outbox, name)))));
  return mails.filter((mail) => mail.to.includes(address));
}

export { linksIn } from '@nq/platform/testing/received-mail';
