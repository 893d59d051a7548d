import {
  assertPolygonWithinLimit,
  campaignFieldsSchema,
  campaignPolygonEvents,
  type MeasuredPolygon,
} from '@nq/contracts';
import { privateToOwner } from '@nq/platform/access/visibility';
import {
  analysisLayers,
  type ConfigurationEntity,
  campaignIds,
  managedOn,
  named,
} from '@nq/platform/entities/configuration-entity';
import { refuseEndBeforeStart, refuseForbiddenName, uniqueName } from '@nq/platform/entities/configuration-rules';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';

export const campaignNameScope = 'campaign-name';

export const campaignEntity = {
  kind: 'campaign',
  eventPrefix: 'Campaign',
  schema: campaignFieldsSchema,
  unique: [uniqueName(campaignNameScope, 'campaigns.nameExists')],
  rules(campaign, context, previous) {
    refuseForbiddenName(campaign, context, 'campaigns.forbiddenName', previous);
    refuseEndBeforeStart(campaign.startDate, campaign.endDate);
    if (campaign.polygon) assertPolygonWithinLimit(campaign.polygon);
  },
  cloneable: true,
  fieldIntents: [
    {
      fields: ['polygon'],
      events: campaignPolygonEvents,
      eventOf: ({ after }) => (after.polygon ? 'PolygonRedrawn' : 'PolygonRemoved'),
      // A polygon may take megabytes: the intent keeps where it is and how large, the changes keep the new one.
      recorded: (polygon) => {
        const { center, size } = polygon as MeasuredPolygon;
        return { center, size };
      },
    },
  ],
} satisfies EntityDefinition<typeof campaignFieldsSchema>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const campaignConfiguration: ConfigurationEntity = {
  definition: campaignEntity,
  collection: 'campaigns',
  tag: 'Campaigns',
  ...named,
  ...managedOn('campaigns_management', [...analysisLayers, 'probes_configuration', 'profiles_management']),
  visibility: privateToOwner({ byProfile: campaignIds }),
};
