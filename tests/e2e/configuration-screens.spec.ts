import { collectConsoleErrors, logIn, openSignedIn, screenshot, uniqueName } from './support.ts';
import { expect, type Locator, type Page, test } from './test.ts';

// The management screens of what the server offers (users, providers, CDNs, universes, MOS, tokens and API
// credentials, scorecards and profile KPI fringes, profiles): each is created, edited and refused with the catalogue's
// message, as an administrator; a non-administrator sees the lists without write buttons.

/** A 1×1 PNG: a real image the server accepts as a logo. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG of 600 KB: above the universe logo limit (docs/product/limits.md#sizes: 500 KB). */
const largePng = Buffer.concat([tinyPng, Buffer.alloc(600 * 1024)]);

const dialog = (page: Page) => page.getByRole('dialog');
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function openNew(page: Page) {
  await page.getByTestId('create-entity').click();
  await expect(dialog(page)).toBeVisible();
  return dialog(page);
}

async function save(page: Page) {
  await page.getByTestId('save-entity').click();
}

/** Saves and waits for the form to close and the success toast. */
async function saveAndClose(page: Page) {
  await save(page);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' }).first()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
}

/** The field is marked invalid and the catalogue message shows in the form. */
async function expectProblem(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field.page().getByRole('dialog').getByText(message, { exact: true }).first()).toBeVisible();
}

const compact = (prefix: string) => uniqueName(prefix).replace(/\s+/g, '-').toLowerCase();

test.describe('users management', () => {
  test('creates a user, edits it, assigns and removes profiles, and resets its password', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/users_management');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await expect(rowOf(page, 'analyst@demo.nq')).toContainText('Madrid analyst');

    const email = `${compact('user')}@demo.nq`;
    const form = await openNew(page);
    await form.getByLabel('E-mail *').fill(email);
    await form.getByLabel('Name', { exact: true }).fill('Ana Test');
    await form.getByLabel('Language', { exact: true }).selectOption('es');
    await form.getByLabel('Profiles').selectOption({ label: 'Madrid analyst' });
    await save(page);
    await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await expect(rowOf(page, email)).toContainText('Ana Test');
    await expect(rowOf(page, email)).toContainText('Madrid analyst');
    await expect(rowOf(page, email)).toContainText('Never');

    await page.getByRole('button', { name: `Edit ${email}` }).click();
    await expect(dialog(page).getByLabel('Profiles')).toBeDisabled();
    await dialog(page).getByLabel('Name', { exact: true }).fill('Ana Renamed');
    await saveAndClose(page);
    await expect(rowOf(page, email)).toContainText('Ana Renamed');

    await page.getByRole('button', { name: `Profiles ${email}` }).click();
    const assigned = page.getByTestId('assigned-profiles');
    const assignable = page.getByTestId('assignable-profiles');
    await expect(assigned).toContainText('Madrid analyst');
    await assignable.getByRole('button', { name: 'Add Administrator' }).click();
    await expect(assigned).toContainText('Administrator');
    await assigned.getByRole('button', { name: 'Remove Madrid analyst' }).click();
    await expect(assignable).toContainText('Madrid analyst');
    await expect(assigned).not.toContainText('Madrid analyst');
    await screenshot(page, 'users-profiles', test.info());
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(rowOf(page, email)).toContainText('Administrator');
    await expect(rowOf(page, email)).not.toContainText('Madrid analyst');

    await page.getByRole('button', { name: `Reset password ${email}` }).click();
    await expect(dialog(page)).toContainText(`Send ${email} an e-mail with a link to choose a new password?`);
    await dialog(page).getByRole('button', { name: 'Reset password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `A link to choose a new password was e-mailed to ${email}.` }),
    ).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await screenshot(page, 'users', test.info());
    expect(errors).toEqual([]);
  });

  test('a duplicate e-mail shows "This user is already in the DB" under the field; a bad address is refused', async ({
    page,
  }) => {
    await openSignedIn(page, '/users_management');
    const form = await openNew(page);
    const email = form.getByLabel('E-mail *');
    await email.fill('not-an-address');
    await save(page);
    await expectProblem(email, 'Enter a valid e-mail address.');
    await email.fill('Analyst@demo.nq');
    await save(page);
    await expectProblem(email, 'This user is already in the DB');
    await screenshot(page, 'users-duplicate', test.info());
  });
});

