import { z } from 'zod';
import { boundedText, configurationName, descriptionText, hexColour } from './common.ts';
import { probeMembershipSchema } from './date-ranges.ts';
import { imageDataUrlSchema, kilobyte } from './images.ts';

/** A universe logo is at most 500 KB (docs/product/limits.md#sizes). */
export const universeLogoMaxBytes = 500 * kilobyte;

const attribute = boundedText(0, 100).optional();

/**
 * Universe (docs/product/entities.md#universe). Its probes' date ranges (date and hour) must not overlap for the same
 * probe (entity rules).
 */
export const universeFieldsSchema = z.object({
  name: configurationName,
  description: descriptionText,
  colour: hexColour.optional(),
  logo: imageDataUrlSchema({ maxBytes: universeLogoMaxBytes, tooLarge: 'universes.logoTooLarge' }).optional(),
  attributes: z
    .object({ country: attribute, provider: attribute, speed: attribute, technology: attribute, region: attribute })
    .default({}),
  probes: z.array(probeMembershipSchema).default([]),
});
export type UniverseFields = z.output<typeof universeFieldsSchema>;
