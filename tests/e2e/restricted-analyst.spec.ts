import { collectConsoleErrors, openSignedIn, screenshot } from './support.ts';
import { expect, test } from './test.ts';

// The demo analyst on a fresh start: restricted to Movistar, 4G and 5G, the Madrid campaign and cluster and 2026, it
// sees the results of the demo fleet's Movistar handset on evolution, maps and measurement search.

test.describe('the demo analyst', () => {
  test('sees the demo fleet’s Movistar results on evolution, maps and measurement search', async ({ page }) => {
    test.setTimeout(300_000);
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/evolution', 'analyst');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByLabel('KPI').selectOption('latency');
    await page.getByLabel('Granularity').selectOption('minutes');
    await page.getByLabel('Breakdown 1').selectOption('isp');
    // The fleet's handset measures every few seconds: the 30 s refresh brings its first results.
    await page.getByLabel('Refresh').selectOption({ label: '30 s' });
    const chart = page.getByTestId('evolution-chart');
    await expect(chart).toBeVisible({ timeout: 240_000 });
    await chart.getByText('Data table').click();
    // One series, the analyst's ISP, labelled with the provider's name.
    await expect(chart.getByRole('columnheader', { name: 'Movistar', exact: true })).toBeVisible();
    await expect(chart.getByRole('table').getByRole('row').nth(1)).toContainText('ms');
    await screenshot(page, 'analyst-evolution', test.info());
    await page.getByLabel('Refresh').selectOption({ label: 'off' });

    await page.goto('/maps');
    await expect(page.getByRole('heading', { name: 'Maps', level: 1 })).toBeVisible();
    await page.getByLabel('KPI').selectOption('latency');
    await page.getByRole('button', { name: 'Show map' }).click();
    await expect(page.getByText(/[1-9]\d* samples in [1-9]\d* cells/)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('No results found for the requested filters')).toHaveCount(0);
    await screenshot(page, 'analyst-maps', test.info());

    await page.goto('/measurementAnalysis');
    await expect(page.getByRole('heading', { name: 'Measurement analysis', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Measurements' });
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    // Only the analyst's ISP, as the handset reports it, and only its technologies.
    await expect(table).toContainText('Movistar');
    for (const other of ['Vodafone', 'Orange', 'Digi']) await expect(table).not.toContainText(other);
    await expect(table).not.toContainText('Ethernet');
    await screenshot(page, 'analyst-measurement-search', test.info());
    expect(errors).toEqual([]);
  });
});
