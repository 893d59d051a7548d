import { z } from 'zod';
import { configurationName, utcInstant } from './common.ts';
import { measuredPolygonField } from './geojson.ts';

/**
 * Campaign (docs/product/entities.md#campaign). The limit dates are instants in UTC (start ≤ end, checked by the
 * entity's rules). The polygon is stored with its derived `center` and `size` (geojson.ts): clients send only the
 * GeoJSON.
 */
export const campaignFieldsSchema = z.object({
  name: configurationName,
  startDate: utcInstant,
  endDate: utcInstant,
  special: z.boolean({ error: 'validation.invalidOption' }).default(false),
  polygon: measuredPolygonField.optional(),
});
export type CampaignFields = z.output<typeof campaignFieldsSchema>;

/**
 * What an update of a campaign's polygon records, after the `Campaign` prefix: the campaign definition names it, and
 * the polygon history follows it.
 */
export const campaignPolygonEvents = ['PolygonRedrawn', 'PolygonRemoved'] as const;
