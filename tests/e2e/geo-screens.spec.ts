import { join } from 'node:path';
import { collectConsoleErrors, logIn, openSignedIn, screenshot, signedApi, uniqueName } from './support.ts';
import { expect, type Page, test } from './test.ts';

// Campaigns, geographic filters and clusters (list and form on one route, GeoJSON and image rules, catalogue
// messages): created, edited and refused through the console, with real GeoJSON files from fixtures/.

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const polygonInput = (page: Page) => page.getByLabel('Polygon (GeoJSON file, .geojson or .json)');
const nameInput = (page: Page) => page.getByLabel('Name', { exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click();
const mapPreview = (page: Page, polygons: number) =>
  page.getByRole('img', { name: `Map preview: ${polygons} polygon${polygons === 1 ? '' : 's'}` });
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name }) });

/** A closed ring of 300,000 vertices around Madrid: about 12 MB of GeoJSON, over the 10,000,000-byte limit. */
function oversizedPolygon() {
  const vertices = 300_000;
  const ring = Array.from({ length: vertices }, (_, index) => {
    const angle = (2 * Math.PI * index) / vertices;
    const radius = 0.05 * (1 + 0.1 * Math.sin(7 * angle));
    return [-3.7 + radius * Math.cos(angle), 40.42 + radius * Math.sin(angle)];
  });
  ring.push(ring[0]!);
  const geojson = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
  return {
    name: 'madrid-detailed.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify(geojson)),
  };
}

