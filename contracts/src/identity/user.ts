import { z } from 'zod';
import { boundedText, entityIds } from '../configuration/common.ts';
import { languages } from '../errors/index.ts';

/** An e-mail address, trimmed and lower-cased so that uniqueness ignores case. */
export const emailAddress = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(254, 'validation.tooLong')
  .toLowerCase()
  .pipe(z.email({ error: 'validation.invalidEmail' }));

/**
 * User (docs/product/entities.md#user): an e-mail (unique), the profiles assigned and, kept by the platform, the last
 * access.
 */
export const userFieldsSchema = z.object({
  email: emailAddress,
  name: boundedText(1, 128).optional(),
  profiles: entityIds.describe('Ids of the profiles the user may work under'),
  preferredLanguage: z.enum(languages, { error: 'validation.invalidOption' }).default('en'),
  lastAccess: z.iso.datetime().optional().describe('Set by the platform at each login'),
  passwordChangedAt: z.iso.datetime().optional().describe('Set by the platform when the password changes'),
});
export type UserFields = z.output<typeof userFieldsSchema>;

export const userProfileActions = ['add', 'remove'] as const;

/** The profiles a user is given or has taken away (`PUT /users/{id}/profiles/{add|remove}`). */
export const userProfileChangeSchema = z.object({
  profileIds: z.array(z.string().min(1).max(64)).min(1, 'validation.required'),
});
