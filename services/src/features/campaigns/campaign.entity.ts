import { assertPolygonWithinLimit, campaignFieldsSchema } from '@nq/contracts';
import type { EntityDefinition } from '../../platform/entities/entity-definition.ts';
import { refuseEndBeforeStart, refuseForbiddenName, uniqueName } from '../configuration-rules.ts';

export const campaignEntity = {
  kind: 'campaign',
  eventPrefix: 'Campaign',
  schema: campaignFieldsSchema,
  unique: [uniqueName('campaign-name', 'campaigns.nameExists')],
  rules(campaign, context, previous) {
    refuseForbiddenName(campaign, context, 'campaigns.forbiddenName', previous);
    refuseEndBeforeStart(campaign.startDate, campaign.endDate);
    if (campaign.polygon) assertPolygonWithinLimit(campaign.polygon);
  },
  cloneable: true,
} satisfies EntityDefinition<typeof campaignFieldsSchema>;
