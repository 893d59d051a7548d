import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { campaignPolygonsProjection } from '@nq/projections';
import { campaignConfiguration } from './campaign.entity.ts';

/** Campaigns: measuring periods over an area; every polygon a campaign has had, to place past measurements. */
export const campaignsManifest: FeatureManifest = {
  name: 'campaigns',
  entities: [campaignConfiguration],
  projections: [campaignPolygonsProjection],
};
