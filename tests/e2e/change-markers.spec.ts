import { openSignedIn, screenshot, signedApi, uniqueName } from './support.ts';
import { expect, test } from './test.ts';

// Change markers: a configuration change that touches a time chart's scope is marked on it and leads to the settings
// history entry that recorded it. The demo data's probes and campaigns are read from the API.

// Tall enough for the chart and its list of changes in one screenshot (the console scrolls inside its shell).
test.use({ viewport: { width: 1280, height: 1500 } });

interface Probe {
  id: string;
  name: string;
  campaign?: string;
}

test('a demo probe moved to another campaign is marked on the evolution chart, linking to its history', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const api = await signedApi(page);
  const { list: probes } = await api<{ list: Probe[] }>('GET', '/probes?pageSize=100');
  const probe = probes.find((candidate) => candidate.campaign);
  expect(probe, 'a demo probe in a campaign').toBeDefined();
  const from = await api<{ name: string }>('GET', `/api/campaigns-management/${probe!.campaign}`);
  const year = new Date().getUTCFullYear();
  const to = await api<{ id: string }>('POST', '/api/campaigns-management', {
    name: uniqueName('Retiro'),
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
  });
  const toName = (await api<{ name: string }>('GET', `/api/campaigns-management/${to.id}`)).name;

  await openSignedIn(page, '/evolution');
  await expect(page.getByTestId('evolution-chart')).toBeVisible({ timeout: 30_000 });
  const markerOfProbe = page.getByTestId('change-marker').filter({ hasText: probe!.name });
  await expect(markerOfProbe).toHaveCount(0);

  await api('PUT', `/probes/${probe!.id}`, { campaign: to.id });
  await page.reload();
  await expect(page.getByTestId('evolution-chart')).toBeVisible({ timeout: 30_000 });
  await expect(markerOfProbe).toHaveCount(1);
  await expect(markerOfProbe).toContainText('campaign');
  await screenshot(page, 'change-markers-evolution-en', test.info());

  await page.evaluate(() => localStorage.setItem('nq.language', 'es'));
  await page.reload();
  await expect(markerOfProbe).toHaveCount(1, { timeout: 30_000 });
  await screenshot(page, 'change-markers-evolution-es', test.info());

  await markerOfProbe.getByRole('link').click();
  await expect(page).toHaveURL(/\/settings_history\?/);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ kind: 'probe', id: probe!.id });
  const { history } = await api<{ history: { version: number; recordedAt: string; changes: { field: string }[] }[] }>(
    'GET',
    `/api/audit/probe/${probe!.id}/history`,
  );
  const moved = history.at(-1)!;
  expect(moved.changes.map((change) => change.field)).toEqual(['campaign']);
  expect(url.searchParams.get('asOf')).toBe(moved.recordedAt);
  const entry = page.locator(`li[data-version="${moved.version}"]`);
  await expect(entry).toContainText(from.name, { timeout: 30_000 });
  await expect(entry).toContainText(toName);
  await expect(page.getByTestId('state-as-of')).toContainText(toName);
  await screenshot(page, 'change-markers-history-es', test.info());

  await page.evaluate(() => localStorage.setItem('nq.language', 'en'));
  await page.reload();
  await expect(entry).toContainText(toName, { timeout: 30_000 });
  await screenshot(page, 'change-markers-history-en', test.info());
  // Back to its campaign: the other specs find the demo as it was.
  await api('PUT', `/probes/${probe!.id}`, { campaign: probe!.campaign });
});
