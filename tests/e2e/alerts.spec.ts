import { collectConsoleErrors, openSignedIn, screenshot, signedApi, uniqueName } from './support.ts';
import { expect, type Page, test } from './test.ts';

interface AlertListed {
  id: string;
  name: string;
  enabled: boolean;
  conditions: { program: string; kpi: string; operator: string; value: number }[];
  email: { enabled: boolean; recipients: string[] };
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name }) });

test("Alerts: the analyst's table, a new alert refused then fixed, its switch, the history", async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  await openSignedIn(page, '/alerts', 'analyst');
  const api = await signedApi(page, 'analyst');
  const alertNamed = async (name: string) =>
    (await api<{ list: AlertListed[] }>('GET', '/api/alert-config/?pageSize=100')).list.find(
      (alert) => alert.name === name,
    );

  // The table is the default tab: the demo's alert of the analyst, with its type, state and switch.
  await expect(page.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
  const madrid = row(page, 'Madrid latency');
  await expect(madrid).toBeVisible();
  await expect(madrid.getByRole('cell', { name: 'Mobile' })).toBeVisible();
  await expect(madrid.getByRole('switch', { name: 'Enabled: Madrid latency' })).toBeChecked();
  await screenshot(page, 'alerts-table-en', testInfo);

  // A new alert: e-mail asked for with no recipient is refused under its field, before anything is sent.
  const name = uniqueName('Slow uploads');
  await page.getByRole('button', { name: 'New alert' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Program of condition 1').selectOption('speedtest');
  await dialog.getByLabel('KPI of condition 1').selectOption('upload');
  await dialog.getByLabel('Operator of condition 1').selectOption('lt');
  await dialog.getByLabel('Value of condition 1').fill('10');
  await dialog.getByLabel('Grouped by').selectOption('campaign');
  await dialog.getByRole('checkbox', { name: 'Movistar' }).check();
  await dialog.getByRole('checkbox', { name: 'Send e-mails' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Add at least one e-mail recipient.')).toBeVisible();
  await screenshot(page, 'alerts-form-refused-en', testInfo);
  expect(await alertNamed(name)).toBeUndefined();

  // Fixed: a recipient, and it is saved and listed.
  await dialog.getByRole('button', { name: 'Add recipient' }).click();
  await dialog.getByLabel('Recipient 1', { exact: true }).fill('noc@demo.nq');
  await expect(dialog.getByText('Add at least one e-mail recipient.')).toBeHidden();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toBeVisible();
  expect(await alertNamed(name)).toMatchObject({
    enabled: true,
    conditions: [{ program: 'speedtest', kpi: 'upload', operator: 'lt', value: 10 }],
    email: { enabled: true, recipients: ['noc@demo.nq'] },
  });

  // Its switch disables it, and enables it again.
  const toggle = row(page, name).getByRole('switch', { name: `Enabled: ${name}` });
  await toggle.click();
  await expect(page.getByText(`${name} is disabled.`)).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect.poll(async () => (await alertNamed(name))?.enabled).toBe(false);
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect.poll(async () => (await alertNamed(name))?.enabled).toBe(true);

  // The history tab, kept in the address. The demo's alerts have no history entries until the alerting worker has
  // decided a window of theirs; reading them one at a time and all on the page is walked by AlertHistory.test.tsx.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/alerts\?tab=history$/);
  await expect(page.getByRole('button', { name: 'Mark all on this page read' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Alert history' })).toBeVisible();
  await screenshot(page, 'alerts-history-en', testInfo);

  // The map tab: the groups' legend, or the groups not yet evaluated said so.
  await page.getByRole('tab', { name: 'Map' }).click();
  // The demo's alerts are evaluated from its recent history: their groups are on the map (with its legend) or, when
  // none of their probes is located, listed beside it.
  await expect(
    page
      .getByRole('list', { name: 'Latest state of the groups' })
      .or(page.getByTestId('unlocated-groups'))
      .or(page.getByText(/No alert has been evaluated yet/))
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'alerts-map-en', testInfo);

  // Spanish: the table and the form.
  await page.evaluate(() => localStorage.setItem('nq.language', 'es'));
  await page.goto('/alerts');
  await expect(page.getByRole('tab', { name: 'Tabla' })).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'Madrid latency').getByRole('cell', { name: 'Móvil' })).toBeVisible();
  await screenshot(page, 'alerts-table-es', testInfo);
  await page.getByRole('button', { name: 'Nueva alerta' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('dialog').getByText('La alerta necesita un nombre.')).toBeVisible();
  await screenshot(page, 'alerts-form-es', testInfo);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('tab', { name: 'Historial' }).click();
  await expect(page.getByRole('button', { name: 'Marcar como leídas todas las de esta página' })).toBeVisible();
  await screenshot(page, 'alerts-history-es', testInfo);

  await api('DELETE', `/api/alert-config/${(await alertNamed(name))!.id}`);
  expect(errors).toEqual([]);
});
