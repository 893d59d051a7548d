import { assertPolygonWithinLimit, campaignFieldsSchema } from '@nq/contracts';
import type { EntityDefinition } from '../../platform/entities/entity-definition.ts';
import { refuseEndBeforeStart, refuseForbiddenName, uniqueName } from '../configuration-rules.ts';

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
