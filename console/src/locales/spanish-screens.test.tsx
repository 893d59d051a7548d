import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import MeasurementDetailPage from '../features/measurement-analysis/components/MeasurementDetailPage.tsx';
import MeasurementSearchPage from '../features/measurement-analysis/components/MeasurementSearchPage.tsx';
import ProbesPage from '../features/probes/components/ProbesPage.tsx';
import ProfilesPage from '../features/profiles-management/components/ProfilesPage.tsx';
import ProvidersPage from '../features/providers/components/ProvidersPage.tsx';
import MyProfilePage from '../features/shell/components/MyProfilePage.tsx';
import UniversesPage from '../features/universes/components/UniversesPage.tsx';
import { type FakeApi, fakeApi, pagedList } from '../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../shared/testing/render-screen.tsx';

// What the API stores and answers in English (deployments, countries, KPI ids, test types, technology codes, roles,
// layer ids) reads in Spanish on the screens that show it.

const measurement = {
  schemaVersion: 1,
  measurementId: 'm-1',
  probeId: 'mad001',
  program: 'speedtest',
  testType: 'http-download',
  technology: 0,
  technologyLabel: 'None',
  isp: 'Movistar',
  measuredAt: '2026-03-02T10:00:00.000Z',
  receivedAt: '2026-03-02T10:00:05.000Z',
  taskMode: 'active',
  status: 'Finished',
  kpis: { download: 48.1234, latency: 21.5 },
  hour: 11,
  weekday: 1,
  fringe: 0,
  campaigns: [],
  clusters: [],
  universes: [],
  tags: [],
};
const english = /\b(None|Production|Spain|admin|mobile|evolution|http-download|download|latency)\b/;

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

describe('Spanish screens name stored values in Spanish', () => {
  it('probes: the deployment', async () => {
    signIn(api);
    api.get(
      '/probes/',
      pagedList([
        {
          id: 'mad001',
          probeId: 'mad001',
          name: 'Madrid',
          family: 'Cube',
          type: 'landline',
          status: 'Available',
          deployment: 'Production',
        },
      ]),
    );
    await renderScreen(<ProbesPage />, { path: '/probes_configuration', language: 'es' });
    const row = (await screen.findByRole('cell', { name: 'mad001' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Producción' })).toBeInTheDocument();
    expect(row.textContent).not.toMatch(english);
  });

  it('providers: the country, in the list and the form', async () => {
    signIn(api);
    api.get(
      '/api/providers/',
      pagedList([{ id: 'p1', name: 'movistar', label: 'Movistar', country: 'Spain', numeric: '21407', version: 1 }]),
    );
    const { user } = await renderScreen(<ProvidersPage />, { path: '/tools/providers-management', language: 'es' });
    const row = (await screen.findByRole('cell', { name: 'movistar' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'España' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    const country = within(screen.getByRole('dialog')).getByRole('combobox', { name: 'País *' });
    expect(within(country).getByRole('option', { name: 'Reino Unido' })).toHaveValue('United Kingdom');
  });

  it('universes: the country among the attributes', async () => {
    signIn(api);
    api
      .get('/probes/', pagedList([]))
      .get(
        '/universes/',
        pagedList([{ id: 'u1', name: 'Spain mobile', attributes: { country: 'Spain', technology: '4G' }, probes: [] }]),
      );
    await renderScreen(<UniversesPage />, { path: '/universes_configuration', language: 'es' });
    expect(await screen.findByRole('cell', { name: 'España · 4G' })).toBeInTheDocument();
  });

  it('measurement search: KPI results by their names, test types and technologies', async () => {
    signIn(api);
    api
      .get('/api/types/all/kpis', { category: 'all', list: [] })
      .post('/api/measurements/by/profile', { list: [measurement], count: 1, page: 1, pageSize: 25 });
    await renderScreen(<MeasurementSearchPage />, { path: '/measurementAnalysis', language: 'es' });
    const row = (await screen.findByRole('cell', { name: 'mad001' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Descarga HTTP' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Ninguna o sin servicio' })).toBeInTheDocument();
    expect(
      within(row).getByRole('cell', { name: 'Velocidad de descarga 48,12 Mbps · Latencia 21,5 ms' }),
    ).toBeInTheDocument();
    expect(row.textContent).not.toMatch(english);
    expect(screen.getByRole('checkbox', { name: 'Ninguna o sin servicio' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Descarga HTTP' })).toHaveValue('http-download');
  });

  it('measurement detail: the test type, the technology and the campaigns by name', async () => {
    signIn(api);
    api.get('/api/measurements/by/id/m-1', {
      section: 'Finished',
      measurement: { ...measurement, campaigns: ['c1'] },
      results: [],
      names: { campaigns: ['Madrid drive test 2026'], clusters: [], universes: [], tags: [] },
    });
    await renderScreen(<MeasurementDetailPage />, {
      path: '/measurementAnalysis/detail/:measurementId',
      at: '/measurementAnalysis/detail/m-1',
      language: 'es',
    });
    const fact = async (name: string) => (await screen.findByText(name, { selector: 'dt' })).nextElementSibling;
    expect(await fact('Tipo de prueba')).toHaveTextContent('Descarga HTTP');
    expect(await fact('Tecnología')).toHaveTextContent('Ninguna o sin servicio');
    await waitFor(async () => expect(await fact('Campañas')).toHaveTextContent('Madrid drive test 2026'));
  });

  it('my profile: the role and the service', async () => {
    signIn(api, testProfile({ rol: 'admin', service: 'mobile' }));
    await renderScreen(<MyProfilePage />, { path: '/my_profile', language: 'es' });
    const fact = async (name: string) => (await screen.findByText(name, { selector: 'dt' })).nextElementSibling;
    expect(await fact('Rol')).toHaveTextContent('Administrador');
    expect(await fact('Servicio')).toHaveTextContent('Móvil');
  });

  it('profiles: the start page by its screen’s name', async () => {
    signIn(api);
    api.get(
      '/profiles/',
      pagedList([{ id: 'p1', name: 'Madrid analyst', rol: 'user', service: 'mobile', startPage: 'evolution' }]),
    );
    await renderScreen(<ProfilesPage />, { path: '/profiles_management', language: 'es' });
    const row = (await screen.findByRole('cell', { name: 'Madrid analyst' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Evolución' })).toBeInTheDocument();
    expect(row.textContent).not.toMatch(english);
  });
});
