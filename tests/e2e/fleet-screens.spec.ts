import { readFile } from 'node:fs/promises';
import { collectConsoleErrors, logIn, openSignedIn, screenshot, signedApi, uniqueName } from './support.ts';
import { expect, expectNoIdsInCsv, type Page, test } from './test.ts';

// The fleet screens: probes configuration (form, CSV import), task suites (task editor, warnings, family change),
// probe status and the measurement launcher. Refusals the server is asked for on purpose (400, 409, 422) show in
// Chromium's console as "Failed to load resource"; those tests assert nothing else went wrong.

/** A probe id no other run used: lowercase letters and digits only (docs/product/rules.md#probe). */
const uniqueProbeId = () => `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A tall window: the shell scrolls its page area, so screenshots show what fits in the window.
test.use({ viewport: { width: 1400, height: 1800 } });

const refusedCalls = (errors: string[], statuses: number[]) =>
  errors.filter((error) => !statuses.some((status) => error.includes(`status of ${status}`)));

async function openSuiteEditor(page: Page) {
  await page.goto('/task_suites_configuration');
  await page.getByRole('link', { name: 'New task suite' }).click();
  await expect(page.getByRole('heading', { name: 'New task suite' })).toBeVisible();
}

/** Fills the general fields and adds one ICMP ping task with the interval given; answers the task's region. */
async function draftSuiteWithPing(page: Page, name: string, interval: string) {
  await page.getByLabel('Name *', { exact: true }).fill(name);
  await page.getByLabel('Probe family *').selectOption('Cube');
  await page.getByLabel('Test type').last().selectOption({ label: 'ICMP ping' });
  await page.getByRole('button', { name: 'Add task' }).click();
  const task = page.getByRole('region', { name: 'Task 1: ICMP ping' });
  await task.getByLabel('Interval (ms) *').fill(interval);
  await task.getByLabel('Timeout (ms) *').fill('30000');
  return task;
}

async function addServer(task: ReturnType<Page['getByRole']>, host: string) {
  await task.getByRole('button', { name: 'Add: Servers' }).click();
  await task.getByLabel('Host *').fill(host);
}

test.describe('probes configuration', () => {
  test('a new probe is refused with the problems under its fields, and when its id is taken', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/probes_configuration');
    await expect(page.getByRole('row', { name: /probe001.*Madrid Salamanca fibre.*Cube.*Landline/ })).toBeVisible();
    await screenshot(page, 'probes-list', test.info());

    // Probes by text (docs/product/rules.md#probes-by-text): the ids found are listed, the others named in a warning.
    await page.getByRole('textbox', { name: 'Probes by text' }).fill('probe001, nosuchprobe');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('table', { name: 'Probes found by text' }).getByRole('row')).toHaveCount(2);
    await expect(page.getByText('These probe ids are not valid and were not added: nosuchprobe')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe('probes.csv');
    expectNoIdsInCsv(await readFile((await (await download).path())!, 'utf8'));

    await page.getByRole('link', { name: 'New probe' }).click();
    await expect(page.getByRole('heading', { name: 'New probe' })).toBeVisible();
    // A probe without coordinates will not show on the probes map (a warning, not an error; docs/product/errors.md).
    await expect(page.getByTestId('no-coordinates')).toHaveText(
      /This probe has no coordinates, so it will not be shown on the probes map\./,
    );
    await page.getByLabel('Probe id *').fill('Bad Id');
    await page.getByLabel('Name *', { exact: true }).fill('E2E probe');
    await page.getByLabel('Probe family *').selectOption('Cube');
    await page.getByLabel('Type *').first().selectOption('landline');
    await page.getByText('Device settings').click();
    const device = page.locator('[data-group="device"]');
    await device.getByLabel('Primary').fill('1.2.3');
    await page.getByTestId('save-probe').click();
    await expect(page.getByTestId('form-error')).toHaveText('The request is not valid. Check the highlighted fields.');
    await expect(
      page.getByText('The probe id may only contain lowercase letters and digits, without spaces.'),
    ).toBeVisible();
    await expect(device.getByText('The DNS server must be a valid IPv4 address.')).toBeVisible();
    await screenshot(page, 'probe-validation-error', test.info());

    // The id is taken: the catalogue's message, under the id too.
    await page.getByLabel('Probe id *').fill('probe001');
    await device.getByLabel('Primary').fill('8.8.8.8');
    await page.getByTestId('save-probe').click();
    await expect(page.getByTestId('form-error')).toHaveText('A probe with this id already exists.');
    expect(refusedCalls(errors, [400, 409])).toEqual([]);
  });

  test('create and edit a probe: coordinates, a wifi password kept sealed, a new name', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const probeId = uniqueProbeId();
    await openSignedIn(page, '/probes_configuration/new');
    await page.getByLabel('Probe id *').fill(probeId);
    await page.getByLabel('Name *', { exact: true }).fill('E2E probe');
    await page.getByLabel('Probe family *').selectOption('Cube');
    await page.getByLabel('Type *').first().selectOption('landline');
    await page.getByLabel('Latitude', { exact: true }).fill('40.42');
    await page.getByLabel('Longitude', { exact: true }).fill('-3.70');
    await expect(page.getByTestId('no-coordinates')).toBeHidden();
    await page.getByText('Device settings').click();
    await page.getByRole('button', { name: 'Add: Wifi' }).click();
    const wifi = page.locator('[data-group="device.wifi"]');
    await wifi.getByLabel('SSID *').fill('home-net');
    await wifi.getByLabel('Password').fill('wifi-secret-1');
    await page.getByTestId('save-probe').click();

    await expect(page).toHaveURL(/\/probes_configuration$/);
    await page.getByRole('searchbox', { name: 'Search' }).fill(probeId);
    await expect(page.getByRole('row', { name: new RegExp(`${probeId}.*E2E probe`) })).toBeVisible();

    await page.getByRole('link', { name: probeId, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Probe ${probeId}` })).toBeVisible();
    await expect(page.getByLabel('Probe id *')).toBeDisabled();
    await page.getByText('Device settings').click();
    const sealed = page.locator('[data-group="device.wifi"]').getByTestId('sealed-secret');
    await expect(sealed).toHaveText('Sealed');
    await sealed.scrollIntoViewIfNeeded();
    await screenshot(page, 'probe-edit-sealed-secret', test.info());
    await page.getByLabel('Name *', { exact: true }).fill('E2E probe renamed');
    await page.getByTestId('save-probe').click();
    await expect(page).toHaveURL(/\/probes_configuration$/);
    await page.getByRole('searchbox', { name: 'Search' }).fill(probeId);
    await expect(page.getByRole('row', { name: new RegExp(`${probeId}.*E2E probe renamed`) })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('CSV import: a file with a bad row shows each bad line and its reasons and imports nothing', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    const good = uniqueProbeId();
    await openSignedIn(page, '/probes_configuration/import');
    const csv = ['probeId,name,family,type', `${good},Imported probe,Cube,landline`, 'BAD ID,,Robot,landline'].join(
      '\n',
    );
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'probes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByTestId('import-refused').getByRole('alert')).toHaveText(
      '1 rows of the file have errors, so nothing was imported. Correct them and import the file again.',
    );
    const badRow = page.getByTestId('rejected-rows').getByRole('row', { name: /BAD ID/ });
    await expect(badRow.getByRole('cell').first()).toHaveText('3');
    await expect(badRow).toContainText('family: The value of family is not in the list of allowed values.');
    await expect(badRow).toContainText('name: Some required fields are empty.');
    await screenshot(page, 'probe-import-bad-row', test.info());

    await page.goto('/probes_configuration');
    await page.getByRole('searchbox', { name: 'Search' }).fill(good);
    await expect(page.getByText('No results')).toBeVisible();

    // Only .csv files: refused before anything is sent.
    await page.goto('/probes_configuration/import');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'probes.txt', mimeType: 'text/plain', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByTestId('import-refused').getByRole('alert')).toHaveText(
      'Invalid file format. Only comma-separated .csv files are accepted.',
    );
    expect(refusedCalls(errors, [422])).toEqual([]);
  });

  test('CSV import of a valid file creates its probes', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const probeId = uniqueProbeId();
    await openSignedIn(page, '/probes_configuration/import');
    const csv = ['probeId,name,family,type,country', `${probeId},Imported probe,Cube,landline,Spain`].join('\n');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'probes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByTestId('import-done')).toContainText('Probes imported: 1');
    await page.getByRole('link', { name: 'Back to the probes' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(probeId);
    await expect(page.getByRole('row', { name: new RegExp(`${probeId}.*Imported probe`) })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('task suites', () => {
  test('a task without servers is refused under its field; with a server the suite is saved with a warning', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    const name = uniqueName('E2E suite');
    await logIn(page, 'admin');
    await openSuiteEditor(page);
    const task = await draftSuiteWithPing(page, name, '5000');
    await page.getByTestId('save-suite').click();
    await expect(page.getByTestId('form-error')).toHaveText('Add at least one server.');
    await expect(task.locator('[data-group="tasks.0.servers"]').getByRole('alert')).toHaveText(
      'Add at least one server.',
    );
    await screenshot(page, 'task-suite-validation-error', test.info());

    await addServer(task, '8.8.8.8');
    await page.getByTestId('save-suite').click();
    // Created: the editor moves to the suite's address and keeps the server's advice in view.
    await expect(page).toHaveURL(/\/task_suites_configuration\/[0-9a-f-]{36}$/);
    const advice = 'The task ICMP ping has an interval under 10 s, which is not recommended.';
    await expect(page.getByTestId('suite-warnings')).toContainText(advice);
    await expect(page.getByRole('region', { name: 'Task 1: ICMP ping' }).getByTestId('field-warning')).toHaveText(
      `⚠ ${advice}`,
    );
    await screenshot(page, 'task-suite-saved-with-warning', test.info());

    await page.getByRole('link', { name: 'Back to the task suites' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await expect(page.getByRole('row', { name: new RegExp(`${name}.*Cube`) })).toBeVisible();

    // A clone keeps the tasks under its new name.
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: 'Clone' })
      .click();
    await page.getByRole('dialog').getByLabel('Name *').fill(`${name} copy`);
    await page.getByTestId('save-entity').click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`${name} copy`);
    await expect(page.getByRole('row', { name: new RegExp(`${name} copy.*Cube.*1`) })).toBeVisible();
    expect(refusedCalls(errors, [400])).toEqual([]);
  });

  test('changing the probe family of a suite with tasks asks first: no keeps them, yes erases them', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await logIn(page, 'admin');
    await openSuiteEditor(page);
    const task = await draftSuiteWithPing(page, uniqueName('E2E family'), '600000');
    await addServer(task, '1.1.1.1');
    await page.getByTestId('save-suite').click();
    await expect(page).toHaveURL(/\/task_suites_configuration\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Tasks (1)' })).toBeVisible();

    const family = page.getByLabel('Probe family *');
    const dialog = page.getByRole('dialog', { name: 'Change the probe family' });
    await family.selectOption('Agent');
    await expect(dialog).toContainText(
      'Changing the probe family erases all the tasks of this task suite. Confirm the change to continue.',
    );
    await expect(dialog).toContainText('1 tasks will be erased (Cube → Agent).');
    await screenshot(page, 'task-suite-family-change-confirmation', test.info());
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(family).toHaveValue('Cube');
    await expect(page.getByRole('region', { name: 'Task 1: ICMP ping' })).toBeVisible();

    await family.selectOption('Agent');
    await dialog.getByRole('button', { name: 'Change family and erase tasks' }).click();
    await expect(page.getByText('This task suite has no tasks yet.')).toBeVisible();
    await page.getByTestId('save-suite').click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Probe family *')).toHaveValue('Agent');
    await expect(page.getByRole('heading', { name: 'Tasks (0)' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('probe status', () => {
  test('the table shows the demo probes with their status; filters, the idle counter and the CSV export', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/tools/probes_status');
    await expect(page.getByRole('row', { name: /probe001.*Madrid Salamanca fibre.*Landline/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /probe101.*Madrid drive-test handset.*Mobile/ })).toBeVisible();
    await expect(page.getByTestId('idle-counter')).toHaveText(/Idle home devices: \d+ of \d+/);
    await page.getByTestId('idle-counter').hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      'Home devices that have been idle for the last hour, not counting those whose last report is more than 2 years old.',
    );
    await screenshot(page, 'probe-status', test.info());

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('probes-status.csv');

    // The demo fleet never reports "Ready": no result. A probe that is not there: not found.
    await page.getByLabel('Status', { exact: true }).selectOption('Ready');
    await expect(page.getByTestId('status-empty')).toHaveText('There are no results.');
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.getByRole('searchbox', { name: 'Find a probe by id or name' }).fill('no-such-probe');
    await expect(page.getByTestId('status-empty')).toHaveText('The probe status was not found.');
    expect(errors).toEqual([]);
  });
});

test.describe('measurement launcher', () => {
  test('a measurement launched on a demo probe completes, with the result the probe measured', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/measurementLauncher');
    await page.getByLabel('Probes').selectOption(['probe001']);
    await page.getByLabel('Task suite').selectOption({ label: 'Landline speed and latency' });
    await page.getByLabel('Task', { exact: true }).selectOption({ label: 'Ping Google DNS · ICMP ping' });
    const launches = page.getByRole('table', { name: 'Launches' });

    await page.getByTestId('launch').click();
    await expect(page.getByText('Measurement launched on: probe001')).toBeVisible();
    await expect(launches.getByRole('row', { name: /probe001.*Ping Google DNS.*In progress/ })).toHaveCount(1);
    // The demo fleet plays the demo's probes: it picks the launch up, runs it and reports what it measured.
    const finished = launches.getByRole('row', { name: /probe001.*Ping Google DNS.*Finished/ });
    await expect(finished).toHaveCount(1, { timeout: 30_000 });
    await expect(finished.getByTestId('launch-result')).toHaveText(
      /^Latency [\d.,]+ ms · Jitter [\d.,]+ ms · Packet loss \d ?%$/,
    );
    await expect(launches.getByRole('row', { name: /In progress/ })).toHaveCount(0);
    await screenshot(page, 'launcher-finished', test.info());
    expect(errors).toEqual([]);
  });

  test('launching on a probe with a measurement in progress asks to cancel it: no keeps it, yes relaunches', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    // A probe no fleet plays: its launch stays in progress for the whole test.
    const probeId = uniqueProbeId();
    const api = await signedApi(page);
    await api('POST', '/probes', { probeId, name: uniqueName('Unplugged probe'), family: 'Cube', type: 'landline' });
    await openSignedIn(page, '/measurementLauncher');
    await page.getByLabel('Probes').selectOption([probeId]);
    await page.getByLabel('Task suite').selectOption({ label: 'Landline speed and latency' });
    await page.getByLabel('Task', { exact: true }).selectOption({ label: 'Ping Google DNS · ICMP ping' });
    const launches = page.getByRole('table', { name: 'Launches' });
    const rows = (name: RegExp) => launches.getByRole('row', { name });

    await page.getByTestId('launch').click();
    await expect(page.getByText(`Measurement launched on: ${probeId}`)).toBeVisible();
    await expect(rows(new RegExp(`${probeId}.*Ping Google DNS.*In progress.*Waiting for the probe until`))).toHaveCount(
      1,
    );

    const dialog = page.getByRole('dialog', { name: 'Cancel the measurement in progress?' });
    await page.getByTestId('launch').click();
    await expect(dialog).toContainText(
      'A measurement is already in progress. Confirm to cancel it and launch the new one.',
    );
    await expect(dialog).toContainText(`Probes with a measurement in progress: ${probeId}`);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(
      page.getByText(`The measurement in progress was kept (nothing launched) on: ${probeId}`),
    ).toBeVisible();
    await expect(rows(new RegExp(probeId))).toHaveCount(1);

    await page.getByTestId('launch').click();
    await screenshot(page, 'launcher-confirm-cancel', test.info());
    await dialog.getByRole('button', { name: 'Cancel it and launch' }).click();
    await expect(page.getByText(`Measurement launched on: ${probeId}`)).toBeVisible();
    await expect(rows(new RegExp(`${probeId}.*Cancelled.*Replaced by a newer launch`))).toHaveCount(1);
    await expect(rows(new RegExp(`${probeId}.*In progress`))).toHaveCount(1);
    await screenshot(page, 'launcher-relaunched', test.info());
    expect(refusedCalls(errors, [409])).toEqual([]);
  });
});