test.describe('providers management', () => {
  test('creates a provider, edits it (not its name) and tests an address against the providers', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/tools/providers-management');
    await expect(page.getByRole('heading', { name: 'Providers', level: 1 })).toBeVisible();
    await expect(rowOf(page, 'Movistar')).toContainText('21407');

    const name = uniqueName('Telco');
    const imsi = `21499${Date.now().toString().slice(-10)}`;
    const secondImsi = `21498${imsi.slice(5)}`;
    const form = await openNew(page);
    await form.getByLabel('Name *').fill(name);
    await form.getByLabel('Label *').fill('Telco label');
    await form.getByLabel('Country *').selectOption('Portugal');
    await form.getByLabel('Numeric (MCC + MNC) *').fill('26899');
    await form.getByLabel('SPN').fill('telco');
    await form.getByLabel('IMSIs').fill(imsi);
    await form.getByLabel('IP ranges').fill('10.99.0.0/16\n2001:db8::/32');
    await form.getByPlaceholder('#rrggbb').fill('#123abc');
    await saveAndClose(page);
    await expect(rowOf(page, name)).toContainText('26899');
    await expect(rowOf(page, name)).toContainText('10.99.0.0/16, 2001:db8::/32');

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(dialog(page).getByLabel('Name *')).toBeDisabled();
    await dialog(page).getByLabel('Label *').fill('Telco renamed label');
    await dialog(page).getByLabel('IMSIs').fill(`${imsi}\n${secondImsi}`);
    await saveAndClose(page);
    await expect(rowOf(page, name)).toContainText('Telco renamed label');
    await expect(rowOf(page, name)).toContainText(secondImsi);

    const tester = page.getByLabel('Test an IP address or an IMSI');
    await tester.fill('10.99.3.4');
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(page.getByTestId('detected-provider')).toHaveText(`It belongs to ${name}.`);
    await tester.fill('80.58.1.1');
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(page.getByTestId('detected-provider')).toHaveText('It belongs to Movistar.');
    await tester.fill('192.0.2.1');
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(page.getByTestId('detected-provider')).toHaveText('No provider owns it.');
    await screenshot(page, 'providers', test.info());
    expect(errors).toEqual([]);
  });

  test('a bad numeric code, an IMSI already assigned and a taken name are refused with their messages', async ({
    page,
  }) => {
    await openSignedIn(page, '/tools/providers-management');
    const form = await openNew(page);
    await form.getByLabel('Name *').fill(uniqueName('Telco'));
    await form.getByLabel('Label *').fill('Telco');
    await form.getByLabel('Country *').selectOption('Spain');
    await form.getByLabel('Numeric (MCC + MNC) *').fill('12');
    await save(page);
    await expectProblem(form.getByLabel('Numeric (MCC + MNC) *'), 'The numeric code must have 5 to 6 digits.');

    await form.getByLabel('Numeric (MCC + MNC) *').fill('21498');
    await form.getByLabel('IMSIs').fill('21407000000000');
    await save(page);
    await expectProblem(form.getByLabel('IMSIs'), 'This IMSI is already assigned to another provider.');

    await form.getByLabel('IMSIs').fill('');
    await form.getByLabel('Name *').fill('movistar');
    await save(page);
    await expectProblem(form.getByLabel('Name *'), 'A provider with this name already exists.');
    await screenshot(page, 'providers-errors', test.info());
  });
});

