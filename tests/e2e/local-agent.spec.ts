import { collectConsoleErrors, openSignedIn, screenshot } from './support.ts';
import { expect, test } from './test.ts';

// `npm start` runs a real probe agent beside the simulated fleet (probe `thismachine`), measuring the machine against
// a local speed server: its results are real numbers of this machine, and it answers measurements launched on it.

test.describe('the local probe agent', () => {
  test('its real results are found in the measurement search, with what its tests observed', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/measurementAnalysis?probes=thismachine');
    const table = page.getByRole('table', { name: 'Measurements' });
    // Its first runs come within seconds of the start: the search is asked again until they are stored.
    await expect(async () => {
      await page.reload();
      await expect(table.getByRole('row', { name: /thismachine.*local-tcp/ }).first()).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 120_000 });
    await screenshot(page, 'local-agent-search', test.info());
    await table
      .getByRole('row', { name: /thismachine.*local-tcp/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/measurementAnalysis\/detail\//);
    await expect(page.getByText(/nq-probe \d+\.\d+\.\d+/)).toBeVisible();
    // What its test observed beyond the KPIs (which KPIs show is the profile's scope, which other tests change).
    await expect(page.getByText('Sent', { exact: true })).toBeVisible();
    await screenshot(page, 'local-agent-detail', test.info());
    expect(errors).toEqual([]);
  });

  test('a measurement launched on it is run on this machine and answered with what it measured', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, '/measurementLauncher');
    await expect(page.getByLabel('Probes').locator('option[value="thismachine"]')).toHaveCount(1, {
      timeout: 60_000,
    });
    await page.getByLabel('Probes').selectOption(['thismachine']);
    await page.getByLabel('Task suite').selectOption({ label: 'This machine' });
    await page
      .getByLabel('Task', { exact: true })
      .selectOption({ label: 'TCP connect to the speed server · TCP ping' });
    await page.getByTestId('launch').click();
    await expect(page.getByText('Measurement launched on: thismachine')).toBeVisible();
    const launches = page.getByRole('table', { name: 'Launches' });
    const finished = launches.getByRole('row', { name: /thismachine.*TCP connect to the speed server.*Finished/ });
    await expect(finished).toHaveCount(1, { timeout: 60_000 });
    await expect(finished.getByTestId('launch-result')).toHaveText(
      /^Latency [\d.,]+ ms · Latency \(p50\) [\d.,]+ ms · Latency \(p90\) [\d.,]+ ms · Jitter [\d.,]+ ms · Packet loss 0 ?%$/,
    );
    await screenshot(page, 'local-agent-launch', test.info());
    expect(errors).toEqual([]);
  });
});
