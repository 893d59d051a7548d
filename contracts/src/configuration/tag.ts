import { z } from 'zod';

/** Tag (docs/product/entities.md#tag): a value (name) and the profiles it is assigned to. */
export const tagFieldsSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
  profiles: z.array(z.string().min(1)).default([]).describe('Ids of the profiles the tag is assigned to'),
});
export type TagFields = z.output<typeof tagFieldsSchema>;
