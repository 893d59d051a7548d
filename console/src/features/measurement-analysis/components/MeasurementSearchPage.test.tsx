import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import MeasurementSearchPage from './MeasurementSearchPage.tsx';

const measurement = {
  schemaVersion: 1,
  measurementId: 'm1',
  probeId: 'count1',
  program: 'speedtest',
  testType: 'http-download',
  technology: 4,
  technologyLabel: '4G',
  isp: 'Movistar',
  measuredAt: '2023-03-01T00:00:00.000Z',
  receivedAt: '2023-03-01T00:00:01.000Z',
  taskMode: 'active',
  status: 'Finished',
  kpis: { download: 50 },
  hour: 1,
  weekday: 3,
  fringe: 2,
  campaigns: [],
  clusters: [],
  universes: [],
  tags: [],
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi()
    .get('/api/types/all/kpis', { category: 'all', list: [] })
    .post('/api/measurements/by/profile', { list: [measurement], count: 25_310, page: 1, pageSize: 25 });
});

describe('Measurement analysis search', () => {
  it('says how many measurements were found, past the 10,000 that pages reach, and that pages stop there', async () => {
    signIn(api);
    await renderScreen(<MeasurementSearchPage />, { path: '/measurementAnalysis' });

    expect(await screen.findByText('25,310 in total')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 400')).toBeInTheDocument();
    expect(
      screen.getByText('Pages reach the first 10,000 results: narrow the search to see the rest.'),
    ).toBeInTheDocument();
  });

  it('in Spanish, with the number written as Spanish writes it', async () => {
    signIn(api);
    await renderScreen(<MeasurementSearchPage />, { path: '/measurementAnalysis', language: 'es' });

    expect(await screen.findByText('25.310 en total')).toBeInTheDocument();
    expect(
      screen.getByText('Las páginas llegan a los primeros 10.000 resultados: acote la búsqueda para ver el resto.'),
    ).toBeInTheDocument();
  });

  it('names each measurement’s program as people read it, never by its id', async () => {
    api.post('/api/measurements/by/profile', {
      list: [measurement, { ...measurement, measurementId: 'm2', probeId: 'count2', program: 'p-home' }],
      count: 2,
      page: 1,
      pageSize: 25,
    });
    signIn(api, testProfile({ programs: [{ id: 'p-home', type: 1, program: 'Home broadband' }] }));
    await renderScreen(<MeasurementSearchPage />, { path: '/measurementAnalysis' });

    const row = async (probe: string) => within((await screen.findByRole('cell', { name: probe })).closest('tr')!);
    expect((await row('count1')).getByRole('cell', { name: 'Speed test' })).toBeInTheDocument();
    expect(await (await row('count2')).findByRole('cell', { name: 'Home broadband' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'p-home' })).toBeNull();
  });

  it('offers as technologies only those the profile sees', async () => {
    signIn(api, testProfile({ service: 'landline', technologies: [98, 99], layers: [{ id: 'measurementAnalysis' }] }));
    await renderScreen(<MeasurementSearchPage />, { path: '/measurementAnalysis' });

    const technologies = await screen.findByRole('group', { name: 'Technologies' });
    await waitFor(() =>
      expect(
        within(technologies)
          .getAllByRole('checkbox')
          .map((box) => box.closest('label')?.textContent),
      ).toEqual(['Ethernet', 'WiFi 2.4 GHz']),
    );
  });
});
