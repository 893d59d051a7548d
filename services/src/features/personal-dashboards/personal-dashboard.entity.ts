import {
  type DashboardCategory,
  DomainError,
  dashboardCategoriesBodySchema,
  dashboardGraphicSchema,
  dashboardShareBodySchema,
  type PersonalDashboardFields,
  personalDashboardFieldsSchema,
  personalDashboardSystemFields,
} from '@nq/contracts';
import { type ConfigurationEntity, named } from '@nq/platform/entities/configuration-entity';
import { nameKey } from '@nq/platform/entities/configuration-rules';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { layerAccess } from '@nq/platform/http/access-rule';
import { z } from 'zod';
import { categoriesAfter, refuseDuplicateCategories, withGraphic, withoutGraphic } from './dashboard-categories.ts';
import { dashboardVisibility } from './dashboard-visibility.ts';

const graphicPlace = z.object({ category: z.string(), graphicId: z.string() });

/**
 * Personal dashboard (docs/product/entities.md#personal-dashboard): its owner's (a name unique among the owner's
 * dashboards), read by the users it is shared with. Graphic, category, share and notification changes are commands
 * with intent, so each is decided on the dashboard as it stands and the history names it.
 */
export const personalDashboardEntity = {
  kind: 'personal-dashboard',
  eventPrefix: 'PersonalDashboard',
  schema: personalDashboardFieldsSchema,
  systemFields: [...personalDashboardSystemFields],
  unique: [
    {
      scope: 'personal-dashboard-name',
      valueOf: (dashboard, owner) => [`${owner}/${nameKey(dashboard.name)}`],
      conflict: 'dashboards.duplicateName',
    },
  ],
  rules: (dashboard) => refuseDuplicateCategories(dashboard.categories),
  deletion: {
    guard(state, { actor }) {
      if (state.owner !== actor.profileId) throw new DomainError('dashboards.notOwner', { details: { id: state.id } });
    },
  },
  intents: {
    addGraphic: {
      event: 'GraphicAdded',
      payload: z.object({ category: z.string(), graphic: dashboardGraphicSchema }),
      changes: (dashboard: PersonalDashboardFields, { category, graphic }) => ({
        categories: withGraphic(dashboard.categories, category, graphic),
      }),
    },
    updateGraphic: {
      event: 'GraphicUpdated',
      payload: graphicPlace.extend({ graphic: dashboardGraphicSchema }),
      changes: (dashboard: PersonalDashboardFields, { category, graphicId, graphic }) => ({
        categories: withGraphic(withoutGraphic(dashboard.categories, category, graphicId, false), category, graphic),
      }),
    },
    removeGraphic: {
      event: 'GraphicRemoved',
      payload: graphicPlace,
      changes: (dashboard: PersonalDashboardFields, { category, graphicId }) => ({
        categories: withoutGraphic(dashboard.categories, category, graphicId, true),
      }),
    },
    changeCategories: {
      event: 'CategoriesChanged',
      payload: dashboardCategoriesBodySchema,
      changes: (dashboard: PersonalDashboardFields, { categories }) => ({
        categories: categoriesAfter(dashboard.categories, categories),
      }),
    },
    share: {
      event: 'Shared',
      payload: dashboardShareBodySchema.extend({ sharer: z.string() }),
      changes: (dashboard: PersonalDashboardFields, { users, notify, message, sharer }) => {
        const added = users.filter((user: string) => !dashboard.sharedWith.includes(user));
        return {
          sharedWith: [...dashboard.sharedWith, ...added],
          sharedBy: sharer,
          shareMessage: message ?? null,
          notified: notify ? [...new Set([...dashboard.notified, ...users])] : dashboard.notified,
          // A user shared with again is notified again.
          readBy: notify ? dashboard.readBy.filter((user) => !users.includes(user)) : dashboard.readBy,
        };
      },
    },
    markNotification: {
      event: 'NotificationMarked',
      payload: z.object({ user: z.string(), read: z.boolean() }),
      changes: (dashboard: PersonalDashboardFields, { user, read }) => ({
        readBy: read ? [...new Set([...dashboard.readBy, user])] : dashboard.readBy.filter((reader) => reader !== user),
      }),
    },
  },
} satisfies EntityDefinition<typeof personalDashboardFieldsSchema>;

/** How the platform serves it: list, get (with as-of), create, update, delete at `/dashboards/personal`. */
export const personalDashboardConfiguration: ConfigurationEntity = {
  definition: personalDashboardEntity,
  collection: 'personalDashboards',
  tag: 'Personal dashboards',
  ...named,
  access: { read: layerAccess(['dashboards_personal']), write: layerAccess(['dashboards_personal']) },
  visibility: dashboardVisibility,
  // Only the owner changes a dashboard; those it is shared with read it and may clone it.
  async admitBody(viewer, _body, id, entityOf) {
    if (!id || !entityOf) return;
    const { state } = await entityOf('personal-dashboard').service.load(id);
    if (state.status === 'active' && state.owner !== viewer.profileId)
      throw new DomainError('dashboards.notOwner', { details: { id } });
  },
};

export type { DashboardCategory };