test.describe('CDNs management', () => {
  test('creates a CDN with headers and technologies, and switches it from Inactive to Active', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/cdns_management');
    await expect(page.getByRole('heading', { name: 'CDNs', level: 1 })).toBeVisible();
    await expect(rowOf(page, 'Madrid speed server')).toContainText('Active');

    const name = uniqueName('CDN');
    const form = await openNew(page);
    await form.getByLabel('Name *').fill(name);
    await form.getByLabel('URL *').fill('https://cdn.example.org/50MB.bin');
    await form.getByLabel('Type *').selectOption({ label: 'Upload' });
    await form.getByLabel('Status').selectOption({ label: 'Inactive' });
    await form.getByLabel('Size *').fill('50');
    await form.getByLabel('Provider').selectOption({ label: 'Vodafone' });
    await form.getByLabel('Latitude').fill('38.72');
    await form.getByLabel('Longitude').fill('-9.14');
    await form.getByLabel('Tags').fill('lisbon\nup1');
    await form.getByLabel('Request body').fill('{"payload": true}');
    await form.getByRole('button', { name: 'Add: HTTP headers' }).click();
    await form.getByTestId('httpHeaders-row-0').getByLabel('Header *').fill('x-test');
    await form.getByTestId('httpHeaders-row-0').getByLabel('Value *').fill('yes');
    await form.getByRole('button', { name: 'Add: Technologies' }).click();
    await form.getByTestId('technologies-row-0').getByLabel('Technology *').selectOption({ label: '4G' });
    await form.getByTestId('technologies-row-0').getByLabel('Trigger *').fill('0.5');
    await form.getByTestId('technologies-row-0').getByLabel('Size *').fill('20');
    await screenshot(page, 'cdns-form', test.info());
    await saveAndClose(page);
    const row = rowOf(page, name);
    await expect(row).toContainText('Upload');
    await expect(row).toContainText('Vodafone');
    await expect(row).toContainText('lisbon, up1');
    await expect(row).toContainText('Inactive');

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(dialog(page).getByTestId('httpHeaders-row-0').getByLabel('Header *')).toHaveValue('x-test');
    await expect(dialog(page).getByTestId('technologies-row-0').getByLabel('Technology *')).toHaveValue('4');
    await dialog(page).getByLabel('Status').selectOption({ label: 'Active' });
    await saveAndClose(page);
    await expect(rowOf(page, name)).toContainText('Active');
    await screenshot(page, 'cdns', test.info());
    expect(errors).toEqual([]);
  });

  test('a bad URL, a bad tag and a header without a value are refused under their fields', async ({ page }) => {
    await openSignedIn(page, '/cdns_management');
    const form = await openNew(page);
    await form.getByLabel('Name *').fill(uniqueName('CDN'));
    await form.getByLabel('URL *').fill('not a url');
    await form.getByLabel('Type *').selectOption({ label: 'Download' });
    await form.getByLabel('Size *').fill('10');
    await form.getByLabel('Tags').fill('Bad Tag');
    await form.getByRole('button', { name: 'Add: HTTP headers' }).click();
    await form.getByTestId('httpHeaders-row-0').getByLabel('Header *').fill('x-empty');
    await save(page);
    await expectProblem(form.getByLabel('URL *'), 'The URL is not valid.');
    await expectProblem(form.getByLabel('Tags'), 'Tags may only contain lowercase letters and digits.');
    await expectProblem(
      form.getByTestId('httpHeaders-row-0').getByLabel('Value *'),
      'Each header needs a name and a value.',
    );
    await screenshot(page, 'cdns-errors', test.info());
  });
});

