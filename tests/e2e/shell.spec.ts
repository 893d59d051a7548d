import { gzipSync } from 'node:zlib';
import {
  collectConsoleErrors,
  demoUsers,
  keepLanguageChoicesLocal,
  logIn,
  openSignedIn,
  screenshot,
} from './support.ts';
import { expect, test } from './test.ts';

// Every route of the routes table (children with ids are walked by their screens' suites;
// docs/product/screens.md#access-and-navigation).
const specRoutes = [
  'alerts',
  'csv_templates',
  'probes-map',
  'storyboard',
  'benchmark',
  'bydestination',
  'evolution',
  'smartPerformance',
  'measurementAnalysis',
  'measurementLauncher',
  'tokens',
  'cdns_management',
  'basic_graphic_generator',
  'advanced_graphic_generator',
  'dashboards_personal',
  'csv_extractor',
  'test_analysis',
  'files_management',
  'scoreManagement',
  'scorecard_live',
  'scorecard_comparison',
  'tags_management',
  'users_management',
  'tools/providers-management',
  'tools/probes_status',
  'maps',
  'campaigns_management',
  'geofilters_management',
  'clusters_management',
];

test.describe('login and guards', () => {
  test('without a session every page sends the user to the login page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/evolution');
    // It remembers the page asked for, to return to it once signed in.
    await expect(page).toHaveURL(/\/login\?next=%2Fevolution$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('a wrong password shows the catalogue message; the right one lands on the storyboard', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(demoUsers.admin.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong user or password.');
    await page.getByLabel('Password', { exact: true }).fill(demoUsers.admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // A profile with the storyboard layer lands there (docs/product/screens.md#access-and-navigation).
    await expect(page).toHaveURL(/\/storyboard$/);
    await expect(page.getByTestId('current-profile')).toHaveText('Administrator');
    await screenshot(page, 'landing-admin', test.info());
  });

  test('an empty form shows the field problems from the catalogue', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a restricted profile sees only its layers, in the language its user chose (Spanish for the analyst)', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await logIn(page, 'analyst');
    // Its layers hold the storyboard, so it lands there (docs/product/screens.md#access-and-navigation).
    await expect(page).toHaveURL(/\/storyboard$/);
    const sidebar = page.getByRole('navigation', { name: 'Calidad de red' });
    await expect(sidebar.getByRole('link', { name: 'Etiquetas' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await screenshot(page, 'landing-analyst-es', test.info());
    expect(errors).toEqual([]);
  });

  test('a screen outside the profile’s layers sends the analyst to the login page, which says why and leads back', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await logIn(page, 'analyst');
    await expect(page).toHaveURL(/\/storyboard$/);
    // A route outside the profile's layers (and not under a permitted parent) redirects to /login
    // (docs/product/screens.md#access-and-navigation). The analyst's saved language is Spanish: the notice says why in
    // it, then in English once switched.
    await page.goto('/users_management');
    await expect(page).toHaveURL(/\/login\?denied=users_management$/);
    const notice = page.getByRole('status');
    await expect(notice).toContainText('Tu perfil no puede abrir la pantalla «Usuarios»');
    await screenshot(page, 'refused-es', test.info());
    await page.getByTestId('language-switch').selectOption('en');
    await expect(notice).toContainText('Your profile cannot open the “Users” screen');
    await screenshot(page, 'refused-en', test.info());
    await notice.getByRole('link', { name: 'Back to Storyboard, your start page' }).click();
    await expect(page).toHaveURL(/\/storyboard$/);
    // A child route is refused the same way, naming its screen.
    await page.goto('/probes_configuration/new');
    await expect(page).toHaveURL(/\/login\?denied=probes_configuration$/);
    await expect(page.getByRole('status')).toContainText('the “Probes configuration” screen');
    await page.getByRole('link', { name: 'Back to Storyboard, your start page' }).click();
    await expect(page).toHaveURL(/\/storyboard$/);
    expect(errors).toEqual([]);
  });

  test('password recovery: an unknown e-mail and a known one are told alike that a link is on its way', async ({
    page,
  }) => {
    await page.goto('/login');
    const askLinkFor = async (email: string) => {
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Send link' }).click();
      await expect(page.getByRole('status')).toContainText(
        `If ${email} belongs to a user, a link to choose a new password is on its way.`,
      );
      await expect(page.getByRole('alert')).toHaveCount(0);
    };
    await askLinkFor('nobody@demo.nq');
    await page.getByRole('button', { name: 'Back to login' }).click();
    await askLinkFor(demoUsers.analyst.email);
    await screenshot(page, 'password-recovery', test.info());
  });

  test('logging out ends the session: pages go back to the login page', async ({ page }) => {
    await logIn(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/tags_management');
    await expect(page).toHaveURL(/\/login\?next=%2Ftags_management$/);
  });
});

test.describe('layout', () => {
  test('the language switch translates the interface and catalogue messages, and is remembered', async ({ page }) => {
    await keepLanguageChoicesLocal(page);
    await page.goto('/login');
    await page.getByTestId('language-switch').selectOption('es');
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(demoUsers.admin.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos.');
    await page.getByLabel('Contraseña', { exact: true }).fill(demoUsers.admin.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    // The console opens in the administrator's saved language, English; switched, it stays Spanish across a reload.
    await expect(
      page.getByRole('navigation', { name: 'Network quality' }).getByRole('link', { name: 'Tags' }),
    ).toBeVisible();
    await page.getByTestId('language-switch').selectOption('es');
    const sidebar = page.getByRole('navigation', { name: 'Calidad de red' });
    await expect(sidebar.getByRole('heading', { name: 'Configuración' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Etiquetas' })).toBeVisible();
    await page.reload();
    await expect(sidebar.getByRole('link', { name: 'Etiquetas' })).toBeVisible();
    await screenshot(page, 'spanish', test.info());
    await page.getByTestId('language-switch').selectOption('en');
    await expect(
      page.getByRole('navigation', { name: 'Network quality' }).getByRole('link', { name: 'Tags' }),
    ).toBeVisible();
  });

  test('the sidebar groups the layers by category and the navbar switches profile', async ({ page }) => {
    await logIn(page);
    for (const category of ['profile', 'tools', 'maps', 'dashboards', 'config', 'internal_tools'])
      await expect(page.getByTestId(`sidebar-${category}`)).toBeVisible();
    await expect(page.getByTestId('sidebar-config').getByRole('link', { name: 'Clusters' })).toBeVisible();
    await expect(page.getByTestId('alerts-unread')).toContainText('0');
    await page.getByTestId('profile-switch').selectOption({ label: 'Madrid analyst' });
    await expect(page.getByTestId('current-profile')).toHaveText('Madrid analyst');
    await expect(page).toHaveURL(/\/storyboard$/);
    await expect(page.getByTestId('sidebar-config').getByRole('link', { name: 'Clusters' })).toHaveCount(0);
    await page.getByTestId('profile-switch').selectOption({ label: 'Administrator' });
    await expect(page.getByTestId('current-profile')).toHaveText('Administrator');
  });

  test('a profile switch away from a page the new profile may not open calls nothing of that page again', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    await logIn(page);
    // The users and probe status screens are the administrator's; the analyst profile reaches neither.
    for (const [path, heading] of [
      ['users_management', 'Users'],
      ['tools/probes_status', 'Probes status'],
    ] as const) {
      await page.goto(`/${path}`);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
      await page.getByTestId('profile-switch').selectOption({ label: 'Madrid analyst' });
      await expect(page.getByTestId('current-profile')).toHaveText('Madrid analyst');
      await expect(page).toHaveURL(/\/storyboard$/);
      await page.waitForLoadState('networkidle');
      await page.getByTestId('profile-switch').selectOption({ label: 'Administrator' });
      await expect(page.getByTestId('current-profile')).toHaveText('Administrator');
    }
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the refresh interval offers off, 30 s, 1, 5 and 10 min and is remembered', async ({ page }) => {
    await logIn(page);
    const picker = page.getByTestId('refresh-interval');
    await expect(picker.locator('option')).toHaveText(['off', '30 s', '1 min', '5 min', '10 min']);
    await picker.selectOption({ label: '5 min' });
    await page.reload();
    await expect(page.getByTestId('refresh-interval')).toHaveValue('300000');
  });

  test('an unknown address inside the console shows "page not found" in the shell', async ({ page }) => {
    await openSignedIn(page, '/no-such-page');
    await expect(page.getByTestId('not-found')).toContainText('Page not found');
  });
});

test('a walk through every console route: each opens in the shell with no browser error', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectConsoleErrors(page);
  await logIn(page);
  for (const route of specRoutes) {
    await test.step(route, async () => {
      await page.goto(`/${route}`);
      await expect(page).toHaveURL(new RegExp(`/${route}(\\?.*)?$`));
      await expect(page.getByTestId('user-menu')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByTestId('error-screen')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `route-${route.replace('/', '_')}`, test.info());
    });
  }
  expect(errors).toEqual([]);
});

test('the first page (login) loads less than 300 KB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(response.url(), gzipSync(await response.body()).length);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const totalKb = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
  test.info().annotations.push({ type: 'first-page-js-gzip-kb', description: totalKb.toFixed(1) });
  console.info(`first page: ${scripts.size} scripts, ${totalKb.toFixed(1)} KB gzipped`);
  expect(totalKb).toBeLessThan(300);
});
