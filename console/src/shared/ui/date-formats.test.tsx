import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import CampaignsPage from '../../features/campaigns/components/CampaignsPage.tsx';
import MeasurementSearchPage from '../../features/measurement-analysis/components/MeasurementSearchPage.tsx';
import ProbeStatusPage from '../../features/probe-status/components/ProbeStatusPage.tsx';
import TaskSuitesPage from '../../features/task-suites/components/TaskSuitesPage.tsx';
import UsersPage from '../../features/users/components/UsersPage.tsx';
import { type FakeApi, fakeApi, pagedList } from '../testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../testing/render-screen.tsx';

// 10:00 UTC is 19:00 in Tokyo, the profile's time zone: every screen writes it the same way, in that zone.
const instant = '2026-03-02T10:00:00.000Z';
const shown = { en: 'Mar 2, 2026, 7:00 PM', es: '2 mar 2026, 19:00' };

const screens: { name: string; path: string; element: ReactNode; column: string }[] = [
  { name: 'probe status', path: '/tools/probes_status', element: <ProbeStatusPage />, column: 'mad001' },
  { name: 'measurement search', path: '/measurementAnalysis', element: <MeasurementSearchPage />, column: 'count1' },
  { name: 'task suites', path: '/task_suites_configuration', element: <TaskSuitesPage />, column: 'Weekly' },
  { name: 'users', path: '/users_management', element: <UsersPage />, column: 'ana@example.com' },
  { name: 'campaigns', path: '/campaigns_management', element: <CampaignsPage />, column: 'Madrid drive test' },
];

const campaigns = pagedList([
  {
    id: 'c1',
    name: 'Madrid drive test',
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2026-12-31T23:59:59.000Z',
    special: false,
    updatedAt: instant,
  },
]);

let api: FakeApi;
beforeEach(() => {
  api = fakeApi()
    .get('/probes/status', {
      list: [
        {
          probeId: 'mad001',
          name: 'Madrid office',
          type: 'landline',
          status: 'Available',
          state: 'Available',
          lastReportAt: instant,
          technology: 98,
          operator: 'Movistar',
          battery: null,
        },
      ],
      count: 1,
    })
    .get('/probes/status/counter', { idle: 0, total: 1, at: instant })
    .get('/api/types/all/kpis', { category: 'all', list: [] })
    .post('/api/measurements/by/profile', {
      list: [
        {
          schemaVersion: 1,
          measurementId: 'm1',
          probeId: 'count1',
          program: 'speedtest',
          testType: 'http-download',
          technology: 4,
          technologyLabel: '4G',
          measuredAt: instant,
          receivedAt: instant,
          taskMode: 'active',
          status: 'Finished',
          kpis: {},
          hour: 19,
          weekday: 1,
          fringe: 1,
          campaigns: [],
          clusters: [],
          universes: [],
          tags: [],
        },
      ],
      count: 1,
      page: 1,
      pageSize: 25,
    })
    .get('/task-suites', pagedList([{ id: 's1', name: 'Weekly', family: 'android', tasks: [], updatedAt: instant }]))
    .get('/task-suites/', pagedList([{ id: 's1', name: 'Weekly', family: 'android', tasks: [], updatedAt: instant }]))
    .get('/users/', pagedList([{ id: 'u-ana', email: 'ana@example.com', name: 'Ana', lastAccess: instant }]))
    .get('/profiles/', pagedList([]))
    .get('/api/campaigns-management', campaigns)
    .get('/api/campaigns-management/', campaigns);
  signIn(api, testProfile({ rol: 'admin', timeZone: 'Asia/Tokyo' }));
});

describe('Dates and times on every screen', () => {
  for (const language of ['en', 'es'] as const)
    for (const { name, path, element, column } of screens)
      it(`${name} writes an instant in the interface language and the profile's time zone (${language})`, async () => {
        await renderScreen(element, { path, language });
        const row = (await screen.findByRole('cell', { name: column })).closest('tr')!;
        expect(within(row).getByText(shown[language])).toBeInTheDocument();
      });

  it("writes a campaign's calendar days as they are, which the profile's time zone does not move", async () => {
    await renderScreen(<CampaignsPage />, { path: '/campaigns_management' });
    const row = (await screen.findByRole('cell', { name: 'Madrid drive test' })).closest('tr')!;
    expect(within(row).getByText('Jan 1, 2026')).toBeInTheDocument();
    expect(within(row).getByText('Dec 31, 2026')).toBeInTheDocument();
  });
});