test.describe('universes configuration', () => {
  test('creates a universe with probes over date ranges and a logo, then adds a probe', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/universes_configuration');
    await expect(page.getByRole('heading', { name: 'Universe configuration', level: 1 })).toBeVisible();
    await expect(rowOf(page, 'Spain mobile')).toContainText('probe101');

    const name = uniqueName('Universe');
    const form = await openNew(page);
    await form.getByLabel('Name *').fill(name);
    await form.getByLabel('Description').fill('Landline probes in Madrid');
    await form.getByLabel('Country').fill('Spain');
    await form.getByLabel('Technology').fill('Fibre');
    await form.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng });
    await expect(form.getByRole('img', { name: 'Logo' })).toBeVisible();
    await form.getByRole('button', { name: 'Add: Probes' }).click();
    const first = form.getByTestId('probes-row-0');
    await first.getByLabel('Probe *').selectOption('probe001');
    await first.getByLabel('From (UTC) *').fill('2026-01-01T00:00');
    await first.getByLabel('Until (UTC)').fill('2026-06-30T00:00');
    await saveAndClose(page);
    const row = rowOf(page, name);
    await expect(row).toContainText('probe001');
    await expect(row).toContainText('Spain · Fibre');
    await expect(row.locator('img')).toBeVisible();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(dialog(page).getByTestId('probes-row-0').getByLabel('Until (UTC)')).toHaveValue('2026-06-30T00:00');
    await dialog(page).getByRole('button', { name: 'Add: Probes' }).click();
    const second = dialog(page).getByTestId('probes-row-1');
    await second.getByLabel('Probe *').selectOption('probe002');
    await second.getByLabel('From (UTC) *').fill('2026-02-01T08:00');
    await saveAndClose(page);
    await expect(rowOf(page, name)).toContainText('probe001, probe002');
    await screenshot(page, 'universes', test.info());
    expect(errors).toEqual([]);
  });

  test('a logo over 500 KB and overlapping ranges of one probe are refused', async ({ page }) => {
    await openSignedIn(page, '/universes_configuration');
    const form = await openNew(page);
    await form.getByLabel('Name *').fill(uniqueName('Universe'));
    await form.getByLabel('Logo').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: largePng });
    await expect(form.getByText('The universe logo can be at most 500 KB.')).toBeVisible();
    await form.getByRole('button', { name: 'Add: Probes' }).click();
    await form.getByRole('button', { name: 'Add: Probes' }).click();
    for (const [index, start] of ['2026-01-01T00:00', '2026-03-01T00:00'].entries()) {
      const row = form.getByTestId(`probes-row-${index}`);
      await row.getByLabel('Probe *').selectOption('probe002');
      await row.getByLabel('From (UTC) *').fill(start);
    }
    await save(page);
    await expect(form.getByTestId('rows-probes').getByRole('alert')).toHaveText('Some of the date ranges overlap');
    await screenshot(page, 'universes-errors', test.info());
  });
});