test.describe('campaigns', () => {
  test('create with a GeoJSON polygon, edit, clone', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/campaigns_management');
    await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
    await expect(row(page, 'Madrid drive test 2026')).toBeVisible();

    await page.getByRole('link', { name: 'New', exact: true }).click();
    await expect(page).toHaveURL(/campaigns_management\?id=new$/);
    const name = uniqueName('Geo campaign');
    await nameInput(page).fill(name);
    await page.getByLabel('Start date (UTC)').fill('2026-03-01');
    await page.getByLabel('End date (UTC)').fill('2026-05-31');
    await polygonInput(page).setInputFiles(fixture('madrid-retiro.geojson'));
    await expect(page.getByTestId('polygon-summary')).toContainText('13 vertices');
    await expect(mapPreview(page, 1)).toBeVisible();
    await expect(page.getByTestId('polygon-preview').locator('[data-shape]')).toHaveCount(1);
    await screenshot(page, 'campaign-create', test.info());
    await save(page);

    await expect(page).toHaveURL(/campaigns_management$/);
    await expect(row(page, name)).toContainText('Mar 1, 2026');
    await expect(row(page, name)).toContainText('May 31, 2026');
    await screenshot(page, 'campaigns-list', test.info());

    await row(page, name).getByRole('link', { name }).click();
    await expect(page).toHaveURL(/campaigns_management\?id=/);
    await expect(page.getByRole('heading', { name: `Edit: ${name}` })).toBeVisible();
    await expect(mapPreview(page, 1)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Probes in this campaign' })).toBeVisible();
    await page.getByLabel('End date (UTC)').fill('2026-06-30');
    await page.getByLabel('Special campaign').check();
    await save(page);
    await expect(row(page, name)).toContainText('Jun 30, 2026');
    await expect(row(page, name).getByRole('cell', { name: 'Yes', exact: true })).toBeVisible();

    await row(page, name)
      .getByRole('button', { name: `Clone ${name}` })
      .click();
    const copy = `${name} copy`;
    await page.getByLabel('Name of the copy').fill(copy);
    await page.getByTestId('confirm-clone').click();
    await expect(row(page, copy)).toContainText('Jun 30, 2026');
    expect(errors).toEqual([]);
  });

  test('the demo campaign shows its probes and its polygon', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/campaigns_management');
    await page.getByRole('link', { name: 'Madrid drive test 2026' }).click();
    await expect(page.getByRole('cell', { name: 'probe101', exact: true })).toBeVisible();
    await expect(page.getByTestId('polygon-summary')).toContainText('4 vertices');
    await expect(mapPreview(page, 1)).toBeVisible();
    await screenshot(page, 'campaign-edit', test.info());
    expect(errors).toEqual([]);
  });

  test('validation: required fields, dates, GeoJSON rules, polygon choice, forbidden and taken names', async ({
    page,
  }) => {
    await openSignedIn(page, '/campaigns_management?id=new');
    await save(page);
    await expect(nameInput(page)).toHaveAccessibleDescription('This field is required.');
    await expect(page.getByLabel('Start date (UTC)')).toHaveAccessibleDescription('This field is required.');

    await page.getByLabel('Start date (UTC)').fill('2026-05-01');
    await page.getByLabel('End date (UTC)').fill('2026-04-01');
    await nameInput(page).fill(uniqueName('Geo campaign'));
    await save(page);
    await expect(page.getByLabel('End date (UTC)')).toHaveAccessibleDescription(
      'The end date must be later than the start date.',
    );
    await page.getByLabel('End date (UTC)').fill('2026-05-31');

    await polygonInput(page).setInputFiles(fixture('madrid-open-ring.geojson'));
    await expect(polygonInput(page)).toHaveAccessibleDescription(
      'The first and last coordinates of the polygon must be the same.',
    );
    await polygonInput(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('{}') });
    await expect(polygonInput(page)).toHaveAccessibleDescription('The file must be a .geojson or .json file.');
    await polygonInput(page).setInputFiles({
      name: 'broken.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from('{"type": "FeatureCollection",'),
    });
    await expect(polygonInput(page)).toHaveAccessibleDescription('The file does not contain valid GeoJSON.');

    // Two polygons: the user selects which to keep or cut, and must select one first.
    await polygonInput(page).setInputFiles(fixture('madrid-two-districts.geojson'));
    await expect(page.getByText('madrid-two-districts.geojson holds 2 polygons')).toBeVisible();
    await expect(mapPreview(page, 2)).toBeVisible();
    await page.getByRole('button', { name: 'Cut selected' }).click();
    await expect(polygonInput(page)).toHaveAccessibleDescription('Please select a polygon to cut');
    await page.getByLabel('Polygon 1 (6 vertices)').check();
    await expect(page.getByTestId('polygon-preview').locator('[data-selected="true"]')).toHaveCount(1);
    await screenshot(page, 'campaign-polygon-choice', test.info());
    await page.getByRole('button', { name: 'Cut selected' }).click();
    await expect(page.getByTestId('polygon-choice')).toBeHidden();
    await expect(page.getByTestId('polygon-summary')).toContainText('6 vertices');
    await expect(mapPreview(page, 1)).toBeVisible();

    await nameInput(page).fill('Admin');
    await save(page);
    await expect(nameInput(page)).toHaveAccessibleDescription('This name cannot be used for a campaign.');
    await nameInput(page).fill('madrid drive test 2026');
    await save(page);
    await expect(nameInput(page)).toHaveAccessibleDescription('A campaign with this name already exists.');
    await nameInput(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'campaign-validation', test.info());
  });

  test('a polygon over the size limit opens the size-limit dialog, which simplifies it', async ({ page }) => {
    // Reading and simplifying a 12 MB polygon twice in the browser: over a minute on a loaded 2-core machine.
    test.setTimeout(180_000);
    await openSignedIn(page, '/campaigns_management?id=new');
    await polygonInput(page).setInputFiles(fixture('madrid-retiro.geojson'));
    await expect(page.getByTestId('polygon-summary')).toContainText('13 vertices');

    await polygonInput(page).setInputFiles(oversizedPolygon());
    const dialog = page.getByRole('dialog', { name: 'The polygon is too big' });
    await expect(dialog).toContainText('The polygon has 300,000 vertices and takes 11.9 MB; the limit is 10 MB.');
    await screenshot(page, 'campaign-size-limit', test.info());
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(polygonInput(page)).toHaveAccessibleDescription(
      'The polygon is too big (the limit is 10 MB). Simplify it and try again.',
    );
    await expect(page.getByTestId('polygon-summary')).toContainText('13 vertices');

    await polygonInput(page).setInputFiles(oversizedPolygon());
    await dialog.getByRole('button', { name: 'Simplify polygon' }).click();
    await expect(page.getByText(/^Simplified from 300,000 to [\d,]+ vertices to fit the size limit\.$/)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('polygon-summary')).toContainText(/9\.\d MB/);
    await expect(mapPreview(page, 1)).toBeVisible();
  });
});

