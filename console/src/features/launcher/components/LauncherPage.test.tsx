import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi, pagedList } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import type { Launch, LaunchGroupPage, LaunchState } from '../api/launcher-api.ts';
import LauncherPage from './LauncherPage.tsx';

const ping = {
  type: 'icmp-ping',
  id: 'ping',
  name: 'Ping Google DNS',
  timeout: 30_000,
  servers: [{ host: '8.8.8.8' }],
};
const createdAt = '2026-03-02T10:00:00.000Z';
/** The group the confirmed launch makes: 60 probes of cluster Madrid, more than a page of 50. */
const probeIds = Array.from({ length: 60 }, (_, index) => `probe${String(index + 1).padStart(3, '0')}`);
const group = { id: 'g1', clusterId: 'c1', task: ping, requestedBy: 'user-1', createdAt, probes: probeIds.length };

const measured: NonNullable<Launch['result']> = {
  testType: 'icmp-ping',
  status: 'Finished',
  measuredAt: createdAt,
  kpis: { latency: 12.5 },
};
const launchOf = (probeId: string, state: LaunchState): Launch => ({
  id: `launch-${probeId}`,
  probeId,
  task: ping,
  state,
  requestedBy: 'user-1',
  createdAt,
  updatedAt: createdAt,
  deadline: '2026-03-02T10:01:00.000Z',
  groupId: group.id,
  ...(state === 'Finished' ? { result: measured } : {}),
});

let api: FakeApi;
/** Whether the probes have answered: the first two at first, then all of them. */
let allFinished: boolean;

/** GET /api/launches/groups/g1 as the server answers it: counts of the whole group, a page of the state asked for. */
function groupPage(request: { query: URLSearchParams }): LaunchGroupPage {
  const launches = probeIds.map((probeId, index) =>
    launchOf(probeId, allFinished || index < 2 ? 'Finished' : 'Pending'),
  );
  const states = allFinished ? { Finished: 60 } : { Pending: 58, Finished: 2 };
  const state = request.query.get('state');
  const offset = Number(request.query.get('offset'));
  const limit = Number(request.query.get('limit'));
  const chosen = launches.filter((launch) => !state || launch.state === state);
  return { ...group, states, list: chosen.slice(offset, offset + limit), total: chosen.length };
}

beforeEach(() => {
  api = fakeApi();
  signIn(api);
  allFinished = false;
  api.get('/probes/', pagedList([{ id: 'probe001', probeId: 'probe001', name: 'Salamanca' }]));
  api.get('/task-suites/', pagedList([{ id: 's1', name: 'Landline speed and latency', tasks: [ping] }]));
  api.get(
    '/api/clusters-management/',
    pagedList([
      { id: 'c0', name: 'Barcelona' },
      { id: 'c1', name: 'Madrid' },
    ]),
  );
  api.get('/api/launches/groups/g1', groupPage);
});

