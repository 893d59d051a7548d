import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import { dismissAllToasts } from '../../../shared/ui/toasts.ts';
import ByDestinationPage from './ByDestinationPage.tsx';

const latency: CatalogueKpi = {
  id: 'latency',
  label: 'Latency',
  unit: 'ms',
  inverse: true,
  testTypes: [],
  fringes: [],
};

const byDestination: GraphicResponse = {
  kind: 'metric',
  metric: 'avg',
  warnings: [
    {
      code: 'destinations.someProgramsWithoutTargets',
      message: 'Some of the requested programs have no targets enabled in your profile.',
    },
  ],
  series: [
    { key: { destination: 'Madrid speed server' }, buckets: [{ key: 'all', count: 40, value: 12.5 }] },
    { key: { destination: 'Frankfurt speed server' }, buckets: [{ key: 'all', count: 38, value: 47.25 }] },
  ],
} as unknown as GraphicResponse;

const profile = testProfile({
  programs: [{ id: 'speedtest', type: 2, program: 'Speed test', groups: [] }],
  serverDestinations: [{ name: 'Madrid speed server', ip: 'speed.example.net' }],
});

let api: FakeApi;
beforeEach(() => {
  dismissAllToasts();
  api = fakeApi()
    .get('/api/types/all/kpis', { category: 'all', list: [latency] })
    .get('/profile/isps', { list: [] })
    .get('/api/providers', { list: [], count: 0, page: 1, pageSize: 25 })
    .get('/api/campaigns-management', { list: [], count: 0, page: 1, pageSize: 25 })
    .get('/technologies/byProgram', { field: 'program', list: [{ value: 'dns', technologies: [] }] })
    .post('/api/bydestination', byDestination);
  signIn(api, profile);
});
afterEach(() => vi.useRealTimers());

describe('By destination', () => {
  it('asks nothing until programs are chosen, offering those of the profile and those measured', async () => {
    const { router } = await renderScreen(<ByDestinationPage />, { path: '/bydestination' });
    expect(await screen.findByText(/Choose one or more programs/)).toBeInTheDocument();
    // A KPI is chosen (the catalogue's first): what is missing is programs, and only that is asked for.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'KPI' })).toHaveDisplayValue('Latency (ms)'));
    expect(screen.queryByText(/Choose a KPI/)).not.toBeInTheDocument();
    const programs = screen.getByRole('listbox', { name: 'Programs' });
    await waitFor(() =>
      expect([...programs.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
        'DNS lookup',
        'Speed test',
      ]),
    );
    expect(api.sent('POST', '/api/bydestination')).toHaveLength(0);

    // Both picked at once, as Ctrl + click leaves them.
    for (const option of programs.querySelectorAll('option')) option.selected = true;
    fireEvent.change(programs);
    await waitFor(() =>
      expect(api.sent('POST', '/api/bydestination').at(-1)?.body).toMatchObject({
        kpi: 'latency',
        programs: ['dns', 'speedtest'],
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('programs')).toBe('dns,speedtest');
    const table = await screen.findByTestId('comparison-table');
    expect(within(table).getByRole('cell', { name: '47.25 ms' })).toBeInTheDocument();
  });

  it('toasts the warning of programs without targets for 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderScreen(<ByDestinationPage />, { path: '/bydestination', at: '/bydestination?programs=speedtest,dns' });
    const toast = await screen.findByText('Some of the requested programs have no targets enabled in your profile.');
    act(() => vi.advanceTimersByTime(9_000));
    expect(toast).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_500));
    expect(toast).not.toBeInTheDocument();
  });

  it('shows the error of programs without any target in place and as a toast', async () => {
    api.post('/api/bydestination', answer(422, { code: 'destinations.noTargets' }));
    await renderScreen(<ByDestinationPage />, { path: '/bydestination', at: '/bydestination?programs=dns' });
    const message = 'Your profile has no targets enabled for the requested programs.';
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
  });
});
