import { campaignFieldsSchema } from '@nq/contracts/configuration/campaign';
import type { MeasuredPolygon } from '@nq/contracts/configuration/polygon-measures';
import type { DraftModel } from '../../geo-entities/model/draft-model.ts';
import { schemaProblems, withEndNotBeforeStart } from '../../geo-entities/model/form-problems.ts';
import { dayOf, endOfDay, startOfDay } from '../../geo-entities/model/utc-dates.ts';
import type { Campaign } from '../api/campaigns-api.ts';

/** What the campaign form edits: limit dates as UTC days. */
export interface CampaignDraft {
  name: string;
  startDate: string;
  endDate: string;
  special: boolean;
  polygon?: MeasuredPolygon | undefined;
}

export const campaignFormFields = ['name', 'startDate', 'endDate', 'special', 'polygon'] as const;

export const campaignDraft = (campaign?: Campaign): CampaignDraft => ({
  name: campaign?.name ?? '',
  startDate: dayOf(campaign?.startDate),
  endDate: dayOf(campaign?.endDate),
  special: campaign?.special ?? false,
  polygon: campaign?.polygon,
});

/** The API body: dates as the first and last second of their UTC days; the polygon as plain GeoJSON. */
export const campaignBody = (draft: CampaignDraft): Record<string, unknown> => ({
  name: draft.name.trim(),
  startDate: startOfDay(draft.startDate),
  endDate: endOfDay(draft.endDate),
  special: draft.special,
  polygon: draft.polygon ? { type: 'Polygon', coordinates: draft.polygon.coordinates } : undefined,
});

/** The contract's rules, checked before any call: required and well-formed fields, the end not before the start. */
export function campaignProblems(draft: CampaignDraft): Record<string, string> {
  return withEndNotBeforeStart(schemaProblems(campaignFieldsSchema, campaignBody(draft), campaignFormFields), draft);
}

export const campaignDraftModel: DraftModel<Campaign, CampaignDraft> = {
  fields: campaignFormFields,
  draftOf: campaignDraft,
  bodyOf: campaignBody,
  problemsOf: campaignProblems,
};