/** Chooses a cluster and the demo suite's ping, and launches. */
async function launchOnMadrid() {
  const { user } = await renderScreen(<LauncherPage />, { path: '/measurementLauncher' });
  await user.click(screen.getByRole('button', { name: 'A cluster' }));
  expect(screen.getByRole('button', { name: 'A cluster' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByRole('listbox', { name: 'Probes' })).not.toBeInTheDocument();
  await screen.findByRole('option', { name: 'Madrid' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Cluster' }), 'c1');
  await screen.findByRole('option', { name: 'Landline speed and latency' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Task suite' }), 's1');
  await user.click(screen.getByTestId('launch'));
  return user;
}

describe('measurement launcher: launch on a cluster', () => {
  it('asks before cancelling the measurements in progress, then follows the group launched', async () => {
    // The server's 409: nothing launched, 3 of the cluster's 60 probes busy.
    api.post('/api/launches/clusters', (request) =>
      (request.body as { confirm: boolean }).confirm
        ? { group: { ...group, states: { Pending: 60 } }, cancelled: 3 }
        : answer(409, {
            code: 'measurements.inProgressOnProbes',
            message: '3 of the 60 probes of cluster Madrid have a measurement in progress.',
            params: { count: 3, probes: 60, clusterName: 'Madrid' },
            details: { clusterId: 'c1', inProgress: ['probe003', 'probe004', 'probe005'] },
          }),
    );
    const user = await launchOnMadrid();

    const dialog = await screen.findByRole('dialog', { name: 'Cancel the measurements in progress?' });
    expect(dialog).toHaveTextContent(
      '3 of the 60 probes of cluster Madrid have a measurement in progress. Confirm to cancel them and launch the new one on every probe.',
    );
    expect(screen.queryByTestId('launch-group')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel them and launch' }));

    const panel = await screen.findByRole('region', { name: 'Launch on cluster Madrid' });
    expect(api.sent('POST', '/api/launches/clusters').map((request) => request.body)).toEqual([
      { clusterId: 'c1', task: ping, confirm: false },
      { clusterId: 'c1', task: ping, confirm: true },
    ]);
    expect(within(panel).getByTestId('launch-group-probes')).toHaveTextContent('60 probes');
    expect(within(panel).getByRole('status')).toHaveTextContent('3 measurements in progress were cancelled.');
    const counts = () =>
      within(within(panel).getByRole('list', { name: 'Launches by state' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    await waitFor(() =>
      expect(counts()).toEqual(['In progress 58', 'Finished 2', 'Error 0', 'Cancelled 0', 'Timed out 0']),
    );

    // A page of 50 launches by probe id, each with its state and result.
    const table = within(panel).getByRole('table', { name: "Launches on the cluster's probes" });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(51));
    const first = within(table).getByRole('cell', { name: 'probe001' }).closest('tr')!;
    expect(first).toHaveTextContent(/Finished.*Latency 12[.,]5 ms/);
    expect(within(table).getByRole('cell', { name: 'probe003' }).closest('tr')).toHaveTextContent(
      /In progress.*Waiting for the probe until/,
    );
    expect(within(panel).getByText('60 in total')).toBeInTheDocument();
    expect(api.sent('GET', '/api/launches/groups/g1')[0]!.query.toString()).toBe('offset=0&limit=50');

    await user.click(within(panel).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(within(table).getByRole('cell', { name: 'probe051' })).toBeInTheDocument();

    // Polled while launches are in progress: the probes' answers show without a reload.
    allFinished = true;
    await waitFor(
      () => expect(counts()).toEqual(['In progress 0', 'Finished 60', 'Error 0', 'Cancelled 0', 'Timed out 0']),
      {
        timeout: 10_000,
      },
    );

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Filter by state' }), 'Pending');
    expect(await within(table).findByRole('cell', { name: 'No results' })).toBeInTheDocument();
    expect(api.sent('GET', '/api/launches/groups/g1').at(-1)!.query.toString()).toBe('state=Pending&offset=0&limit=50');
  });

  it('launches nothing when the user keeps the measurements in progress', async () => {
    api.post(
      '/api/launches/clusters',
      answer(409, { code: 'measurements.inProgressOnProbes', params: { count: 1, probes: 2, clusterName: 'Madrid' } }),
    );
    const user = await launchOnMadrid();
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the measurements in progress?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(
      await screen.findByText("Nothing was launched: the measurements in progress on the cluster's probes go on."),
    ).toBeInTheDocument();
    expect(api.sent('POST', '/api/launches/clusters')).toHaveLength(1);
    expect(screen.queryByTestId('launch-group')).not.toBeInTheDocument();
  });

  it('shows a refusal (422) in the catalogue’s words', async () => {
    api.post(
      '/api/launches/clusters',
      answer(422, { code: 'measurements.noProbesToLaunch', params: { clusterName: 'Madrid' } }),
    );
    await launchOnMadrid();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cluster Madrid has no active probe you can launch a measurement on.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('launch-group')).not.toBeInTheDocument();
  });
});
