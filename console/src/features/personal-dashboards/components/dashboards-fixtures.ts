import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import type { FakeApi } from '../../../shared/testing/fake-api.ts';
import type { DashboardGraphic, PersonalDashboard } from '../api/dashboards-api.ts';

export const download: CatalogueKpi = {
  id: 'download',
  label: 'Download speed',
  unit: 'Mbps',
  inverse: false,
  testTypes: ['http-download'],
  fringes: [],
};

export const graphic = (id: string, title: string, request: object, extra: Partial<DashboardGraphic> = {}) =>
  ({
    id,
    title,
    request: { graphicType: 'bars', breakdowns: [], granularity: 'day', metric: 'avg', ...request },
    layout: { x: 0, y: 0, w: 6, h: 4 },
    ...extra,
  }) as DashboardGraphic;

const emptyShare = { sharedWith: [], notified: [], readBy: [] };

/** The test session's profile (`profile-1`) owns it. */
export const weekly: PersonalDashboard = {
  id: 'dash-1',
  name: 'Weekly',
  owner: 'profile-1',
  ...emptyShare,
  categories: [
    {
      name: 'Speed',
      graphics: [
        graphic('g-download', 'Download by day', { kpi: 'download' }),
        graphic('g-empty', 'Nothing here', { kpi: 'upload' }, { layout: { x: 6, y: 0, w: 6, h: 4 } }),
        graphic(
          'g-score',
          'Quality score',
          { kpi: 'latency' },
          { scorecardId: 'quality', layout: { x: 0, y: 4, w: 12, h: 3 } },
        ),
      ],
    },
    { name: 'Latency', graphics: [] },
  ],
};

export const sharedWithMe: PersonalDashboard = {
  id: 'dash-2',
  name: 'Team overview',
  owner: 'profile-9',
  sharedWith: ['ana@example.com'],
  sharedBy: 'boss@example.com',
  notified: ['ana@example.com'],
  readBy: [],
  categories: [{ name: 'Speed', graphics: [graphic('g-team', 'Team download', { kpi: 'download' })] }],
};

export const downloadAnswer: GraphicResponse = {
  kind: 'metric',
  metric: 'avg',
  warnings: [],
  series: [
    {
      key: {},
      buckets: [
        { key: '2026-03-01T00:00:00.000Z', count: 3, value: 120 },
        { key: '2026-03-02T00:00:00.000Z', count: 2, value: 140 },
      ],
    },
  ],
};
const noData: GraphicResponse = { kind: 'metric', metric: 'avg', warnings: [], series: [] };

/** The dashboards' API over these two dashboards: graphics of `upload` have no data. */
export function dashboardRoutes(api: FakeApi, dashboards: PersonalDashboard[] = [weekly, sharedWithMe]) {
  return api
    .get('/api/types/all/kpis', { category: 'all', list: [download] })
    .get('/dashboards/personal/', { list: dashboards, count: dashboards.length, page: 1, pageSize: 200 })
    .get('/dashboards/personal/notifications', { result: [] })
    .post('/api/graphic', (request) => ((request.body as { kpi?: string }).kpi === 'upload' ? noData : downloadAnswer));
}
