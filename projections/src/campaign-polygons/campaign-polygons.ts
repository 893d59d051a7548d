import { type ConfigurationKind, campaignPolygonEvents } from '@nq/contracts';
import { polygonHistoryProjection } from './polygon-history.ts';

const campaignKind: ConfigurationKind = 'campaign';

/** Every polygon each campaign has had, for placing a measurement by the polygon in force when it was measured. */
export const campaignPolygonsProjection = polygonHistoryProjection({
  kind: campaignKind,
  // The campaign definition's prefix (features/campaigns): a test there holds the two together.
  eventPrefix: 'Campaign',
  intentEvents: campaignPolygonEvents,
  collection: 'campaign-polygons',
});
