import { polygonHistoryProjection } from '@nq/projections';
import { campaignEntity } from './campaign.entity.ts';

/** Every polygon each campaign has had, for placing a measurement by the polygon in force when it was measured. */
export const campaignPolygonsProjection = polygonHistoryProjection({
  kind: campaignEntity.kind,
  eventPrefix: campaignEntity.eventPrefix,
  collection: 'campaign-polygons',
});
