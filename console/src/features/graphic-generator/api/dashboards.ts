import type { QueryIrInput } from '@nq/contracts/analytics/query-ir';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import type { personalDashboardViewSchema } from '@nq/contracts/configuration/personal-dashboard';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/api-client.ts';
import { type EntityPage, entityApi, readYourWrites, remember } from '../../../shared/api/entities.ts';

export type PersonalDashboard = z.output<typeof personalDashboardViewSchema>;

const basePath = basePathOf('personal-dashboard');
const dashboards = entityApi<PersonalDashboard & { [field: string]: unknown }>(basePath);
export const dashboardsQueryKey = ['graphic-generator', 'dashboards'] as const;

/** The personal dashboards the user owns: the ones a graphic can be saved into (shared ones are read-only). */
export function useOwnDashboards(profileId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...dashboardsQueryKey, profileId],
    queryFn: ({ signal }) =>
      api.get<EntityPage<PersonalDashboard>>(`${basePath}/`, {
        query: { pageSize: 100, ...readYourWrites() },
        signal,
      }),
    select: (page) => page.list.filter((dashboard) => dashboard.owner === profileId),
    enabled: enabled && profileId !== undefined,
    meta: { errorCode: 'dashboards.fetchFailed' },
  });
}

/** Where a graphic goes: an existing dashboard or a new one by name, an existing category or a new one by name. */
export interface SaveTarget {
  dashboard: { id: string; categories: readonly string[] } | { newName: string };
  category: string;
  newCategory: boolean;
  title: string;
}

const written = <T extends { position?: string }>(answer: T) => {
  remember(answer.position);
  return answer;
};

/**
 * Saves a graphic request into a personal dashboard: creates the dashboard with the category, or adds the category
 * to the dashboard's (`PUT …/categories`, the list as it should be), then posts the graphic into it.
 */
export async function saveGraphic(target: SaveTarget, request: QueryIrInput): Promise<string> {
  let id: string;
  if ('newName' in target.dashboard) {
    const created = await dashboards.create({
      name: target.dashboard.newName,
      categories: [{ name: target.category }],
    });
    id = created.id;
  } else {
    id = target.dashboard.id;
    if (target.newCategory)
      written(
        await api.put<{ position?: string }>(`${basePath}/${encodeURIComponent(id)}/categories`, {
          categories: [...target.dashboard.categories, target.category].map((name) => ({ name })),
        }),
      );
  }
  written(
    await api.post<{ position?: string }>(
      `${basePath}/${encodeURIComponent(id)}/${encodeURIComponent(target.category)}/graphic`,
      { title: target.title, request },
    ),
  );
  return id;
}