test.describe('geographic filters', () => {
  test('create from a file with two polygons, edit', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/geofilters_management');
    await expect(page.getByRole('heading', { name: 'Geo filters' })).toBeVisible();
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await expect(page).toHaveURL(/geofilters_management\?id=&isCreate=true$/);

    const name = uniqueName('Geo filter');
    await nameInput(page).fill(name);
    await polygonInput(page).setInputFiles(fixture('madrid-two-districts.geojson'));
    await page.getByLabel('Polygon 2 (6 vertices)').check();
    await page.getByRole('button', { name: 'Keep selected' }).click();
    await expect(page.getByTestId('polygon-summary')).toContainText('6 vertices');
    await expect(mapPreview(page, 1)).toBeVisible();
    await screenshot(page, 'geofilter-create', test.info());
    await save(page);
    await expect(page).toHaveURL(/geofilters_management$/);
    await expect(row(page, name)).toBeVisible();

    await row(page, name).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: `Edit: ${name}` })).toBeVisible();
    await expect(page.getByTestId('polygon-summary')).toContainText('6 vertices');
    const renamed = `${name} Chamberí`;
    await nameInput(page).fill(renamed);
    await polygonInput(page).setInputFiles(fixture('madrid-retiro.geojson'));
    await expect(page.getByTestId('polygon-summary')).toContainText('13 vertices');
    await screenshot(page, 'geofilter-edit', test.info());
    await save(page);
    await expect(row(page, renamed)).toBeVisible();
    await row(page, renamed).getByRole('link', { name: renamed }).click();
    await expect(page.getByTestId('polygon-summary')).toContainText('13 vertices');
    await screenshot(page, 'geofilters-list', test.info());
    expect(errors).toEqual([]);
  });

  test('validation: a polygon is required, invalid files are refused, a filter in use cannot be deleted', async ({
    page,
  }) => {
    await openSignedIn(page, '/geofilters_management?id=&isCreate=true');
    await nameInput(page).fill(uniqueName('Geo filter'));
    await save(page);
    await expect(polygonInput(page)).toHaveAccessibleDescription('This field is required.');
    await polygonInput(page).setInputFiles({
      name: 'multi.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify({ type: 'MultiPolygon', coordinates: [] })),
    });
    await expect(polygonInput(page)).toHaveAccessibleDescription(
      'Only Polygon features are supported; multi-polygons are not accepted.',
    );
    await screenshot(page, 'geofilter-validation', test.info());

    await page.goto('/geofilters_management');
    await page.getByRole('button', { name: 'Delete Madrid centro' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Cannot delete GeoFilter because is being used in at least one cluster' }),
    ).toBeVisible();
    await expect(row(page, 'Madrid centro')).toBeVisible();
  });
});

