import { translate } from '@nq/contracts/errors/index';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi, type SentRequest } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import type { ProbeFleetRow } from '../api/probe-status-api.ts';
import ProbeStatusPage from './ProbeStatusPage.tsx';

const probes: ProbeFleetRow[] = [
  {
    probeId: 'mad001',
    name: 'Madrid office',
    type: 'landline',
    status: 'Available',
    state: 'Available',
    lastReportAt: '2026-03-02T10:00:00.000Z',
    technology: 98,
    operator: 'Movistar',
    battery: null,
    position: { lat: 40.42, lon: -3.7 },
  },
  {
    probeId: 'bcn002',
    name: 'Barcelona van',
    type: 'mobile',
    status: 'Available',
    state: 'Not ready',
    lastReportAt: '2026-03-02T09:00:00.000Z',
    technology: 4,
    operator: 'Orange',
    battery: 81,
    position: { lat: 41.39, lon: 2.17 },
  },
  {
    probeId: 'vlc003',
    name: 'Valencia lab',
    type: 'landline',
    status: 'Not available',
    state: null,
    lastReportAt: null,
    technology: null,
    operator: null,
    battery: null,
    position: null,
  },
];

/** The server's page for a request: the probes filtered, searched, sorted and paged as the query asks. */
function pageOf(request: SentRequest, fleet: readonly ProbeFleetRow[] = probes) {
  const query = request.query;
  const text = query.get('q')?.toLowerCase();
  const state = query.get('state');
  const matching = fleet.filter(
    (row) =>
      (!text || `${row.probeId} ${row.name}`.toLowerCase().includes(text)) &&
      (!state || (state === 'none' ? row.state === null : row.state === state)) &&
      (!query.get('located') || String(row.position !== null) === query.get('located')),
  );
  const pageSize = Number(query.get('pageSize') ?? 50);
  const page = Number(query.get('page') ?? 1);
  return { list: matching.slice((page - 1) * pageSize, page * pageSize), count: matching.length, page, pageSize };
}

const path = '/tools/probes_status';
const rowOf = (probeId: string) => screen.getByRole('cell', { name: probeId }).closest('tr')!;
const shownIds = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

let api: FakeApi;
beforeEach(() => {
  api = fakeApi()
    .get('/probes/status', (request) => pageOf(request))
    .get('/probes/status/counter', { idle: 3, total: 10, at: '2026-03-02T10:00:00.000Z' });
  signIn(api, testProfile({ rol: 'admin', timeZone: 'Europe/Madrid' }));
});

