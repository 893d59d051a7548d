import {
  type AlertFields,
  alertFieldsSchema,
  alertGroupingRefusal,
  alertListFiltersSchema,
  DomainError,
} from '@nq/contracts';
import { privateToOwner } from '@nq/platform/access/visibility';
import { type ConfigurationEntity, named } from '@nq/platform/entities/configuration-entity';
import { streamIdOf } from '@nq/platform/entities/entity-decider';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
import { z } from 'zod';
import { campaignEntity } from '../campaigns/index.ts';
import { providerEntity } from '../providers/index.ts';
import { universeEntity } from '../universes/index.ts';
import { alertAccess, alertRoutes } from './alert.routes.ts';
import { admitAlertBody } from './alert-admission.ts';

/** The entities an alert narrows its measurements to; each must exist. */
const referenced = [
  { definition: campaignEntity, ids: (alert: AlertFields) => alert.campaigns },
  { definition: universeEntity, ids: (alert: AlertFields) => alert.universes },
  { definition: providerEntity, ids: (alert: AlertFields) => alert.providers },
];

const noPayload = z.object({});

/**
 * Alert (docs/product/entities.md#alert): a profile's own (visible to it and to isGod profiles), enabled or disabled
 * one command at a time.
 */
export const alertEntity = {
  kind: 'alert',
  eventPrefix: 'Alert',
  schema: alertFieldsSchema,
  /**
   * Landline alerts are grouped by probe or universe, mobile ones by probe or campaign (docs/product/rules.md#alert).
   */
  rules(alert) {
    const refusal = alertGroupingRefusal(alert.type, alert.grouping);
    if (refusal) throw new DomainError(refusal, { details: { field: 'grouping', grouping: alert.grouping } });
  },
  references: (alert) =>
    referenced.flatMap(({ definition, ids }) =>
      [...new Set(ids(alert))].map((id) => ({
        to: streamIdOf(definition, id),
        missing: 'validation.invalidOption' as const,
      })),
    ),
  intents: {
    enable: { event: 'Enabled', payload: noPayload, changes: () => ({ enabled: true }) },
    disable: { event: 'Disabled', payload: noPayload, changes: () => ({ enabled: false }) },
  },
  /** The same switch made in an edit of the whole alert is recorded under the same names as the commands'. */
  fieldIntents: [
    {
      fields: ['enabled'],
      events: ['Enabled', 'Disabled'],
      eventOf: ({ after }) => (after.enabled === false ? 'Disabled' : 'Enabled'),
    },
  ],
} satisfies EntityDefinition<typeof alertFieldsSchema>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const alertConfiguration: ConfigurationEntity = {
  definition: alertEntity,
  collection: 'alertConfigs',
  tag: 'Alerts',
  ...named,
  listFilters: alertListFiltersSchema,
  routes: alertRoutes,
  ...alertAccess,
  visibility: privateToOwner(),
  admitBody: admitAlertBody,
};
