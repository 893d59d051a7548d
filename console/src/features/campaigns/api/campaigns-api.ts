import type { CampaignFields } from '@nq/contracts/configuration/campaign';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import type { MeasuredPolygon } from '@nq/contracts/configuration/polygon-measures';
import type { Entity } from '../../../shared/api/entities.ts';

/** Campaigns (docs/product/api.md#campaigns). */
export const campaignsPath = basePathOf('campaign');

export type Campaign = Entity &
  Omit<CampaignFields, 'polygon'> & {
    polygon?: MeasuredPolygon;
    owner: string;
    updatedAt: string;
  };

export const campaignErrorCodes = {
  fetch: 'campaigns.fetchFailed',
  create: 'campaigns.createFailed',
  update: 'campaigns.updateFailed',
  delete: 'campaigns.deleteFailed',
  clone: 'campaigns.saveFailed',
} as const;

/** What the list and the form of the screen share. */
export const campaignScreen = { namespace: 'campaigns', basePath: campaignsPath, errorCodes: campaignErrorCodes };