test.describe('clusters', () => {
  test('create with an image, probes, a date range and a geographic filter; edit; clone; delete', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/clusters_management');
    await expect(page.getByRole('heading', { name: 'Clusters' })).toBeVisible();
    // 25 per page, not a choice (docs/product/limits.md#samples-and-pages).
    await expect(page.getByLabel('Rows per page')).toHaveCount(0);
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await expect(page).toHaveURL(/clusters_management\?id=new$/);

    const name = uniqueName('Geo cluster');
    await nameInput(page).fill(name);
    await page.getByLabel('Description').fill('Fibre homes in central Madrid');
    await page.getByLabel('Image (PNG or JPEG, at most 1 MB)').setInputFiles(fixture('cluster-logo.png'));
    await expect(page.getByRole('img', { name: 'Image of the cluster' })).toBeVisible();
    await page.getByLabel('Country').selectOption('Spain');
    await page.getByRole('button', { name: 'Add probe' }).click();
    await page.getByLabel('Probe of row 1').selectOption('probe001');
    await page.getByLabel('Start of row 1').fill('2026-01-01');
    await page.getByRole('button', { name: 'Add date range' }).click();
    await page.getByLabel('Start of range 1').fill('2026-01-01');
    await page.getByLabel('End of range 1').fill('2026-06-30');
    await page.getByLabel('Madrid centro').check();
    await expect(mapPreview(page, 1)).toBeVisible();
    await screenshot(page, 'cluster-create', test.info());
    await save(page);

    await expect(page).toHaveURL(/clusters_management$/);
    await expect(row(page, name)).toContainText('Fibre homes in central Madrid');
    await row(page, name).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: `Edit: ${name}` })).toBeVisible();
    await expect(page.getByLabel('Probe of row 1')).toHaveValue('probe001');
    await expect(page.getByLabel('End of range 1')).toHaveValue('2026-06-30');
    await expect(page.getByLabel('Madrid centro')).toBeChecked();
    await expect(mapPreview(page, 1)).toBeVisible();
    await page.getByLabel('Description').fill('Fibre and cable homes in central Madrid');
    await page.getByRole('button', { name: 'Add probe' }).click();
    await page.getByLabel('Probe of row 2').selectOption('probe002');
    await page.getByLabel('Start of row 2').fill('2026-02-01');
    await screenshot(page, 'cluster-edit', test.info());
    await save(page);
    await expect(row(page, name)).toContainText('Fibre and cable homes in central Madrid');

    const copy = `${name} copy`;
    await row(page, name)
      .getByRole('button', { name: `Clone ${name}` })
      .click();
    await page.getByLabel('Name of the copy').fill(copy);
    await page.getByTestId('confirm-clone').click();
    await expect(row(page, copy)).toBeVisible();
    // Sorted by name ascending.
    const names = await page.getByRole('row').getByRole('link').allTextContents();
    expect(names.indexOf(name)).toBeLessThan(names.indexOf(copy));
    await screenshot(page, 'clusters-list', test.info());

    await page.getByRole('button', { name: `Delete ${copy}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(row(page, copy)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('validation: image over 1 MB, overlapping date ranges, a forbidden name', async ({ page }) => {
    await openSignedIn(page, '/clusters_management?id=new');
    await nameInput(page).fill(uniqueName('Geo cluster'));

    const png = Buffer.alloc(1024 * 1024 + 100);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    const imageInput = page.getByLabel('Image (PNG or JPEG, at most 1 MB)');
    await imageInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: png });
    await expect(imageInput).toHaveAccessibleDescription('The maximum allowed weight has been exceeded (1MB)');

    await page.getByRole('button', { name: 'Add date range' }).click();
    await page.getByLabel('Start of range 1').fill('2026-01-01');
    await page.getByLabel('End of range 1').fill('2026-03-31');
    await page.getByRole('button', { name: 'Add date range' }).click();
    await page.getByLabel('Start of range 2').fill('2026-03-15');
    await save(page);
    await expect(page.getByTestId('dateRanges-rows').getByRole('alert')).toHaveText('Some of the date ranges overlap');

    await page.getByLabel('Start of range 2').fill('2026-04-01');
    await page.getByRole('button', { name: 'Add probe' }).click();
    await page.getByLabel('Probe of row 1').selectOption('probe001');
    await page.getByLabel('Start of row 1').fill('2026-01-01');
    await page.getByRole('button', { name: 'Add probe' }).click();
    await page.getByLabel('Probe of row 2').selectOption('probe001');
    await page.getByLabel('Start of row 2').fill('2026-02-01');
    await save(page);
    await expect(page.getByTestId('probes-rows').getByRole('alert')).toHaveText('Some of the date ranges overlap');
    await expect(page.getByTestId('dateRanges-rows').getByRole('alert')).toHaveCount(0);

    await page.getByRole('button', { name: 'Remove row 2' }).click();
    await nameInput(page).fill('total');
    await save(page);
    await expect(nameInput(page)).toHaveAccessibleDescription('This name cannot be used for a cluster.');
    await nameInput(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'cluster-validation', test.info());
  });

  test("a cluster of another profile cannot be deleted: 'Only clusters created with current profile can be deleted'", async ({
    page,
  }) => {
    const api = await signedApi(page, 'admin');
    await logIn(page, 'admin');
    // The analyst profile is granted the demo cluster (created by the administrator profile); for this test it also
    // reaches the clusters screen. The administrator works under it through the profile switch.
    type Profile = { layers: { id: string; groups?: string[] }[] };
    const analyst = await api<Profile>('GET', '/profiles/demo-analyst');
    const layers = analyst.layers.map(({ id, groups }) => ({ id, groups: groups ?? [] }));
    await api('PUT', '/profiles/demo-analyst', {
      layers: [...layers, { id: 'clusters_management', groups: [] }],
    });
    try {
      await page.goto('/clusters_management');
      await page.getByTestId('profile-switch').selectOption({ label: 'Madrid analyst' });
      await expect(page.getByTestId('profile-switch')).toHaveValue('demo-analyst');
      await page.goto('/clusters_management');
      await expect(row(page, 'Madrid mobile')).toContainText('demo-admin');
      await page.getByRole('button', { name: 'Delete Madrid mobile' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Only clusters created with current profile can be deleted' }),
      ).toBeVisible();
      await screenshot(page, 'cluster-delete-not-owner', test.info());
      await expect(row(page, 'Madrid mobile')).toBeVisible();
      await page.getByTestId('profile-switch').selectOption({ label: 'Administrator' });
      await expect(page.getByTestId('profile-switch')).toHaveValue('demo-admin');
    } finally {
      await api('PUT', '/profiles/demo-analyst', { layers });
    }
  });
});