describe('Probes status (fleet)', () => {
  it('shows each probe with its last reported state, technology, operator and battery', async () => {
    await renderScreen(<ProbeStatusPage />, { path });

    await screen.findByRole('cell', { name: 'mad001' });
    const madrid = within(rowOf('mad001'));
    expect(madrid.getByRole('cell', { name: 'Madrid office' })).toBeInTheDocument();
    expect(madrid.getByText('Available', { selector: 'span' })).toBeInTheDocument();
    expect(madrid.getByRole('cell', { name: 'Ethernet' })).toBeInTheDocument();
    expect(madrid.getByRole('cell', { name: 'Movistar' })).toBeInTheDocument();
    expect(within(rowOf('bcn002')).getByRole('cell', { name: '81 %' })).toBeInTheDocument();
    expect(within(rowOf('bcn002')).getByRole('cell', { name: '4G' })).toBeInTheDocument();
    expect(within(rowOf('vlc003')).getByText('No report yet')).toBeInTheDocument();
    expect(screen.getByText('3 in total')).toBeInTheDocument();
  });

  it('shows the last report in the profile’s time zone', async () => {
    await renderScreen(<ProbeStatusPage />, { path });

    await screen.findByRole('cell', { name: 'mad001' });
    // Its report at 10:00 UTC was at 11:00 in Madrid, in March.
    expect(within(rowOf('mad001')).getByRole('cell', { name: 'Mar 2, 2026, 11:00 AM' })).toBeInTheDocument();
  });

  it('asks the server for the probes in the chosen state, and for those that never reported', async () => {
    const { user } = await renderScreen(<ProbeStatusPage />, { path });
    await screen.findByRole('cell', { name: 'mad001' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Not ready');
    await waitFor(() => expect(shownIds()).toEqual(['bcn002']));
    expect(api.sent('GET', '/probes/status').at(-1)?.query.get('state')).toBe('Not ready');
    expect(screen.getByText('1 in total')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'No report yet');
    await waitFor(() => expect(shownIds()).toEqual(['vlc003']));
  });

  it('finds probes by id or name on the server once typing pauses, and says so in Spanish when none matches', async () => {
    const { user } = await renderScreen(<ProbeStatusPage />, { path, language: 'es' });
    await screen.findByRole('cell', { name: 'mad001' });
    const search = screen.getByRole('searchbox', { name: 'Buscar una sonda por identificador o nombre' });

    await user.type(search, 'VALENCIA');
    await waitFor(() => expect(shownIds()).toEqual(['vlc003']));
    // One request for the text typed, not one per key.
    expect(api.sent('GET', '/probes/status').filter((request) => request.query.has('q'))).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'bcn');
    await waitFor(() => expect(shownIds()).toEqual(['bcn002']));

    await user.type(search, 'zzz');
    expect(await screen.findByRole('status')).toHaveTextContent(translate('probeStatus.notFound', 'es'));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages and sorts on the server, never loading the whole fleet', async () => {
    const fleet = Array.from({ length: 60 }, (_, index) => ({
      ...probes[0]!,
      probeId: `p${String(index).padStart(3, '0')}`,
      name: `Probe ${index}`,
    }));
    api.get('/probes/status', (request) => pageOf(request, fleet));
    const { user } = await renderScreen(<ProbeStatusPage />, { path, at: `${path}?pageSize=25` });
    await screen.findByRole('cell', { name: 'p000' });
    expect(shownIds()).toHaveLength(25);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('cell', { name: 'p025' });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(api.sent('GET', '/probes/status').at(-1)?.query.get('page')).toBe('2');

    await user.click(screen.getByRole('button', { name: /Last report/ }));
    await waitFor(() =>
      expect(Object.fromEntries(api.sent('GET', '/probes/status').at(-1)!.query)).toMatchObject({
        sort: 'lastReportAt',
      }),
    );
    // A new order starts again from the first page.
    expect(api.sent('GET', '/probes/status').at(-1)?.query.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: /Last report/ }));
    await waitFor(() => expect(api.sent('GET', '/probes/status').at(-1)?.query.get('order')).toBe('desc'));
    expect(api.sent('GET', '/probes/status').every((request) => Number(request.query.get('pageSize')) <= 200)).toBe(
      true,
    );
  });

  it('opens filtered by its address: the probes map links here for its probes without coordinates', async () => {
    await renderScreen(<ProbeStatusPage />, { path, at: `${path}?located=false` });

    await screen.findByRole('cell', { name: 'vlc003' });
    expect(shownIds()).toEqual(['vlc003']);
    expect(screen.getByRole('combobox', { name: 'Position' })).toHaveValue('false');
  });

  it('says there are no results when the profile sees no probe', async () => {
    api.get('/probes/status', { list: [], count: 0 });
    await renderScreen(<ProbeStatusPage />, { path });

    expect(await screen.findByText(translate('probeStatus.noResults', 'en'))).toBeInTheDocument();
  });

  it('counts the idle home devices, and says what it counts', async () => {
    await renderScreen(<ProbeStatusPage />, { path });

    const counter = await screen.findByText(/^Idle home devices: 3 of 10/);
    expect(counter).toHaveAccessibleDescription(
      'Home devices that have been idle for the last hour, not counting those whose last report is more than 2 years old.',
    );
  });

  it('reads a probe’s agent only when its id is chosen, and shows it in a dialog', async () => {
    api.get('/probes/bcn002/status', {
      ...probes[1],
      lastContactAt: '2026-03-02T09:00:00.000Z',
      softwareVersion: '2.4.1',
      bufferedResults: 0,
      droppedResults: 7,
      clockOffsetMs: 12,
    });
    const { user } = await renderScreen(<ProbeStatusPage />, { path });
    await screen.findByRole('cell', { name: 'bcn002' });
    expect(api.sent('GET', '/probes/bcn002/status')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'bcn002' }));

    const dialog = await screen.findByRole('dialog', { name: 'Agent of probe bcn002' });
    expect(await within(dialog).findByText('2.4.1')).toBeInTheDocument();
    expect(within(dialog).getByText('⚠ 7')).toHaveAccessibleDescription(/they are lost/);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('GET', '/probes/mad001/status')).toEqual([]);
  });

  it('exports the list as CSV, and toasts the catalogue message when the export fails', async () => {
    api.get('/probes/status', (request) =>
      request.query.get('format') === 'csv' ? answer(500, { code: 'internal.error' }) : pageOf(request),
    );
    const { user } = await renderScreen(<ProbeStatusPage />, { path, language: 'es' });
    await screen.findByRole('cell', { name: 'mad001' });

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(translate('probeStatus.exportFailed', 'es'));
    await waitFor(() =>
      expect(api.sent('GET', '/probes/status').map((request) => request.query.get('format'))).toContain('csv'),
    );
  });
});
