import { translate } from '@nq/contracts/errors/index';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import type { ProbeStatusRow } from '../api/probe-status-api.ts';
import ProbeStatusPage from './ProbeStatusPage.tsx';

const probes: ProbeStatusRow[] = [
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
  },
];

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
    .get('/probes/status', { list: probes, count: probes.length })
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
    expect(screen.getByText('3 of 3 probes')).toBeInTheDocument();
  });

  it('shows the last report in the profile’s time zone', async () => {
    await renderScreen(<ProbeStatusPage />, { path });

    await screen.findByRole('cell', { name: 'mad001' });
    // Its report at 10:00 UTC was at 11:00 in Madrid, in March.
    expect(within(rowOf('mad001')).getByRole('cell', { name: 'Mar 2, 2026, 11:00 AM' })).toBeInTheDocument();
  });

  it('shows only the probes in the chosen state', async () => {
    const { user } = await renderScreen(<ProbeStatusPage />, { path });
    await screen.findByRole('cell', { name: 'mad001' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Not ready');

    expect(shownIds()).toEqual(['bcn002']);
    expect(screen.getByText('1 of 3 probes')).toBeInTheDocument();
  });

  it('finds probes by id or name, and says so in Spanish when none matches', async () => {
    const { user } = await renderScreen(<ProbeStatusPage />, { path, language: 'es' });
    await screen.findByRole('cell', { name: 'mad001' });
    const search = screen.getByRole('searchbox', { name: 'Buscar una sonda por identificador o nombre' });

    await user.type(search, 'VALENCIA');
    expect(shownIds()).toEqual(['vlc003']);
    await user.clear(search);
    await user.type(search, 'bcn');
    expect(shownIds()).toEqual(['bcn002']);

    await user.type(search, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent(translate('probeStatus.notFound', 'es'));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
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
      request.query.get('format') === 'csv'
        ? answer(500, { code: 'internal.error' })
        : { list: probes, count: probes.length },
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
