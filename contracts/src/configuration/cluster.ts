import { z } from 'zod';
import { boundedText, configurationName, descriptionText, entityIds, hexColour, utcInstant } from './common.ts';
import { dateRangeSchema, probeMembershipSchema } from './date-ranges.ts';
import { imageDataUrlSchema, megabyte } from './images.ts';

/** A cluster image is at most 1 MB (docs/product/limits.md#sizes). */
export const clusterImageMaxBytes = megabyte;

const attribute = boundedText(0, 100).optional();

/**
 * Cluster (docs/product/entities.md#cluster). Probe date ranges must not overlap for the same probe, nor the cluster's
 * own date ranges, and startDate ≤ endDate (the entity's rules); geoFilters are ids of geographic filters that must
 * exist.
 */
export const clusterFieldsSchema = z.object({
  name: configurationName,
  description: descriptionText,
  image: imageDataUrlSchema({ maxBytes: clusterImageMaxBytes, tooLarge: 'clusters.imageTooLarge' }).optional(),
  colour: hexColour.optional(),
  attributes: z
    .object({
      country: attribute,
      provider: attribute,
      technology: attribute,
      speedProfile: attribute,
      region: attribute,
    })
    .default({}),
  probes: z.array(probeMembershipSchema).default([]),
  startDate: utcInstant.optional(),
  endDate: utcInstant.optional(),
  dateRanges: z.array(dateRangeSchema).default([]),
  geoFilters: entityIds.describe('Ids of the geographic filters the cluster uses'),
});
export type ClusterFields = z.output<typeof clusterFieldsSchema>;
