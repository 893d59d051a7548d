import { collectConsoleErrors, openSignedIn, screenshot, signedApi, uniqueName } from './support.ts';
import { expect, test } from './test.ts';

// The measurement launcher on a cluster: one task on every probe of it at once, followed as one group. A cluster of
// its own: probe002, a demo probe the demo fleet plays (it answers), and a probe no fleet plays (it stays in progress).

test.use({ viewport: { width: 1400, height: 1800 } });

test('a ping launched on a cluster shows the group’s counts; launching again asks to cancel the one in progress', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const api = await signedApi(page);
  const unplugged = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await api('POST', '/probes', {
    probeId: unplugged,
    name: uniqueName('Unplugged probe'),
    family: 'Cube',
    type: 'landline',
  });
  const name = uniqueName('Launch cluster');
  const start = new Date(Date.now() - 60_000).toISOString();
  const { position } = await api<{ position?: string }>('POST', '/api/clusters-management', {
    name,
    probes: ['probe002', unplugged].map((probeId) => ({ probeId, start })),
  });
  // The screen lists clusters as their read model has them: once it shows this one.
  if (position) await api('GET', `/api/clusters-management/?pageSize=1&minPosition=${encodeURIComponent(position)}`);

  await openSignedIn(page, '/measurementLauncher');
  await page.getByRole('button', { name: 'A cluster' }).click();
  await page.getByLabel('Cluster', { exact: true }).selectOption({ label: name });
  await page.getByLabel('Task suite').selectOption({ label: 'Landline speed and latency' });
  await page.getByLabel('Task', { exact: true }).selectOption({ label: 'Ping Google DNS · ICMP ping' });
  await page.getByTestId('launch').click();

  const group = page.getByRole('region', { name: `Launch on cluster ${name}` });
  const count = (state: string) =>
    group.getByRole('list', { name: 'Launches by state' }).getByRole('listitem').filter({ hasText: state });
  await expect(group.getByTestId('launch-group-probes')).toHaveText('2 probes');
  // Refreshed while a launch is in progress: probe002's answer shows within seconds; the other probe never answers.
  await expect(count('Finished')).toHaveText(/Finished\s*1$/, { timeout: 30_000 });
  await expect(count('In progress')).toHaveText(/In progress\s*1$/);
  const launches = group.getByRole('table', { name: "Launches on the cluster's probes" });
  await expect(launches.getByRole('row', { name: /probe002.*Finished.*Latency/ })).toHaveCount(1);
  await expect(launches.getByRole('row', { name: new RegExp(`${unplugged}.*In progress`) })).toHaveCount(1);
  await screenshot(page, 'launcher-cluster-group', test.info());

  await page.getByTestId('launch').click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the measurements in progress?' });
  await expect(dialog).toContainText(`1 of the 2 probes of cluster ${name} have a measurement in progress.`);
  await dialog.getByRole('button', { name: 'Cancel them and launch' }).click();
  await expect(group.getByText('1 measurement in progress was cancelled.')).toBeVisible();
  await expect(group.getByTestId('launch-group-probes')).toHaveText('2 probes');
  expect(errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
});