test.describe('MOS', () => {
  async function fillEntry(form: Locator, index: number, entry: Record<string, string>) {
    const row = form.getByTestId(`entries-row-${index}`);
    await row.getByLabel('KPI *').selectOption(entry.kpi ?? 'download');
    await row.getByLabel('Weight (%) *').fill(entry.weight ?? '100');
    await row.getByLabel('Min *').fill(entry.min ?? '0');
    await row.getByLabel('Max *').fill(entry.max ?? '500');
    await row.getByLabel('Operator *').selectOption('gte');
    await row.getByLabel('Mapping function *').selectOption({ label: entry.mapping ?? 'Linear' });
    await row.getByLabel('Lower limit *').fill('10');
    await row.getByLabel('Upper limit *', { exact: true }).fill('300');
    await row.getByLabel('Absolute upper limit *').fill('500');
  }

  test('creates a MOS definition, edits its mapping function and clones it', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/mos');
    await expect(rowOf(page, 'Speed MOS')).toContainText('Download speed 60% (Linear)');

    const name = uniqueName('MOS');
    const form = await openNew(page);
    await form.getByLabel('Name *').fill(name);
    await form.getByRole('button', { name: 'Add: Entries' }).click();
    await fillEntry(form, 0, { kpi: 'download' });
    await screenshot(page, 'mos-form', test.info());
    await saveAndClose(page);
    await expect(rowOf(page, name)).toContainText('Download speed 100% (Linear)');

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog(page)
      .getByTestId('entries-row-0')
      .getByLabel('Mapping function *')
      .selectOption({ label: 'Square root' });
    await saveAndClose(page);
    await expect(rowOf(page, name)).toContainText('Download speed 100% (Square root)');

    await rowOf(page, name).getByRole('button', { name: 'Clone' }).click();
    await dialog(page).getByLabel('Name *').fill(`${name} copy`);
    await saveAndClose(page);
    await expect(rowOf(page, `${name} copy`)).toContainText('Download speed 100% (Square root)');
    await screenshot(page, 'mos', test.info());
    expect(errors).toEqual([]);
  });

  test('weights that do not add up to 100 and a minimum above the maximum are refused', async ({ page }) => {
    await openSignedIn(page, '/mos');
    const form = await openNew(page);
    await form.getByLabel('Name *').fill(uniqueName('MOS'));
    await form.getByRole('button', { name: 'Add: Entries' }).click();
    await fillEntry(form, 0, { weight: '60' });
    await save(page);
    await expect(form.getByTestId('rows-entries').getByRole('alert').first()).toHaveText(
      'The weights of the MOS entries must add up to 100%.',
    );
    await fillEntry(form, 0, { weight: '100', min: '600', max: '500' });
    await save(page);
    await expectProblem(
      form.getByTestId('entries-row-0').getByLabel('Max *'),
      'The minimum cannot be greater than the maximum.',
    );
    await screenshot(page, 'mos-errors', test.info());
  });
});

