import { z } from 'zod';
import { boundedText, configurationName, hexColour } from './common.ts';

/**
 * Provider (docs/product/entities.md#provider and rules.md#provider). The name is unique (case-insensitive) and cannot
 * change once created; each IMSI belongs to one provider at most. IP ranges are checked here for their characters
 * only: the services parse them fully (features/providers/ip-ranges.ts) and answer the same code.
 */
export const providerFieldsSchema = z.object({
  name: configurationName,
  label: boundedText(1, 64),
  country: boundedText(2, 64),
  /** MCC + MNC. */
  numeric: z
    .string()
    .trim()
    .regex(/^\d{5,6}$/, 'providers.numericInvalid'),
  /** Service provider name as shown by the SIM (EF_SPN holds at most 16 characters). */
  spn: boundedText(1, 16).optional(),
  /** IMSIs (or IMSI prefixes) of the provider's subscribers, 14 to 15 digits each. */
  imsis: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{14,15}$/, 'providers.imsiInvalid'),
    )
    .default([]),
  /** IPv4 or IPv6 CIDR ranges, or single addresses. */
  ipRanges: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'providers.ipRangeInvalid'),
    )
    .default([]),
  /** The probe used to test the provider: lowercase letters and digits. */
  probeId: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+$/, 'providers.probeIdInvalid')
    .max(64, 'validation.tooLong')
    .optional(),
  colour: hexColour.optional(),
});
export type ProviderFields = z.output<typeof providerFieldsSchema>;
