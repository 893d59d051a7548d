// Campaigns: the campaign entity and its configuration.

export { campaignConfiguration, campaignEntity, campaignNameScope } from './campaign.entity.ts';
export { campaignsManifest } from './manifest.ts';