test.describe('tokens and API credentials', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('generates a token, shows its secret once with a copy button, lists it Active and revokes it', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/tokens');
    await expect(page.getByRole('heading', { name: 'Tokens', level: 1 })).toBeVisible();
    const name = uniqueName('ci token');
    await page.getByTestId('generate-credential').click();
    await dialog(page).getByLabel('Name').fill(name);
    await page.getByTestId('save-credential').click();
    const secret = page.getByTestId('issued-secret');
    await expect(secret).toContainText('The secret is shown only now.');
    const clientSecret = await secret.getByLabel('Client secret', { exact: true }).inputValue();
    expect(clientSecret.length).toBeGreaterThan(20);
    await secret.getByRole('button', { name: 'Copy Client secret' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Client secret copied to the clipboard.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clientSecret);
    await screenshot(page, 'tokens-secret', test.info());
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('issued-secret')).toHaveCount(0);
    const row = rowOf(page, name);
    await expect(row).toContainText('Active');
    await expect(row).toContainText('per minute');
    await expect(page.getByText(clientSecret)).toHaveCount(0);
    await screenshot(page, 'tokens', test.info());

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(rowOf(page, name)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('an expiry in the past is refused under the field', async ({ page }) => {
    await openSignedIn(page, '/tokens');
    await page.getByTestId('generate-credential').click();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await dialog(page).getByLabel('Expires *').fill(yesterday);
    await page.getByTestId('save-credential').click();
    await expectProblem(dialog(page).getByLabel('Expires *'), 'The expiration date must be in the future.');
    await screenshot(page, 'tokens-errors', test.info());
  });

  test('generates API credentials, shows the secret once and revokes them', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/api_credentials');
    await expect(page.getByRole('heading', { name: 'API credentials', level: 1 })).toBeVisible();
    const name = uniqueName('reporting client');
    await page.getByTestId('generate-credential').click();
    await dialog(page).getByLabel('Name').fill(name);
    await page.getByTestId('save-credential').click();
    const secret = page.getByTestId('issued-secret');
    const clientId = await secret.getByLabel('Client id', { exact: true }).inputValue();
    await expect(secret.getByLabel('Client secret', { exact: true })).not.toHaveValue('');
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(rowOf(page, name)).toContainText(clientId);
    await screenshot(page, 'api-credentials', test.info());
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(rowOf(page, name)).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe('score management', () => {
  test('creates a scorecard with KPIs, fringes and a MOS entry, edits its status and clones it', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/scoreManagement');
    await expect(page.getByRole('heading', { name: 'Profile management', level: 1 })).toBeVisible();
    // The demo's mobile scorecard (its landline one is named 'Landline quality 2026').
    const demoScorecard = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Quality 2026', exact: true }) });
    await expect(demoScorecard).toContainText('Active');

    const name = uniqueName('Scorecard');
    const form = await openNew(page);
    await form.getByLabel('Name *').fill(name);
    await form.getByLabel('Weight (%) *', { exact: true }).fill('100');
    await form.getByLabel('Maximum score *').fill('5');
    await form.getByLabel('Providers').selectOption([{ label: 'Movistar' }, { label: 'Orange' }]);
    await form.getByRole('button', { name: 'Add: KPIs' }).click();
    await form.getByRole('button', { name: 'Add: KPIs' }).click();
    for (const [index, [kpi, weight, fringes]] of [
      ['download', '70', '0-12, 12-24'],
      ['latency', '30', ''],
    ].entries()) {
      const row = form.getByTestId(`kpis-row-${index}`);
      await row.getByLabel('KPI *').selectOption(kpi ?? '');
      await row.getByLabel('Weight (%) *').fill(weight ?? '');
      await row.getByLabel('Fringes (hours)').fill(fringes ?? '');
    }
    await form.getByRole('button', { name: 'Add: MOS entries' }).click();
    const entry = form.getByTestId('mosEntries-row-0');
    await entry.getByLabel('KPI *').selectOption('download');
    await entry.getByLabel('Weight (%) *').fill('100');
    await entry.getByLabel('Min *').fill('0');
    await entry.getByLabel('Max *').fill('600');
    await entry.getByLabel('Operator *').selectOption('gte');
    await entry.getByLabel('Mapping function *').selectOption('linear');
    await entry.getByLabel('Lower limit *').fill('10');
    await entry.getByLabel('Upper limit *', { exact: true }).fill('300');
    await entry.getByLabel('Absolute upper limit *').fill('600');
    await saveAndClose(page);
    await expect(rowOf(page, name)).toContainText('Download speed 70%, Latency 30%');

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(dialog(page).getByTestId('kpis-row-0').getByLabel('Fringes (hours)')).toHaveValue('0-12, 12-24');
    await dialog(page).getByLabel('Status').selectOption({ label: 'Inactive' });
    await saveAndClose(page);
    await expect(rowOf(page, name)).toContainText('Inactive');

    await rowOf(page, name).getByRole('button', { name: 'Clone' }).click();
    await dialog(page).getByLabel('Name *').fill(`${name} B`);
    await saveAndClose(page);
    await expect(rowOf(page, `${name} B`)).toContainText('Download speed 70%, Latency 30%');
    await screenshot(page, 'score-management', test.info());
    expect(errors).toEqual([]);
  });

  test('KPI weights that do not add up to 100 and unreadable fringes are refused', async ({ page }) => {
    await openSignedIn(page, '/scoreManagement');
    const form = await openNew(page);
    await form.getByLabel('Name *').fill(uniqueName('Scorecard'));
    await form.getByLabel('Weight (%) *', { exact: true }).fill('100');
    await form.getByLabel('Maximum score *').fill('5');
    await form.getByRole('button', { name: 'Add: KPIs' }).click();
    const row = form.getByTestId('kpis-row-0');
    await row.getByLabel('KPI *').selectOption('download');
    await row.getByLabel('Weight (%) *').fill('60');
    await row.getByLabel('Fringes (hours)').fill('morning');
    await save(page);
    await expectProblem(row.getByLabel('Fringes (hours)'), 'The value does not have a valid format.');
    await row.getByLabel('Fringes (hours)').fill('0-8');
    await save(page);
    await expect(form.getByTestId('rows-kpis').getByRole('alert').first()).toHaveText(
      'The weights of the KPIs must add up to 100%.',
    );
    await screenshot(page, 'score-management-errors', test.info());
  });

  test("the profile's KPI fringes: each KPI of the profile is shown in the fringes chosen", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await logIn(page);
    // The demo administrator analyses every KPI; restrict it to two, so it has fringes to choose.
    await page.goto('/profiles_management');
    await page.getByRole('button', { name: 'Edit Administrator' }).click();
    await dialog(page).getByLabel('KPIs').selectOption(['download', 'latency']);
    await saveAndClose(page);

    await page.goto('/scoreManagement');
    const table = page.getByTestId('profile-kpi-fringes');
    await expect(table).toContainText('Download speed');
    const night = table.getByLabel('Download speed: Night');
    await expect(night).toBeChecked();
    await night.uncheck();
    await table.getByRole('button', { name: 'Save Download speed' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('profile-kpi-fringes').getByLabel('Download speed: Night')).not.toBeChecked();
    await expect(page.getByTestId('profile-kpi-fringes').getByLabel('Download speed: Morning')).toBeChecked();
    await expect(page.getByTestId('profile-kpi-fringes').getByLabel('Latency: Night')).toBeChecked();
    await screenshot(page, 'score-management-fringes', test.info());
    expect(errors).toEqual([]);
  });
});

test.describe('profiles management', () => {
  test('creates a profile with screens, restrictions and destinations, edits its flags and clones it', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/profiles_management');
    await expect(page.getByRole('heading', { name: 'Profiles', level: 1 })).toBeVisible();
    await expect(rowOf(page, 'Madrid analyst')).toContainText('User');

    const name = uniqueName('Lisbon analyst');
    const form = await openNew(page);
    await form.getByLabel('Name *').fill(name);
    await form.getByLabel('Role').selectOption({ label: 'User' });
    await form.getByLabel('Service').selectOption({ label: 'Landline' });
    await form.getByLabel('Time zone', { exact: true }).selectOption('Europe/Lisbon');
    await form.getByLabel('Data from').fill('2026-01-01');
    await form.getByLabel('Data until').fill('2026-12-31');
    await form.getByLabel('Layers').selectOption(['evolution', 'benchmark', 'maps']);
    await form.getByLabel('Start page').selectOption('benchmark');
    await form.getByLabel('Technologies').selectOption([{ label: '4G' }, { label: '5G' }]);
    await form.getByLabel('ISPs').selectOption({ label: 'Movistar' });
    await form.getByRole('button', { name: 'Add: Default destinations' }).click();
    await form.getByTestId('defaultDestinations-row-0').getByLabel('Name *').fill('Cloudflare DNS');
    await form.getByTestId('defaultDestinations-row-0').getByLabel('Host or IP *').fill('1.1.1.1');
    await saveAndClose(page);
    const row = rowOf(page, name);
    await expect(row).toContainText('User');
    await expect(row).toContainText('Landline');
    // The start page by its screen's name, not its layer id.
    await expect(row).toContainText('Benchmark');

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(dialog(page).getByLabel('Data until')).toHaveValue('2026-12-31');
    await expect(dialog(page).getByTestId('defaultDestinations-row-0').getByLabel('Host or IP *')).toHaveValue(
      '1.1.1.1',
    );
    await dialog(page).getByLabel('API access').check();
    await saveAndClose(page);
    await expect(rowOf(page, name)).toContainText('API access');

    await rowOf(page, name).getByRole('button', { name: 'Clone' }).click();
    await dialog(page).getByLabel('Name *').fill(`${name} (copy)`);
    await saveAndClose(page);
    await expect(rowOf(page, `${name} (copy)`)).toContainText('API access');
    await screenshot(page, 'profiles', test.info());
    expect(errors).toEqual([]);
  });

  test('a taken name and an end date before the start are refused under their fields', async ({ page }) => {
    await openSignedIn(page, '/profiles_management');
    const form = await openNew(page);
    await form.getByLabel('Name *').fill('administrator');
    await save(page);
    await expectProblem(form.getByLabel('Name *'), 'A profile with this name already exists.');
    await form.getByLabel('Name *').fill(uniqueName('Profile'));
    await form.getByLabel('Data from').fill('2026-06-01');
    await form.getByLabel('Data until').fill('2026-01-31');
    await save(page);
    await expectProblem(form.getByLabel('Data until'), 'The end date must be later than the start date.');
    await screenshot(page, 'profiles-errors', test.info());
  });
});

test.describe('the analyst', () => {
  const screens = [
    'users_management',
    'tools/providers-management',
    'cdns_management',
    'universes_configuration',
    'mos',
    'tokens',
    'api_credentials',
    'scoreManagement',
    'profiles_management',
  ];

  test('cannot open the configuration screens its profile lacks: the login page says which, and leads back', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/storyboard', 'analyst');
    const sidebar = page.getByRole('navigation', { name: 'Network quality' });
    await expect(sidebar.getByRole('link', { name: 'Tags', exact: true })).toBeVisible();
    for (const name of ['Users', 'Providers', 'CDNs', 'Mos', 'Tokens', 'Profiles'])
      await expect(sidebar.getByRole('link', { name, exact: true })).toHaveCount(0);
    for (const screen of screens) {
      await page.goto(`/${screen}`);
      await expect(page).toHaveURL(`/login?denied=${encodeURIComponent(screen)}`);
      await expect(page.getByRole('status')).toContainText('Your profile cannot open the');
      await expect(page.getByRole('link', { name: 'Back to Storyboard, your start page' })).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test('with a non-administrator profile that has these screens, sees the lists but no write buttons', async ({
    page,
  }) => {
    await logIn(page);
    const profile = uniqueName('Config viewer');
    await page.goto('/profiles_management');
    // An administrator assigns only the profiles its own user has, unless its profile sees everything (isGod).
    await page.getByRole('button', { name: 'Edit Administrator' }).click();
    await dialog(page).getByLabel('Sees everything (isGod)').check();
    await saveAndClose(page);
    const form = await openNew(page);
    await form.getByLabel('Name *').fill(profile);
    await form.getByLabel('Role').selectOption({ label: 'User' });
    await form.getByLabel('Layers').selectOption(['cdns_management', 'mos', 'tools/providers-management']);
    await form.getByLabel('Start page').selectOption('cdns_management');
    await saveAndClose(page);
    await page.goto('/users_management');
    await page.getByRole('button', { name: 'Profiles analyst@demo.nq' }).click();
    await page
      .getByTestId('assignable-profiles')
      .getByRole('button', { name: `Add ${profile}` })
      .click();
    await expect(page.getByTestId('assigned-profiles')).toContainText(profile);
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();

    await openSignedIn(page, '/storyboard', 'analyst');
    await page.getByTestId('profile-switch').selectOption({ label: profile });
    await expect(page).toHaveURL(/\/cdns_management$/);
    // From here on: the page it left (its landing page, whose requests may still be answered) is not under test.
    await page.reload();
    const errors = collectConsoleErrors(page);
    await expect(rowOf(page, 'Madrid speed server')).toBeVisible();
    await expect(page.getByTestId('admin-only-note')).toHaveText('Only administrators can do this.');
    await expect(page.getByTestId('create-entity')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit Madrid speed server' })).toHaveCount(0);
    await screenshot(page, 'analyst-cdns-read-only', test.info());
    await page.goto('/mos');
    await expect(rowOf(page, 'Speed MOS')).toBeVisible();
    await expect(page.getByTestId('admin-only-note')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clone' })).toHaveCount(0);
    await page.goto('/users_management');
    await expect(page).toHaveURL('/login?denied=users_management');
    await page.getByRole('link', { name: 'Back to CDNs, your start page' }).click();
    await expect(page).toHaveURL(/\/cdns_management$/);
    expect(errors).toEqual([]);
  });
});
