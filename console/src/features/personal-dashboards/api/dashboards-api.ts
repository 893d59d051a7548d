import type { QueryIr } from '@nq/contracts/analytics/query-ir';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import type {
  DashboardGraphic,
  DashboardNotification,
  dashboardGraphicLayoutSchema,
  personalDashboardViewSchema,
} from '@nq/contracts/configuration/personal-dashboard';
import type { z } from 'zod';
import { api } from '../../../shared/api/api-client.ts';
import { type EntityPage, readYourWrites, remember, type Warning } from '../../../shared/api/entities.ts';
import { askGraphic } from '../../../shared/charts/graphic-query.ts';

export type PersonalDashboard = z.output<typeof personalDashboardViewSchema>;
export type GraphicLayout = z.output<typeof dashboardGraphicLayoutSchema>;
export type { DashboardGraphic, DashboardNotification };

export const dashboardsPath = basePathOf('personal-dashboard');
const one = (id: string) => `${dashboardsPath}/${encodeURIComponent(id)}`;
const graphicPath = (id: string, category: string, graphicId: string) =>
  `${one(id)}/${encodeURIComponent(category)}/${encodeURIComponent(graphicId)}`;

/** What the dashboard paths beyond the entity ones answer: the dashboard after the change. */
interface DashboardAnswer {
  result: PersonalDashboard;
  position?: string;
  warnings: Warning[];
}
const written = async <T extends { position?: string }>(call: Promise<T>) => {
  const answer = await call;
  remember(answer.position);
  return answer;
};

/** Personal dashboards (docs/product/api.md#personal-dashboards). */
export const dashboardsApi = {
  list: (signal?: AbortSignal) =>
    api.get<EntityPage<PersonalDashboard>>(`${dashboardsPath}/`, {
      query: { pageSize: 200, ...readYourWrites() },
      signal,
    }),
  get: (id: string, signal?: AbortSignal) => api.get<PersonalDashboard>(one(id), { query: readYourWrites(), signal }),
  create: (name: string) =>
    written(api.post<{ id: string; position?: string }>(`${dashboardsPath}/`, { name, categories: [] })),
  rename: (id: string, name: string) => written(api.put<{ position?: string }>(one(id), { name })),
  remove: (id: string) => written(api.delete<{ position?: string }>(one(id))),
  clone: (id: string, name: string) => written(api.post<DashboardAnswer>(`${one(id)}/clone`, { name })),
  changeCategories: (id: string, categories: { name: string; from?: string }[]) =>
    written(api.put<DashboardAnswer>(`${one(id)}/categories`, { categories })),
  updateGraphic: (id: string, category: string, graphic: DashboardGraphic) => {
    const { id: graphicId, ...body } = graphic;
    return written(api.put<DashboardAnswer>(graphicPath(id, category, graphicId), body));
  },
  removeGraphic: (id: string, category: string, graphicId: string) =>
    written(api.delete<DashboardAnswer>(graphicPath(id, category, graphicId))),
  share: (id: string, body: { users: string[]; notify: boolean; message?: string; lang: 'en' | 'es' }) =>
    written(api.post<DashboardAnswer>(`${one(id)}/share`, body)),
  send: (id: string, timeZone: string) =>
    api.post<{ result: { fileId: string; status: string } }>(`${one(id)}/send`, { timeZone }),
  notifications: (signal?: AbortSignal) =>
    api.get<{ result: DashboardNotification[] }>(`${dashboardsPath}/notifications`, {
      query: readYourWrites(),
      signal,
    }),
  markNotification: (id: string, read: boolean) =>
    written(
      api.put<{ result: DashboardNotification; position?: string }>(
        `${dashboardsPath}/notifications/${encodeURIComponent(id)}`,
        { read },
      ),
    ),
  /** A graphic drawn from its request (`POST /api/graphic`); the signal aborts it when the dashboard is left. */
  graphic: (request: QueryIr, signal?: AbortSignal) => askGraphic(request, undefined, signal),
};

export const dashboardKeys = {
  all: ['personal-dashboards'] as const,
  list: ['personal-dashboards', 'list'] as const,
  one: (id: string) => ['personal-dashboards', 'one', id] as const,
  notifications: ['personal-dashboards', 'notifications'] as const,
  /** Apart from the dashboards' reads: a dashboard's change (a graphic moved) does not draw its graphics again. */
  graphic: (request: QueryIr) => ['personal-dashboard-graphic', request] as const,
};
