import { assertPolygonWithinLimit, campaignFieldsSchema } from '@nq/contracts';
import { privateToOwner } from '../../platform/access/visibility.ts';
import {
  analysisLayers,
  type ConfigurationEntity,
  campaignIds,
  managedOn,
  named,
} from '../../platform/entities/configuration-entity.ts';
import { refuseEndBeforeStart, refuseForbiddenName, uniqueName } from '../../platform/entities/configuration-rules.ts';
import type { EntityDefinition } from '../../platform/entities/entity-definition.ts';

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
