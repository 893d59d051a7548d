import { campaignPolygonsProjection } from '@nq/projections';
import type { FeatureManifest } from '../../platform/feature-manifest.ts';
import { campaignConfiguration } from './campaign.entity.ts';

/** Campaigns: measuring periods over an area; every polygon a campaign has had, to place past measurements. */
export const campaignsManifest: FeatureManifest = {
  name: 'campaigns',
  entities: [campaignConfiguration],
  projections: [campaignPolygonsProjection],
};
